import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

/** A person the test provider knows: the claims it releases about them. */
export interface TestIdentity {
  email: string;
  name: string;
  preferred_username: string;
  groups: string[];
}

/** How the provider's token endpoint spoils the ID token it answers (each one a check the service must make). */
export type IdTokenTamper = 'none' | 'wrong-audience' | 'expired' | 'forged-signature' | 'wrong-nonce';

/** A real OpenID provider (the certified `oidc-provider`) on 127.0.0.1, with test people and a `groups` claim. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who may sign in, by subject: change one's groups, or delete one to shut them out. */
  people: Map<string, TestIdentity>;
  /** What the next token replies do to their ID token. */
  tamper: IdTokenTamper;
  /** Signs with a new key from now on (the old one leaves the key set), as a provider rotating its keys does. */
  rotateKeys(): Promise<void>;
  /**
   * Goes through the provider's own sign-in and consent pages for `subject` (as a browser would, cookies and all) and
   * answers the address the provider sends the browser back to: the redirect URI with the code and state, or an error.
   */
  signInThroughPages(authorizationUrl: string, subject: string, choice?: 'continue' | 'abort'): Promise<URL>;
  close(): Promise<void>;
}

/** A private key the provider signs with. */
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const CLIENT_ID = 'trackdesk-service';
const CLIENT_SECRET = 'trackdesk-test-client-secret';

async function signingKey(): Promise<{ jwk: JWK; privateKey: PrivateKey }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `key-${Date.now()}-${Math.random().toString(36).slice(2)}`, alg: 'RS256', use: 'sig' };
  return { jwk, privateKey };
}

/** Re-signs the ID token of a token reply as `tamper` says: with the provider's own key, or a stranger's under its key id. */
async function spoil(idToken: string, tamper: IdTokenTamper, key: { jwk: JWK; privateKey: PrivateKey }): Promise<string> {
  const claims = decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  const changed =
    tamper === 'wrong-audience' ? { ...claims, aud: 'another-application' }
    : tamper === 'expired' ? { ...claims, iat: now - 7200, exp: now - 3600 }
    : tamper === 'wrong-nonce' ? { ...claims, nonce: 'a-nonce-of-another-sign-in' }
    : claims;
  const signer = tamper === 'forged-signature' ? (await signingKey()).privateKey : key.privateKey;
  return new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid }).sign(signer);
}

function configuration(people: Map<string, TestIdentity>, jwk: JWK, adapter: AdapterFactory): Configuration {
  return {
    adapter,
    clients: [{
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/trackdesk/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    jwks: { keys: [jwk] },
    cookies: { keys: ['trackdesk-test-provider-cookies'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], groups: ['groups'] },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person && { accountId: sub, claims: () => ({ sub, email_verified: true, ...person }) };
    },
  };
}

/** Starts the test provider on a free port of 127.0.0.1. */
export async function startOidcProvider(people: Record<string, TestIdentity>): Promise<TestOidcProvider> {
  const known = new Map(Object.entries(people));
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let key = await signingKey();
  let provider: Provider;
  const state = { tamper: 'none' as IdTokenTamper };
  // One store for every Provider built here: grants and refresh tokens outlive a key rotation, as at a real provider.
  const adapter = createMemoryAdapter();
  const build = () => {
    const built = new Provider(issuer, configuration(known, key.jwk, adapter));
    built.use(async (ctx: KoaContextWithOIDC, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.oidc?.route === 'token' && body?.id_token && state.tamper !== 'none') ctx.body = { ...body, id_token: await spoil(body.id_token, state.tamper, key) };
    });
    return built;
  };
  provider = build();
  http.on('request', (request, response) => {
    Promise.resolve(provider.callback()(request, response)).catch((error: unknown) => response.destroy(error as Error));
  });
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    people: known,
    get tamper() {
      return state.tamper;
    },
    set tamper(value) {
      state.tamper = value;
    },
    async rotateKeys() {
      key = await signingKey();
      provider = build();
    },
    signInThroughPages: (authorizationUrl, subject, choice = 'continue') => walkPages(issuer, authorizationUrl, subject, choice),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

/** Follows the provider's redirects and answers its login and consent forms until it sends the browser elsewhere. */
async function walkPages(issuer: string, authorizationUrl: string, subject: string, choice: 'continue' | 'abort'): Promise<URL> {
  const cookies = new Map<string, string>();
  let next: { url: URL; form?: Record<string, string> } = { url: new URL(authorizationUrl) };
  for (let step = 0; step < 12; step += 1) {
    if (next.url.origin !== issuer) return next.url;
    const response = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form && new URLSearchParams(next.form),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      next = { url: new URL(location, next.url) };
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`The provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
    if (choice === 'abort') {
      next = { url: new URL(`${next.url.pathname}/abort`, next.url) };
      continue;
    }
    next = { url: next.url, form: prompt === 'login' ? { prompt, login: subject } : { prompt } };
  }
  throw new Error('The provider kept redirecting: gave up after 12 steps.');
}
