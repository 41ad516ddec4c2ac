/**
 * The header that carries the browser shell's per-launch token on every call of its page (ipc, events, transfers).
 * Never a cookie: cookies are not scoped by port, so a browser would send one to every server on 127.0.0.1.
 */
export const TOKEN_HEADER = 'x-trackdesk-token';

/** The address parameter that hands the token to the page once (the page then removes it from the address bar). */
export const TOKEN_PARAMETER = 'token';

/** Where the page keeps the token for its tab (sessionStorage), so a reload of the same tab keeps working. */
export const TOKEN_STORAGE_KEY = 'trackdesk.shellToken';
