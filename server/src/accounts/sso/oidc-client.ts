import * as oidc from 'openid-client';
import { SdkError } from '../../../../shared/api/index.ts';
import { isBrowsableSignInPage } from '../../../../shared/security/sign-in-page.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SsoSettings } from './sso-settings.ts';

/** What the provider says of a person: the ID token's claims, with the userinfo's where the token leaves them out. */
export type PersonClaims = Record<string, unknown> & { sub: string };

/** The provider's answer to a sign-in or a recheck. */
export interface ProviderAnswer {
  claims: PersonClaims;
  /** A refresh token to recheck with later, when the provider gives one. */
  refreshToken?: string;
}

/** The service's side of OpenID Connect (openid-client): discovery, the authorization address, code redemption, rechecks. */
export interface OidcClient {
  authorizationUrl(request: { redirectUri: string; codeChallenge: string; state: string; nonce: string }): Promise<string>;
  /** Redeems the code of the provider's answer, checking state, PKCE, issuer, audience, expiry, nonce and signature. */
  redeem(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderAnswer>;
  /** Asks the provider about a person (`subject`) again with their refresh token; 'refused' when it no longer lets them in. */
  recheck(refreshToken: string, subject: string): Promise<ProviderAnswer | 'refused'>;
}

/** 503 when the provider cannot be reached or answers nonsense: the sign-in may work again later. */
const unreachable = (issuer: string, error: unknown) =>
  new ApiError(503, SdkError.internal, `The identity provider at ${issuer} cannot be reached (${innermostMessage(error)}): try again, or ask the service's admin.`);

/** The most specific message of an error: openid-client wraps the check that failed (e.g. 'unexpected JWT "aud" (audience) claim value'). */
function innermostMessage(error: unknown): string {
  let deepest = error as Error;
  while (deepest.cause instanceof Error) deepest = deepest.cause;
  return deepest.message;
}

/** 401 with what the provider refused or which check its answer failed. */
export function refusedSignIn(error: unknown): ApiError {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    const described = error.error_description ? `: ${error.error_description}` : '';
    return new ApiError(401, SdkError.signInRefused, `The identity provider refused the sign-in (${error.error}${described}).`);
  }
  return new ApiError(401, SdkError.signInRefused, `The identity provider's answer failed a check, so the sign-in is refused: ${innermostMessage(error)}.`);
}

/** Whether an error came from talking to the provider (network, TLS, its discovery) rather than from its answer. */
const isTransportError = (error: unknown) =>
  error instanceof TypeError || ['OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_TIMEOUT'].includes((error as { code?: string }).code ?? '');

/** Creates the client; the provider's discovery document is read at first use and kept (its keys are re-read when they rotate). */
export function createOidcClient(settings: SsoSettings): OidcClient {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(), {
        // http only to a provider on this host (the tests' or a developer's): the same rule as the CLI's and the app's.
        execute: issuer.protocol === 'http:' && isBrowsableSignInPage(settings.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .then((config) => {
        // Without it, an ID token from the token endpoint is trusted for the TLS it came over (OIDC Core 3.1.3.7):
        // the service checks its signature with the provider's keys, re-read when the provider rotates them.
        oidc.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw unreachable(settings.issuer, error);
      });
    return discovered;
  };
  /** Adds the userinfo claims the ID token left out (providers put `groups` in either); a refresh may bring no ID token. */
  const withUserInfo = async (config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, subject?: string): Promise<PersonClaims> => {
    const idClaims = tokens.claims() ?? (subject === undefined ? undefined : { sub: subject });
    if (!idClaims) throw new ApiError(401, SdkError.signInRefused, 'The identity provider answered without an ID token: is the "openid" scope allowed for this client?');
    if (!config.serverMetadata().userinfo_endpoint) return idClaims as PersonClaims;
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { ...info, ...idClaims } as PersonClaims;
  };
  return {
    async authorizationUrl({ redirectUri, codeChallenge, state, nonce }) {
      const config = await configuration();
      const offline = config.serverMetadata().scopes_supported?.includes('offline_access') === true;
      const scope = [...new Set(['openid', ...settings.scopes, ...(offline ? ['offline_access'] : [])])].join(' ');
      const parameters: Record<string, string> = { redirect_uri: redirectUri, scope, state, nonce, code_challenge: codeChallenge, code_challenge_method: 'S256' };
      if (offline) parameters.prompt = 'consent';
      return oidc.buildAuthorizationUrl(config, parameters).href;
    },
    async redeem(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { expectedState: state, expectedNonce: nonce, pkceCodeVerifier: codeVerifier, idTokenExpected: true });
        return { claims: await withUserInfo(config, tokens), refreshToken: tokens.refresh_token };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw isTransportError(error) ? unreachable(settings.issuer, error) : refusedSignIn(error);
      }
    },
    async recheck(refreshToken, subject) {
      const config = await configuration();
      try {
        const tokens = await oidc.refreshTokenGrant(config, refreshToken);
        return { claims: await withUserInfo(config, tokens, subject), refreshToken: tokens.refresh_token };
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') return 'refused';
        throw isTransportError(error) ? unreachable(settings.issuer, error) : refusedSignIn(error);
      }
    },
  };
}
