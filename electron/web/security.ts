import { timingSafeEqual } from 'node:crypto';

export { TOKEN_HEADER } from '../../shared/security/shell-token.ts';

/** The Host values the browser shell answers: its own loopback address only (defeats DNS rebinding). */
function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** True when the request's Host header names this shell. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).has(host.toLowerCase());
}

/** True when the Origin header is absent (same-origin navigation) or names this shell (defeats CSRF). */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/**
 * True when the browser's Sec-Fetch-Site allows the request: the app's calls come from its own page (`same-origin`);
 * its pages may also be opened from the address bar or a bookmark (`none`). Requests from other sites, other ports of
 * 127.0.0.1 included (`same-site`), are refused. Clients that are not browsers send no such header.
 */
export function isAllowedFetchSite(site: string | undefined, kind: 'page' | 'call'): boolean {
  if (site === undefined || site === 'same-origin') return true;
  return kind === 'page' && site === 'none';
}

/** Compares a presented token with the real one in constant time. */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
