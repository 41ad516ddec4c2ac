import { resolve } from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { APP_SCHEME, type AppLink } from '../../shared/links/app-link.ts';
import { appLinkInArgv, parseAppLink } from './app-link-parser.ts';

/** Where accepted links (invitations, experiments to open) go once the backend exists. */
export interface AppLinks {
  /** Sends links to `deliver` from now on, the one that came before first. */
  connect(deliver: (link: AppLink) => void): void;
}

/** Brings the window to the front (restored when minimized). */
function bringToFront(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * The `trackdesk://` protocol handler. Registers the app as the scheme's handler, and takes links from macOS (`open-url`),
 * from a second start (its argv, Windows and Linux) and from this start's argv. Each is parsed strictly
 * (app-link-parser.ts): a refused one is logged with its reason (never the link, which holds a token) and dropped. Nothing
 * here navigates, loads or opens anything: an accepted invitation link is only data for the Join dialog, where the user
 * decides, and an experiment address only data the window reads to show that run through a connection to its service. Call with the single-instance lock held and before the app is ready (macOS sends a cold start's `open-url` early).
 */
export function handleAppLinks(window: () => BrowserWindow | undefined): AppLinks {
  let deliver: ((link: AppLink) => void) | undefined;
  let early: AppLink | undefined;
  const receive = (raw: string | undefined, from: string) => {
    if (raw === undefined) return;
    const parsed = parseAppLink(raw);
    if (!parsed.ok) {
      console.warn(`Trackdesk: ignored a ${APP_SCHEME}:// link from ${from}: ${parsed.reason}.`);
      return;
    }
    if (deliver) deliver(parsed.link);
    else early = parsed.link;
  };
  // Started by `electron <entry>` during development, the scheme must name the entry for the OS to start the app with it.
  const registered = process.defaultApp && process.argv[1] ? app.setAsDefaultProtocolClient(APP_SCHEME, process.execPath, [resolve(process.argv[1])]) : app.setAsDefaultProtocolClient(APP_SCHEME);
  if (!registered) console.warn(`Trackdesk: could not register as the handler of ${APP_SCHEME}:// links; invitation links can still be pasted on Connections, and runs opened from the app.`);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    receive(url, 'the system');
    bringToFront(window());
  });
  app.on('second-instance', (_event, argv) => {
    receive(appLinkInArgv(argv), 'a second start');
    bringToFront(window());
  });
  receive(appLinkInArgv(process.argv), 'the command line');
  return {
    connect(next) {
      deliver = next;
      if (early !== undefined) next(early);
      early = undefined;
    },
  };
}
