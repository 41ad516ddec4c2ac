import { useEffect, useRef } from 'react';

/** One feed entry as the bell and the desktop notifications use it. */
export interface FiredAlert {
  notificationId: string;
  title: string;
  message: string;
  experimentKey: string;
  read: boolean;
}

/**
 * The unread entries not shown before, oldest first; the first look (`shown` undefined) shows none, since what fired
 * while the app was closed waits in the bell instead of popping up all at once.
 */
export function freshAlerts(shown: ReadonlySet<string> | undefined, feed: readonly FiredAlert[]): FiredAlert[] {
  if (!shown) return [];
  return feed.filter((item) => !item.read && !shown.has(item.notificationId)).reverse();
}

/**
 * Shows a desktop notification for each alert that fires while the app is open (the Web Notifications API: the
 * browser shell's, and the OS notification in the desktop window); a click opens the run's page.
 */
export function useDesktopNotifications(feed: readonly FiredAlert[] | undefined, openRun: (experimentKey: string) => void): void {
  const shown = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!feed) return;
    const fresh = freshAlerts(shown.current, feed);
    shown.current = new Set([...(shown.current ?? []), ...feed.map((item) => item.notificationId)]);
    if (fresh.length === 0 || typeof Notification === 'undefined') return;
    const show = () => {
      for (const item of fresh) {
        const notification = new Notification(item.title, { body: item.message, tag: item.notificationId });
        notification.onclick = () => {
          window.focus();
          openRun(item.experimentKey);
        };
      }
    };
    if (Notification.permission === 'granted') show();
    else if (Notification.permission === 'default') void Notification.requestPermission().then((answer) => answer === 'granted' && show());
  }, [feed, openRun]);
}
