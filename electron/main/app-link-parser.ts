import { api, fullPath } from '../../shared/api/index.ts';
import { APP_SCHEME, type AppLink } from '../../shared/links/app-link.ts';
import { parseExperimentLink } from '../backend/src/experiment-links.ts';
import { parseViewAddress } from '../backend/src/view-links.ts';

/** A link the app acts on, or why it ignores it. */
export type ParsedAppLink = { ok: true; link: AppLink } | { ok: false; reason: string };

/** The longest invitation link the app takes (as the Join dialog does). */
const MAX_INVITATION_LINK = 4000;
/** An invitation token as the service makes them (base64url), with room to spare. */
const TOKEN = /^[\w-]{20,200}$/;

/** The `trackdesk://` argument in a command line (how Windows and Linux hand a link to the app), if any. */
export const appLinkInArgv = (argv: readonly string[]): string | undefined =>
  argv.find((argument) => argument.toLowerCase().startsWith(`${APP_SCHEME}:`));

/**
 * An invitation link the service made, and only that: http(s), no user or password in it, the service's invitation path
 * (under whatever prefix the service is mounted), a single `token` and nothing else; the reason otherwise.
 */
export function checkInvitationLink(text: string): { ok: true; href: string } | { ok: false; reason: string } {
  if (text.length > MAX_INVITATION_LINK) return { ok: false, reason: `the invitation link is longer than ${MAX_INVITATION_LINK} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'the invitation link is not an address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `an invitation link is http or https, not ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: 'the invitation link carries a user name or password' };
  if (url.hash) return { ok: false, reason: 'the invitation link has a fragment' };
  if (!url.pathname.endsWith(fullPath(api.invitationDetails))) return { ok: false, reason: `the invitation link's path is not the service's ${fullPath(api.invitationDetails)}` };
  const names = [...url.searchParams.keys()];
  if (names.length !== 1 || names[0] !== 'token' || !TOKEN.test(url.searchParams.get('token') ?? '')) {
    return { ok: false, reason: 'the invitation link should hold one token and nothing else' };
  }
  return { ok: true, href: url.href };
}

/** The routes a `trackdesk://` link may name, each with the one `link` it holds checked (`open` may hold a saved view's address as `view` instead). */
const ROUTES: Record<AppLink['route'], (link: string, field: string) => ParsedAppLink> = {
  join: (link) => {
    const invitation = checkInvitationLink(link);
    return invitation.ok ? { ok: true, link: { route: 'join', invitationLink: invitation.href } } : invitation;
  },
  open: (link, field) => {
    if (field === 'view') {
      const view = parseViewAddress(link);
      return view.ok ? { ok: true, link: { route: 'open', viewLink: link.trim() } } : view;
    }
    const experiment = parseExperimentLink(link);
    return experiment.ok ? { ok: true, link: { route: 'open', experimentLink: link.trim() } } : experiment;
  },
};

/**
 * Parses a `trackdesk://` link strictly: only the known routes, `join` with one `link` that is an invitation link and `open`
 * with one `link` that is an experiment address; no user, port, path or fragment. Whatever else arrives is refused with the
 * reason (for the log), never acted on.
 */
export function parseAppLink(raw: string): ParsedAppLink {
  const refused = (reason: string): ParsedAppLink => ({ ok: false, reason });
  if (raw.length > MAX_INVITATION_LINK * 3 + 100) return refused('the link is too long');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused('not an address');
  }
  if (url.protocol !== `${APP_SCHEME}:`) return refused(`not a ${APP_SCHEME}:// link`);
  if (url.username || url.password || url.port || url.hash) return refused('a user, port or fragment is not part of any Trackdesk link');
  // Some systems hand `trackdesk://join/?link=…` on with a slash before the query.
  const route = url.hostname.toLowerCase();
  if (!Object.hasOwn(ROUTES, route) || (url.pathname !== '' && url.pathname !== '/')) {
    return refused(`unknown route ${url.href.split('?')[0]} (only ${Object.keys(ROUTES).map((name) => `${APP_SCHEME}://${name}`).join(' and ')} are known)`);
  }
  const names = [...url.searchParams.keys()];
  const field = route === 'open' && names.length === 1 && names[0] === 'view' ? 'view' : 'link';
  if (names.length !== 1 || names[0] !== field) return refused(`a ${APP_SCHEME}://${route} link holds one ${route === 'open' ? '"link" or "view"' : '"link"'} and nothing else`);
  return ROUTES[route as AppLink['route']](url.searchParams.get(field) ?? '', field);
}
