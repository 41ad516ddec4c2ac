import { VIEWS_SEGMENT } from '../../../shared/links/view-link.ts';

/** A view id as the service makes them (a UUID), with room to spare. */
const VIEW_ID = /^[\w-]{1,100}$/;

/** What a view address names: the service (with any prefix it is mounted under) and the view. */
export interface ViewAddress {
  baseUrl: string;
  viewId: string;
}

/** Reads a view address, and only that: http(s), no user, query or fragment, ending in /analysis-views/<view id>; the reason otherwise. */
export function parseViewAddress(text: string): { ok: true; address: ViewAddress } | { ok: false; reason: string } {
  if (text.length > 4000) return { ok: false, reason: 'the view link is longer than 4000 characters' };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: 'the view link is not an address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `a view link is http or https, not ${url.protocol}` };
  if (url.username || url.password || url.search || url.hash) return { ok: false, reason: 'a view link has no user name, query or fragment' };
  const segments = url.pathname.split('/').filter(Boolean);
  const viewId = segments.at(-1) ?? '';
  if (segments.at(-2) !== VIEWS_SEGMENT || !VIEW_ID.test(viewId)) return { ok: false, reason: `a view link ends in /${VIEWS_SEGMENT}/<view id>` };
  const prefix = segments.slice(0, -2).join('/');
  return { ok: true, address: { baseUrl: `${url.origin}${prefix ? `/${prefix}` : ''}`, viewId } };
}
