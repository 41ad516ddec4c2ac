import { useSyncExternalStore } from 'react';

function topModal(): HTMLElement | null {
  const modals = document.body.querySelectorAll<HTMLElement>(':scope > .MuiModal-root');
  return modals.length > 0 ? (modals[modals.length - 1] ?? null) : null;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

/**
 * The element that stays visible to assistive technology: the topmost open modal (dialog, menu), or null for the
 * page itself. MUI hides everything outside an open modal with aria-hidden, so notifications render into it.
 */
export function useTopLayer(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topModal, () => null);
}
