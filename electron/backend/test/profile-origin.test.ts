import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { call, fakeServer, tempDir } from './helpers.ts';

const oldKey = 'old-origin-key-0123456789-abcdef';
const newKey = 'new-origin-key-0123456789-abcdef';

/** A listener that records the Authorization header of every request and answers like a service that refuses it. */
async function recordingService(): Promise<{ url: string; keysSeen: string[] }> {
  const keysSeen: string[] = [];
  const server = await fakeServer((request, response) => {
    keysSeen.push(request.headers.authorization ?? '');
    response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: 'Unknown API key.', code: 401, sdk_error_code: 90212 }));
  });
  return { url: server.url, keysSeen };
}

describe('a connection whose address moves to another origin (real keychain, real listeners)', () => {
  it('forgets its key: a test of the moved connection sends no key to the new host and asks for a key again', async () => {
    const [first, second] = [await recordingService(), await recordingService()];
    const backend = createBackend({ userDataDir: await tempDir() });
    const { profile } = await call(backend, 'profiles.create', { name: 'Team', baseUrl: first.url, apiKey: oldKey });
    await call(backend, 'profiles.test', { id: profile.id });
    expect(first.keysSeen).toContain(oldKey);

    const moved = await call(backend, 'profiles.update', { id: profile.id, baseUrl: second.url });
    expect(moved.profile).toMatchObject({ baseUrl: second.url, keyStorage: 'missing' });
    const tested = await call(backend, 'profiles.test', { id: profile.id });
    expect(tested).toMatchObject({ ok: false, problem: 'missing_key' });
    expect(second.keysSeen.filter((key) => key.includes(oldKey))).toEqual([]);

    // Moving back does not bring the key back either: it was forgotten, not hidden.
    expect((await call(backend, 'profiles.update', { id: profile.id, baseUrl: first.url })).profile.keyStorage).toBe('missing');
  });

  it('sends only the key given with the new address to it', async () => {
    const [first, second] = [await recordingService(), await recordingService()];
    const backend = createBackend({ userDataDir: await tempDir() });
    const { profile } = await call(backend, 'profiles.create', { name: 'Team', baseUrl: first.url, apiKey: oldKey });
    const moved = await call(backend, 'profiles.update', { id: profile.id, baseUrl: second.url, apiKey: newKey });
    expect(moved.profile.keyStorage).toBe('keychain');
    await call(backend, 'profiles.test', { id: profile.id });
    expect(second.keysSeen).toContain(newKey);
    expect(second.keysSeen.filter((key) => key.includes(oldKey))).toEqual([]);
  });

  it('keeps the key when only the path changes (same scheme, host and port)', async () => {
    const first = await recordingService();
    const backend = createBackend({ userDataDir: await tempDir() });
    const { profile } = await call(backend, 'profiles.create', { name: 'Team', baseUrl: first.url, apiKey: oldKey });
    const moved = await call(backend, 'profiles.update', { id: profile.id, baseUrl: `${first.url}/tracking/` });
    expect(moved.profile.keyStorage).toBe('keychain');
    await call(backend, 'profiles.test', { id: profile.id });
    expect(first.keysSeen).toContain(oldKey);
  });

  it('forgets the key on a change of scheme or port alone', async () => {
    const backend = createBackend({ userDataDir: await tempDir() });
    const { profile } = await call(backend, 'profiles.create', { name: 'Team', baseUrl: 'http://tracking.example.com', apiKey: oldKey });
    expect((await call(backend, 'profiles.update', { id: profile.id, baseUrl: 'https://tracking.example.com' })).profile.keyStorage).toBe('missing');
    await call(backend, 'profiles.update', { id: profile.id, apiKey: oldKey });
    expect((await call(backend, 'profiles.update', { id: profile.id, baseUrl: 'https://tracking.example.com:8443' })).profile.keyStorage).toBe('missing');
  });
});
