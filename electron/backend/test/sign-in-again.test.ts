import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../server/test/support/oidc-provider.ts';
import { createBackend } from '../src/backend.ts';
import { call, callError, startBackend } from './helpers.ts';

let provider: TestOidcProvider;
let service: TestServer;
const SAM_PASSWORD = 'sam-password-123';

beforeAll(async () => {
  provider = await startOidcProvider({ 'sub-rosa': { email: 'rosa@example.com', name: 'Rosa', preferred_username: 'rosa', groups: [] } });
  service = await startTestServer({
    sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, displayName: 'Example ID', scopes: ['openid', 'profile'], roleRules: [], recheckMinutes: 0 },
  });
  expect((await service.call('createUser', { body: { userName: 'sam', password: SAM_PASSWORD } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await service.close();
  await provider.close();
});

const remoteRows = async (backend: ReturnType<typeof createBackend>) =>
  (await call(backend, 'profiles.list', {})).profiles.filter((profile) => profile.kind === 'remote').map(({ id, name, keyStorage }) => ({ id, name, keyStorage }));

describe('signing in again to a connection whose key is gone', () => {
  it('with a password: keeps its row (same name, any case, same service) and refuses a name another service has', async () => {
    const before = await startBackend({ spawnService: undefined });
    const signIn = { baseUrl: service.url, userName: 'sam', password: SAM_PASSWORD, keyStorage: 'session' as const };
    const { profile } = await call(before, 'profiles.signIn', { ...signIn, name: 'Team' });
    const me = await call(before, 'api.call', { endpoint: 'whoAmI', profileId: profile.id });
    expect(me).toMatchObject({ key: { name: `Trackdesk on ${hostname()} for sam` } });
    // A restart without a keychain: the session-only key is gone, the connection stays.
    const after = createBackend({ userDataDir: before.userDataDir });
    expect(await remoteRows(after)).toEqual([{ id: profile.id, name: 'Team', keyStorage: 'missing' }]);
    const use = await callError(after, 'api.call', { endpoint: 'accountDetails', profileId: profile.id });
    expect(use.message).toContain('Use "Sign in again" on its row of the Connections screen');

    const again = await call(after, 'profiles.signIn', { ...signIn, name: ' team ', baseUrl: `${service.url}/api/rest/v2/` });
    expect(again.profile).toMatchObject({ id: profile.id, name: 'Team', keyStorage: 'session' });
    expect(await remoteRows(after)).toEqual([{ id: profile.id, name: 'Team', keyStorage: 'session' }]);
    expect(await call(after, 'api.call', { endpoint: 'accountDetails', profileId: profile.id })).toMatchObject({ userName: 'sam' });

    const elsewhere = await callError(after, 'profiles.signIn', { ...signIn, name: 'Team', baseUrl: 'http://127.0.0.1:9' });
    expect(elsewhere).toMatchObject({
      code: 'invalid_input',
      message: `A connection named "Team" already exists for ${service.url}: choose another name, or change that connection's address on the Connections screen.`,
    });
    expect(await remoteRows(after)).toHaveLength(1);
  });

  it('with the identity provider: keeps its row too', async () => {
    const backend = await startBackend({ spawnService: undefined, openExternal: async () => undefined });
    const signInWithProvider = async () => {
      const started = await call(backend, 'signIn.startWithProvider', { name: 'Team', baseUrl: service.url, keyStorage: 'session' });
      const finished = call(backend, 'signIn.finishWithProvider', { attemptId: started.attemptId });
      await fetch(await provider.signInThroughPages(started.authorizationUrl, 'sub-rosa'));
      return (await finished).profile;
    };
    const first = await signInWithProvider();
    await call(backend, 'profiles.signOut', { id: first.id });
    expect(await remoteRows(backend)).toEqual([{ id: first.id, name: 'Team', keyStorage: 'missing' }]);
    expect((await signInWithProvider()).id).toBe(first.id);
    expect(await remoteRows(backend)).toEqual([{ id: first.id, name: 'Team', keyStorage: 'session' }]);
    expect(await callError(backend, 'signIn.startWithProvider', { name: 'TEAM', baseUrl: 'http://127.0.0.1:9' })).toMatchObject({ code: 'invalid_input' });
  });
});
