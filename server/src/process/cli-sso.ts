import { readFileSync } from 'node:fs';
import { isBrowsableSignInPage } from '../../../shared/security/sign-in-page.ts';
import { parseRoleRules, type SsoSettings } from '../accounts/index.ts';

/** The command-line options of single sign-on (each also settable by environment). */
export const SSO_OPTIONS = {
  'oidc-issuer': { type: 'string' },
  'oidc-client-id': { type: 'string' },
  'oidc-name': { type: 'string' },
  'oidc-scopes': { type: 'string' },
  'oidc-role-claim': { type: 'string' },
  'oidc-role-map': { type: 'string' },
  'oidc-recheck-minutes': { type: 'string' },
  'no-password-sign-in': { type: 'boolean', default: false },
} as const;

/** The help lines of the single sign-on options. */
export const SSO_HELP = `  --oidc-issuer <url>        sign people in through this OpenID Connect provider (also TRACKDESK_OIDC_ISSUER);
                             its client secret comes from TRACKDESK_OIDC_CLIENT_SECRET
  --oidc-client-id <id>      the service's client id at the provider (also TRACKDESK_OIDC_CLIENT_ID)
  --oidc-name <name>         what the app's button says: "Sign in with <name>" (default: the issuer's host)
  --oidc-scopes <scopes>     scopes to ask for, space-separated (default "openid email profile"; also TRACKDESK_OIDC_SCOPES)
  --oidc-role-claim <claim>  the claim that lists a person's groups, e.g. groups (also TRACKDESK_OIDC_ROLE_CLAIM)
  --oidc-role-map <file>     JSON list of { "value", "workspace", "role" }: which group gives which role where
                             (also TRACKDESK_OIDC_ROLE_MAP); memberships follow the claim at each sign-in and recheck
  --oidc-recheck-minutes <n> ask the provider about each person again this often; keys of people it no longer lets
                             in are revoked (default 60; 0: only at sign-in and on an admin's request)
  --no-password-sign-in      with single sign-on, take passwords from service admins only (also TRACKDESK_PASSWORD_SIGN_IN=0)
`;

type SsoValues = { [K in keyof typeof SSO_OPTIONS]?: (typeof SSO_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/** Reads the single sign-on settings from the options and the environment; throws a message naming the option at fault. */
export function ssoSettingsFrom(values: SsoValues, env: NodeJS.ProcessEnv): { sso?: SsoSettings; passwordSignIn: boolean } {
  const issuer = values['oidc-issuer'] ?? (env.TRACKDESK_OIDC_ISSUER || undefined);
  const passwordSignIn = !values['no-password-sign-in'] && env.TRACKDESK_PASSWORD_SIGN_IN !== '0';
  if (!issuer) {
    if (!passwordSignIn) throw new Error('--no-password-sign-in needs single sign-on (--oidc-issuer): otherwise only service admins could sign in.');
    return { passwordSignIn };
  }
  if (!isBrowsableSignInPage(issuer)) throw new Error(`--oidc-issuer must be an https:// URL (http only on this host), got "${issuer}".`);
  const clientId = values['oidc-client-id'] ?? (env.TRACKDESK_OIDC_CLIENT_ID || undefined);
  if (!clientId) throw new Error('--oidc-issuer needs --oidc-client-id (or TRACKDESK_OIDC_CLIENT_ID).');
  const mapFile = values['oidc-role-map'] ?? (env.TRACKDESK_OIDC_ROLE_MAP || undefined);
  const recheck = values['oidc-recheck-minutes'] ?? '60';
  if (!/^\d+$/.test(recheck)) throw new Error(`--oidc-recheck-minutes must be a whole number of minutes, got "${recheck}".`);
  const scopes = (values['oidc-scopes'] ?? env.TRACKDESK_OIDC_SCOPES ?? 'openid email profile').split(/\s+/).filter(Boolean);
  return {
    passwordSignIn,
    sso: {
      issuer,
      clientId,
      clientSecret: env.TRACKDESK_OIDC_CLIENT_SECRET || undefined,
      displayName: values['oidc-name'] ?? new URL(issuer).host,
      scopes,
      roleClaim: values['oidc-role-claim'] ?? (env.TRACKDESK_OIDC_ROLE_CLAIM || undefined),
      roleRules: mapFile ? parseRoleRules(readFileSync(mapFile, 'utf8'), `--oidc-role-map ${mapFile}`) : [],
      recheckMinutes: Number(recheck),
    },
  };
}
