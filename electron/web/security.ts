import { timingSafeEqual } from 'node:crypto';

/** The cookie that carries the per-launch token after the first visit. */
export const TOKEN_COOKIE = 'trackdesk_token';
/** The header that may carry the token instead of the cookie. */
export const TOKEN_HEADER = 'x-trackdesk-token';

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

/** Compares a presented token with the real one in constant time. */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the token cookie out of a Cookie header. */
export function tokenFromCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return rest.join('=');
  }
  return undefined;
}
