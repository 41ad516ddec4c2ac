import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let provider: TestOidcProvider;
let server: TestServer;
/** The app's loopback redirect (nothing needs to listen: the test reads the address the provider sends the browser to). */
const REDIRECT = 'http://127.0.0.1:53682/trackdesk/callback';

beforeAll(async () => {
  provider = await startOidcProvider({
    'sub-rosa': { email: 'rosa@example.com', name: 'Rosa Researcher', preferred_username: 'rosa', groups: ['ml-researchers'] },
    'sub-liam': { email: 'liam@example.com', name: 'Liam Lead', preferred_username: 'liam', groups: ['ml-leads', 'ml-researchers'] },
    'sub-vera': { email: 'vera@example.com', name: 'Vera Viewer', preferred_username: 'vera', groups: ['everyone'] },
  });
  server = await startTestServer({
    sso: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      displayName: 'Example ID',
      scopes: ['openid', 'email', 'profile', 'groups'],
      roleClaim: 'groups',
      roleRules: [
        { value: 'ml-leads', workspace: 'ml-team', role: 'admin' },
        { value: 'ml-researchers', workspace: 'ml-team', role: 'member' },
        { value: 'everyone', workspace: 'ml-team', role: 'viewer' },
      ],
      recheckMinutes: 0,
    },
  });
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await server.close();
  await provider.close();
});

