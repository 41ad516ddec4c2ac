/**
 * The desktop window's security policy as small pure functions: every navigation, window, permission, external link,
 * request and ipc sender is denied unless an allow-list below names it (each entry says why). Electron calls these from
 * main; they import nothing from electron so Node tests can check them.
 */
import { extname, relative, resolve, sep } from 'node:path';

/** The custom scheme the renderer is served from (not file://, which would grant the page the whole disk's origin). */
export const APP_SCHEME = 'app';
/** The single host of that scheme. */
const APP_HOST = 'trackdesk';
/** The renderer's origin. */
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window opens. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True for a URL of the app's own origin. */
function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== undefined && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** Navigation is allowed only within the app's own origin (a reload or a client-side route); never to the web. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

/** Hosts whose https pages may be opened in the system browser from the app. */
const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set([
  // The hosted tracking service's site: documentation and account pages (API keys are created there).
  'www.comet.com',
  // Trackdesk's source, issues and releases.
  'github.com',
]);

/**
 * External links open in the system browser only when https and on an allow-listed host, or on the host of a
 * connection profile the user configured (e.g. "open this experiment in the service's web UI").
 */
export function isAllowedExternalLink(url: string, profileHosts: ReadonlySet<string> = new Set()): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return EXTERNAL_LINK_HOSTS.has(host) || profileHosts.has(host);
}

/** Permissions the app's own pages may get without asking. */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set([
  // "Copy experiment key" and similar buttons write plain text to the clipboard; reading it is not granted.
  'clipboard-sanitized-write',
  // Run alerts (issue 45): the OS notification of an alert that fires while the window is open.
  'notifications',
]);

/** Every permission request (camera, geolocation, ...) is denied unless listed above and made by the app's own page. */
export function isAllowedPermission(permission: string, requestingUrl: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

/** Requests the renderer may make: its own origin, plus inline data/blob previews it built itself; devtools in development. */
export function isAllowedRequest(url: string): boolean {
  if (isAppUrl(url)) return true;
  const protocol = parse(url)?.protocol;
  return protocol === 'data:' || protocol === 'blob:' || protocol === 'devtools:';
}

/** The frame that sent an ipc call, as Electron describes it. */
interface SenderFrame {
  url: string;
  /** True when the frame is the window's top frame (not an iframe). */
  isMainFrame: boolean;
  /** True when the call came from the app's own window (its webContents). */
  isAppWindow: boolean;
}

/** An ipc call is answered only when it comes from the top frame of the app's window showing the app's origin. */
export function isTrustedSender(frame: SenderFrame | undefined): boolean {
  return frame !== undefined && frame.isAppWindow && frame.isMainFrame && isAppUrl(frame.url);
}

/** The file of the built renderer an app:// URL names; undefined for other hosts or paths escaping the directory. */
export function resolveAppFile(rendererDir: string, url: string): string | undefined {
  const parsed = parse(url);
  if (!parsed || !isAppUrl(url)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || inside.startsWith(sep) || resolve(root, inside) !== file) return undefined;
  return file;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The content type the app protocol sends for a renderer file. */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}
