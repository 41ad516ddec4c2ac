import { z } from 'zod';
import { issuedKey } from './account.ts';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';

/** A loopback redirect URI of a native app (RFC 8252 §7.3): http on 127.0.0.1 or [::1], any port, a path. */
const loopbackRedirect = z
  .string()
  .max(300)
  .regex(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d{1,5}\/[\w\-/]*$/, 'must be http://127.0.0.1:<port>/<path> (a loopback redirect)')
  .meta({ examples: ['http://127.0.0.1:53682/callback'] });
/** A PKCE code verifier or challenge: 43 to 128 unreserved characters (RFC 7636). */
const pkceText = z.string().min(43).max(128).regex(/^[\w\-.~]{43,128}$/, 'must be 43 to 128 letters, digits or -._~ (RFC 7636)');
const group = 'sign-in';

/** How to sign in to the service (issue 30): which ways it offers, and single sign-on through its OpenID provider. */
export const ssoEndpoints = {
  signInOptions: defineEndpoint({
    id: 'ext.signInOptions',
    summary: 'The ways this service offers to sign in: password, and single sign-on with its OpenID provider (no key needed).',
    group,
    method: 'GET',
    needs: 'none',
    path: 'ext/sign-in/options',
    reply: z.object({
      password: z.boolean().describe('Whether user names and passwords are taken (a break-glass service admin may always use one).'),
      sso: z.object({ issuer: z.string(), displayName: z.string() }).nullable().describe('The OpenID provider, or null without single sign-on.'),
    }),
  }),
  startSsoSignIn: defineEndpoint({
    id: 'ext.ssoStart',
    summary: "Begin a single sign-on: the provider's authorization address for the app's loopback redirect and PKCE challenge (no key needed).",
    group,
    method: 'POST',
    needs: 'none',
    path: 'ext/sign-in/sso/start',
    body: z.object({ redirectUri: loopbackRedirect, codeChallenge: pkceText }),
    reply: z.object({ authorizationUrl: z.string(), state: z.string(), expiresAt: z.number().int() }),
  }),
  finishSsoSignIn: defineEndpoint({
    id: 'ext.ssoFinish',
    summary: "Finish a single sign-on: the service redeems the provider's code, checks the ID token, and answers a new named key for this device.",
    group,
    method: 'POST',
    needs: 'none',
    path: 'ext/sign-in/sso/finish',
    secretReply: true,
    body: z.object({
      callbackUrl: z.string().max(4000).describe('The whole address the provider sent the browser back to (code, state, iss).'),
      codeVerifier: pkceText,
      keyName: nonEmpty(200),
    }),
    reply: issuedKey,
  }),
  recheckSsoUsers: defineEndpoint({
    id: 'ext.ssoRecheck',
    summary: "Ask the provider about single sign-on users now (service admins): roles follow their claims; keys of those it no longer lets in are revoked.",
    group,
    method: 'POST',
    needs: 'service-admin',
    path: 'ext/sign-in/sso/recheck',
    body: z.object({ userName: nonEmpty(200).optional().describe('One user; all single sign-on users when omitted.') }),
    reply: z.object({
      checked: z.array(z.object({ userName: z.string(), outcome: z.enum(['kept', 'shut-out', 'not-rechecked']), detail: z.string() })),
    }),
  }),
};
