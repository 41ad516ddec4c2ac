/** The scheme and authority of an http(s) address (no URL class here: shared code runs without DOM or Node types). */
const HTTP_ADDRESS = /^(https?):\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;

/**
 * Whether an address may serve as a service's identity provider page: https (or http on this host, a developer's or
 * the tests' provider), with no user name or password in it. The service checks its issuer with it; the backend checks
 * a page before asking to open it, and the main process again before it opens anything.
 */
export function isBrowsableSignInPage(address: string): boolean {
  const match = HTTP_ADDRESS.exec(address);
  if (!match) return false;
  const [, scheme = '', authority = ''] = match;
  if (authority.includes('@')) return false;
  return scheme.toLowerCase() === 'https' || LOOPBACK_HOST.test(authority);
}