/** Starts a sign-in as the app would (its own PKCE verifier and loopback redirect); answers what finishing needs. */
async function start(): Promise<{ authorizationUrl: string; codeVerifier: string }> {
  const codeVerifier = randomPKCECodeVerifier();
  const started = await server.call('startSsoSignIn', { key: null, body: { redirectUri: REDIRECT, codeChallenge: await calculatePKCECodeChallenge(codeVerifier) } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { authorizationUrl: started.body.authorizationUrl, codeVerifier };
}

const finish = (callbackUrl: URL | string, codeVerifier: string) =>
  server.call('finishSsoSignIn', { key: null, body: { callbackUrl: String(callbackUrl), codeVerifier, keyName: 'laptop (sso)' } });

/** A whole sign-in of `subject` through the provider's pages. */
async function signIn(subject: string) {
  const { authorizationUrl, codeVerifier } = await start();
  return finish(await provider.signInThroughPages(authorizationUrl, subject), codeVerifier);
}

/** The key of the lead the first sign-in makes an admin of ml-team (who reads its members). */
let leadKey = '';
const teamRoles = async () =>
  Object.fromEntries((await server.call('listWorkspaceMembers', { key: leadKey, query: { workspaceName: 'ml-team' } })).body.members.map((member) => [member.userName, member.role]));

describe('single sign-on through an OpenID provider', () => {
  it('says it offers single sign-on and passwords, without a key', async () => {
    const options = await server.call('signInOptions', { key: null });
    expect(options.body).toEqual({ password: true, sso: { issuer: provider.issuer, displayName: 'Example ID' } });
  });

  it('creates the user at the first sign-in, with memberships from the groups claim, and answers a device key', async () => {
    const lead = await signIn('sub-liam');
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    expect(lead.body).toMatchObject({ userName: 'liam', name: 'laptop (sso)', readOnly: false });
    leadKey = lead.body.apiKey;
    expect((await server.call('accountDetails', { key: lead.body.apiKey })).body.userName).toBe('liam');
    const researcher = await signIn('sub-rosa');
    expect(researcher.body.userName).toBe('rosa');
    expect(await teamRoles()).toEqual({ liam: 'admin', rosa: 'member' });
    const { events: entries } = (await server.call('serviceAuditTrail', { query: { action: 'member.added' } })).body;
    expect(entries.filter((entry) => entry.workspaceName === 'ml-team').map((entry) => [entry.actorName, entry.target])).toEqual(
      expect.arrayContaining([['single sign-on', 'rosa']]),
    );
  });

  it("follows a changed claim at the next sign-in, and never maps a person by name", async () => {
    provider.people.set('sub-vera', { ...provider.people.get('sub-vera')!, groups: ['everyone'] });
    expect((await signIn('sub-vera')).body.userName).toBe('vera');
    expect((await teamRoles()).vera).toBe('viewer');
    provider.people.set('sub-vera', { ...provider.people.get('sub-vera')!, groups: ['ml-researchers'] });
    await signIn('sub-vera');
    expect((await teamRoles()).vera).toBe('member');
    provider.people.set('sub-vera', { ...provider.people.get('sub-vera')!, groups: [] });
    await signIn('sub-vera');
    expect((await teamRoles()).vera).toBeUndefined();
    // Another subject claiming the same user name becomes another user.
    provider.people.set('sub-impostor', { email: 'x@example.com', name: 'Not Vera', preferred_username: 'vera', groups: [] });
    expect((await signIn('sub-impostor')).body.userName).toBe('vera-2');
  });

  it('refuses an ID token with a wrong audience, an expired one, a forged signature and a wrong nonce, each saying why', async () => {
    const expected = {
      'wrong-audience': /failed a check, so the sign-in is refused: unexpected JWT "aud" \(audience\) claim value\.$/,
      expired: /failed a check, so the sign-in is refused: unexpected JWT "exp" \(expiration time\) claim value, expiration is past current timestamp\.$/,
      'forged-signature': /failed a check, so the sign-in is refused: JWT signature verification failed\.$/,
      'wrong-nonce': /failed a check, so the sign-in is refused: unexpected ID Token "nonce" claim value\.$/,
    } as const;
    for (const [tamper, message] of Object.entries(expected)) {
      provider.tamper = tamper as keyof typeof expected;
      try {
        const refused = await signIn('sub-rosa');
        expect(refused.status, `${tamper}: ${JSON.stringify(refused.body)}`).toBe(401);
        expect(refused.body).toMatchObject({ code: 401, sdk_error_code: 40100, msg: expect.stringMatching(message) });
      } finally {
        provider.tamper = 'none';
      }
    }
  });

  it('refuses a replayed answer, a bad state, a wrong PKCE verifier and a refused sign-in with clear messages', async () => {
    const { authorizationUrl, codeVerifier } = await start();
    const callback = await provider.signInThroughPages(authorizationUrl, 'sub-rosa');
    expect((await finish(callback, codeVerifier)).status).toBe(200);
    const replayed = await finish(callback, codeVerifier);
    expect(replayed.body).toEqual({ code: 400, sdk_error_code: 40000, msg: 'This sign-in is unknown, already finished, or older than 10 minutes: start it again.' });

    const forged = new URL(callback);
    forged.searchParams.set('state', 'a-state-this-service-never-made');
    expect((await finish(forged, codeVerifier)).status).toBe(400);

    const second = await start();
    const wrongVerifier = await finish(await provider.signInThroughPages(second.authorizationUrl, 'sub-rosa'), randomPKCECodeVerifier());
    expect(wrongVerifier.body).toMatchObject({ code: 401, msg: expect.stringMatching(/^The identity provider refused the sign-in \(invalid_grant/) });

    const third = await start();
    const aborted = await finish(await provider.signInThroughPages(third.authorizationUrl, 'sub-rosa', 'abort'), third.codeVerifier);
    expect(aborted.body).toMatchObject({ code: 401, msg: expect.stringMatching(/^The identity provider refused the sign-in \(access_denied/) });
  });

  it('rechecks people with the provider: roles follow the claim, and a person it no longer lets in loses every key at once', async () => {
    const rosa = (await signIn('sub-rosa')).body.apiKey;
    provider.people.set('sub-liam', { ...provider.people.get('sub-liam')!, groups: ['ml-leads'] });
    provider.people.delete('sub-rosa');
    const { checked } = (await server.call('recheckSsoUsers', { body: {} })).body;
    expect(Object.fromEntries(checked.map((each) => [each.userName, each.outcome]))).toMatchObject({ liam: 'kept', rosa: 'shut-out' });
    expect((await server.call('accountDetails', { key: rosa })).status).toBe(401);
    const ended = (await server.call('serviceAuditTrail', { query: { action: 'sso.accessEnded' } })).body.events;
    expect(ended).toEqual([expect.objectContaining({ actorName: 'single sign-on', target: 'rosa' })]);
    expect((await server.call('recheckSsoUsers', { key: rosa, body: {} })).status).toBe(401);
  });

  it('refuses a user a service admin disabled, even when the provider lets them in', async () => {
    expect((await server.call('updateUser', { body: { userName: 'liam', disabled: true } })).status).toBe(200);
    const refused = await signIn('sub-liam');
    expect(refused.body).toEqual({ code: 403, sdk_error_code: 90210, msg: 'User "liam" is disabled: ask a service admin.' });
  });
  it('keeps working when the provider rotates its signing keys (its key set is re-read a minute after the last read)', async () => {
    provider.people.set('sub-rosa', { email: 'rosa@example.com', name: 'Rosa Researcher', preferred_username: 'rosa', groups: [] });
    await provider.rotateKeys();
    const early = await signIn('sub-rosa');
    expect(early.body.msg).toBe("The identity provider's answer failed a check, so the sign-in is refused: error when selecting a JWT verification key, no applicable keys found.");
    // A minute on (only the clock is faked; the provider runs in this process and moves with it), the new key is read.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const signedIn = await signIn('sub-rosa');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});

describe('password sign-in off', () => {
  let locked: TestServer;
  beforeAll(async () => {
    locked = await startTestServer({
      passwordSignIn: false,
      allowSignUp: true,
      sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, displayName: 'Example ID', scopes: ['openid'], roleRules: [], recheckMinutes: 0 },
    });
  }, 60_000);
  afterAll(() => locked.close());

  it('refuses passwords but a service admin\'s, and says to use the provider', async () => {
    expect((await locked.call('createUser', { body: { userName: 'pat', password: 'pat-long-password' } })).status).toBe(200);
    expect((await locked.call('createUser', { body: { userName: 'root2', password: 'root2-long-password', isServiceAdmin: true } })).status).toBe(200);
    const refused = await locked.call('signIn', { key: null, body: { userName: 'pat', password: 'pat-long-password', keyName: 'x' } });
    expect(refused.body).toEqual({ code: 403, sdk_error_code: 90210, msg: 'Password sign-in is off on this service: sign in with Example ID.' });
    expect((await locked.call('signIn', { key: null, body: { userName: 'pat', password: 'a-wrong-password', keyName: 'x' } })).status).toBe(401);
    expect((await locked.call('signIn', { key: null, body: { userName: 'root2', password: 'root2-long-password', keyName: 'x' } })).status).toBe(200);
    expect((await locked.call('signInOptions', { key: null })).body).toMatchObject({ password: false });
  });
});

describe('without single sign-on', () => {
  it('says so, and refuses to start one with a clear message', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.call('signInOptions', { key: null })).body).toEqual({ password: true, sso: null });
      const refused = await plain.call('startSsoSignIn', { key: null, body: { redirectUri: REDIRECT, codeChallenge: 'a'.repeat(43) } });
      expect(refused.body).toEqual({ code: 404, sdk_error_code: 40400, msg: 'This service has no single sign-on: sign in with a user name and password, or ask its admin.' });
    } finally {
      await plain.close();
    }
  });
});
