import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../server/test/support/oidc-provider.ts';
import type { Backend } from '../src/backend.ts';
import { call, callError, startBackend } from './helpers.ts';

let provider: TestOidcProvider;
let service: TestServer;
let plain: TestServer;
let backend: Backend;
/** What the backend asked the system browser to open (the stand-in for the OS: Electron cannot run here). */
const opened: string[] = [];

beforeAll(async () => {
  provider = await startOidcProvider({ 'sub-rosa': { email: 'rosa@example.com', name: 'Rosa', preferred_username: 'rosa', groups: [] } });
  service = await startTestServer({
    sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, displayName: 'Example ID', scopes: ['openid', 'profile'], roleRules: [], recheckMinutes: 0 },
  });
  plain = await startTestServer();
  backend = await startBackend({ spawnService: undefined, openExternal: async (url) => void opened.push(url) });
}, 60_000);
afterAll(async () => {
  await service.close();
  await plain.close();
  await provider.close();
});

/** Plays the system browser: the provider's pages, then the return to the app's loopback; answers the page it shows. */
async function browse(authorizationUrl: string, choice: 'continue' | 'abort' = 'continue'): Promise<string> {
  const back = await provider.signInThroughPages(authorizationUrl, 'sub-rosa', choice);
  expect(back.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return (await fetch(back)).text();
}

describe('signing in through the service\'s identity provider (the backend\'s loopback, RFC 8252)', () => {
  it('says which services offer it', async () => {
    expect(await call(backend, 'signIn.options', { baseUrl: service.url })).toEqual({ password: true, provider: 'Example ID' });
    expect(await call(backend, 'signIn.options', { baseUrl: plain.url })).toEqual({ password: true, provider: null });
    expect(await callError(backend, 'signIn.startWithProvider', { name: 'Plain', baseUrl: plain.url })).toMatchObject({ code: 'unsupported' });
  });

  it('opens the provider in the system browser and adds the connection with its device key once the browser comes back', async () => {
    const started = await call(backend, 'signIn.startWithProvider', { name: 'Team', baseUrl: service.url });
    expect(started).toMatchObject({ provider: 'Example ID', openedInBrowser: true });
    expect(opened.at(-1)).toBe(started.authorizationUrl);
    const finished = call(backend, 'signIn.finishWithProvider', { attemptId: started.attemptId });
    expect(await browse(started.authorizationUrl)).toContain('You are signed in as rosa on &#34;Team&#34;. You can close this tab');
    const { profile, userName } = await finished;
    expect({ userName, name: profile.name, keyStorage: profile.keyStorage }).toEqual({ userName: 'rosa', name: 'Team', keyStorage: 'keychain' });
    expect(await call(backend, 'profiles.test', { id: profile.id })).toMatchObject({ ok: true, userName: 'rosa' });
    const me = await call(backend, 'api.call', { endpoint: 'whoAmI', profileId: profile.id });
    expect(me).toMatchObject({ key: { name: `Trackdesk on ${hostname()} via Example ID` } });
    expect(await callError(backend, 'signIn.finishWithProvider', { attemptId: started.attemptId })).toMatchObject({ code: 'not_found' });
  });

  it('says so in the app and in the browser when the provider refuses', async () => {
    const started = await call(backend, 'signIn.startWithProvider', { name: 'Refused', baseUrl: service.url });
    const finished = callError(backend, 'signIn.finishWithProvider', { attemptId: started.attemptId });
    expect(await browse(started.authorizationUrl, 'abort')).toContain('The identity provider refused the sign-in (access_denied');
    expect(await finished).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('refused the sign-in (access_denied') });
    expect((await call(backend, 'profiles.list', {})).profiles.map((each) => each.name)).not.toContain('Refused');
  });

  it('gives up when nobody finishes in time, and says so', async () => {
    const impatient = await startBackend({ spawnService: undefined, openExternal: async () => undefined, providerSignInTimeoutMs: 300 });
    const started = await call(impatient, 'signIn.startWithProvider', { name: 'Slow', baseUrl: service.url });
    const error = await callError(impatient, 'signIn.finishWithProvider', { attemptId: started.attemptId });
    expect(error).toMatchObject({ code: 'timeout', message: 'Nobody finished signing in with Example ID within 1 second: start again.' });
  });

  it('cancels: the wait ends at once and the loopback no longer answers', async () => {
    const started = await call(backend, 'signIn.startWithProvider', { name: 'Cancelled', baseUrl: service.url });
    const finished = callError(backend, 'signIn.finishWithProvider', { attemptId: started.attemptId });
    const back = await provider.signInThroughPages(started.authorizationUrl, 'sub-rosa');
    expect(await call(backend, 'signIn.cancelWithProvider', { attemptId: started.attemptId })).toEqual({ cancelled: true });
    expect(await finished).toMatchObject({ code: 'cancelled', message: 'Sign-in cancelled.' });
    await expect(fetch(back)).rejects.toThrow();
  });
});
