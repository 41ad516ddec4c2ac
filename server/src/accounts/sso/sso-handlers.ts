import { randomNonce, randomState } from 'openid-client';
import { badRequest, notFound } from '../../http/api-error.ts';
import type { HandlerTable } from '../../http/handler.ts';
import { issueDeviceKey } from '../device-keys.ts';
import type { AccountServices } from '../services.ts';
import { recheckPeople } from './sso-recheck.ts';
import { applyRoleClaim, userOfPerson } from './sso-people.ts';
import type { SsoServices } from './sso-services.ts';

/** How long a sign-in may take between its start and its finish (ms). */
const SIGN_IN_MS = 10 * 60_000;

const noSso = () => notFound('This service has no single sign-on: sign in with a user name and password, or ask its admin.');
const unknownSignIn = () => badRequest('This sign-in is unknown, already finished, or older than 10 minutes: start it again.');

/** Reads the provider's answer the app brings back: a URL with a state, else 400. */
function callbackOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('callbackUrl must be the whole address the provider sent the browser back to.');
  }
  if (!url.searchParams.get('state')) throw badRequest('callbackUrl has no state: it is not an answer of the identity provider.');
  return url;
}

/** Handlers of the sign-in options and of single sign-on through the service's OpenID provider (issue 30). */
export function createSsoHandlers(services: AccountServices): HandlerTable {
  const enabled = (): SsoServices => {
    if (!services.sso) throw noSso();
    return services.sso;
  };
  return {
    signInOptions: () => ({
      password: services.config.passwordSignIn,
      sso: services.sso ? { issuer: services.sso.settings.issuer, displayName: services.sso.settings.displayName } : null,
    }),
    startSsoSignIn: async ({ body }) => {
      const sso = enabled();
      const now = services.now();
      const state = randomState();
      const nonce = randomNonce();
      const authorizationUrl = await sso.client.authorizationUrl({ redirectUri: body.redirectUri, codeChallenge: body.codeChallenge, state, nonce });
      await sso.store.begin({ state, nonce, redirectUri: body.redirectUri, createdAt: now });
      return { authorizationUrl, state, expiresAt: now + SIGN_IN_MS };
    },
    finishSsoSignIn: async ({ body, request }) => {
      const sso = enabled();
      const callback = callbackOf(body.callbackUrl);
      const pending = await sso.store.take(callback.searchParams.get('state') ?? '', services.now() - SIGN_IN_MS);
      if (!pending) throw unknownSignIn();
      if (`${callback.origin}${callback.pathname}` !== pending.redirectUri) throw badRequest(`The answer came back to ${callback.origin}${callback.pathname}, not to the address this sign-in began with.`);
      let answer;
      try {
        answer = await sso.client.redeem(callback, { state: pending.state, nonce: pending.nonce, codeVerifier: body.codeVerifier });
      } catch (error) {
        const failure = { workspaceId: null, action: 'signIn.failed', target: 'single sign-on', after: { address: request.ip, reason: (error as Error).message } } as const;
        await services.audit.record({ userId: null, userName: 'anonymous' }, failure, services.now());
        throw error;
      }
      return services.sql.transaction(async () => {
        const user = await userOfPerson(services, sso, answer);
        await applyRoleClaim(services, sso, user, answer.claims);
        return issueDeviceKey(services, user, { name: body.keyName, readOnly: false }, { userId: user.id, userName: user.name });
      });
    },
    recheckSsoUsers: async ({ body }) => ({ checked: await recheckPeople(services, enabled(), body.userName) }),
  };
}
