import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { KEYCHAIN_SERVICE } from '../src/keys/keychain.ts';
import { call, callError, filesContaining, tempDir } from './helpers.ts';

/** What `secret-tool` (libsecret's CLI, talking to the same Secret Service) finds for an account. */
function secretTool(account: string): string | undefined {
  const result = spawnSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'username', account], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

async function installationId(userDataDir: string): Promise<string> {
  return (JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')) as { installationId: string }).installationId;
}

const remoteKey = 'remote-key-0123456789-abcdefghij';

describe('connection profiles (real keychain)', () => {
  it('starts with the embedded profile only, active', async () => {
    const backend = createBackend({ userDataDir: await tempDir() });
    const list = await call(backend, 'profiles.list', {});
    expect(list).toMatchObject({ activeProfileId: 'local', keychain: { available: true } });
    expect(list.profiles).toEqual([{ id: 'local', name: 'Local', baseUrl: '', kind: 'embedded', keyStorage: 'missing' }]);
  });

  it('round-trips remote profiles through the settings file, with the key in the keychain only', async () => {
    const userDataDir = await tempDir();
    const backend = createBackend({ userDataDir });
    const { profile } = await call(backend, 'profiles.create', { name: 'Hosted', baseUrl: 'https://tracking.example.com/api/rest/v2/', apiKey: remoteKey });
    expect(profile).toMatchObject({ name: 'Hosted', baseUrl: 'https://tracking.example.com', kind: 'remote', keyStorage: 'keychain' });
    await call(backend, 'profiles.update', { id: profile.id, name: 'Hosted service' });
    await call(backend, 'profiles.setActive', { id: profile.id });

    const account = `${await installationId(userDataDir)}/${profile.id}`;
    expect(await new AsyncEntry(KEYCHAIN_SERVICE, account).getPassword()).toBe(remoteKey);
    expect(secretTool(account)).toBe(remoteKey);
    expect(await filesContaining(userDataDir, remoteKey)).toEqual([]);

    const reopened = createBackend({ userDataDir });
    const list = await call(reopened, 'profiles.list', {});
    expect(list.activeProfileId).toBe(profile.id);
    expect(list.profiles.map((p) => [p.id, p.name, p.keyStorage])).toEqual([
      ['local', 'Local', 'missing'],
      [profile.id, 'Hosted service', 'keychain'],
    ]);
    expect(JSON.stringify(list)).not.toContain(remoteKey);

    expect(await call(reopened, 'profiles.remove', { id: profile.id })).toEqual({ activeProfileId: 'local' });
    expect(await new AsyncEntry(KEYCHAIN_SERVICE, account).getPassword()).toBeNull();
    expect(secretTool(account)).toBeUndefined();
    expect((await call(reopened, 'profiles.list', {})).profiles).toHaveLength(1);
  });

  it('replaces a key on update and keeps a session-only key out of the keychain', async () => {
    const userDataDir = await tempDir();
    const backend = createBackend({ userDataDir });
    const { profile } = await call(backend, 'profiles.create', { name: 'Lab', baseUrl: 'http://lab:8080', apiKey: remoteKey, keyStorage: 'session' });
    const account = `${await installationId(userDataDir)}/${profile.id}`;
    expect(profile.keyStorage).toBe('session');
    expect(secretTool(account)).toBeUndefined();

    const moved = await call(backend, 'profiles.update', { id: profile.id, apiKey: 'second-key-0123456789' });
    expect(moved.profile.keyStorage).toBe('keychain');
    expect(secretTool(account)).toBe('second-key-0123456789');

    // A new process forgets session keys: the profile then reports its key as missing.
    await call(backend, 'profiles.update', { id: profile.id, apiKey: 'third-key-0123456789', keyStorage: 'session' });
    expect(secretTool(account)).toBeUndefined();
    const later = createBackend({ userDataDir });
    expect((await call(later, 'profiles.list', {})).profiles[1]?.keyStorage).toBe('missing');
    expect(await filesContaining(userDataDir, 'third-key-0123456789')).toEqual([]);
  });

  it('refuses to edit the embedded profile beyond its name, to remove it, or to use unknown ids', async () => {
    const backend = createBackend({ userDataDir: await tempDir() });
    expect((await callError(backend, 'profiles.update', { id: 'local', baseUrl: 'http://elsewhere' })).code).toBe('forbidden');
    expect((await callError(backend, 'profiles.remove', { id: 'local' })).code).toBe('forbidden');
    expect((await callError(backend, 'profiles.setActive', { id: 'nope' })).code).toBe('not_found');
    expect((await callError(backend, 'profiles.create', { name: 'x', baseUrl: 'ftp://x', apiKey: 'k' })).code).toBe('invalid_input');
    expect((await call(backend, 'profiles.update', { id: 'local', name: 'On this machine' })).profile.name).toBe('On this machine');
  });

  it('says clearly when no keychain is reachable, offers session-only storage, and still removes such a profile', async () => {
    const userDataDir = await tempDir();
    const script = `
      import { createBackend } from ${JSON.stringify(new URL('../src/backend.ts', import.meta.url).pathname)};
      import { dispatch } from ${JSON.stringify(new URL('../src/ipc/dispatch.ts', import.meta.url).pathname)};
      const backend = createBackend({ userDataDir: process.argv[1] });
      const input = { name: 'Hosted', baseUrl: 'https://tracking.example.com', apiKey: ${JSON.stringify(remoteKey)} };
      const refused = await dispatch(backend.handlers, 'profiles.create', input);
      const kept = await dispatch(backend.handlers, 'profiles.create', { ...input, keyStorage: 'session' });
      const list = await dispatch(backend.handlers, 'profiles.list', {});
      const removed = await dispatch(backend.handlers, 'profiles.remove', { id: kept.data.profile.id });
      const after = await dispatch(backend.handlers, 'profiles.list', {});
      console.log(JSON.stringify({ refused, kept, list, removed, after }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, userDataDir], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/trackdesk-test-bus' },
    });
    const { refused, kept, list, removed, after } = JSON.parse(output) as Record<
      string,
      { ok: boolean; error?: { code: string; message: string }; data?: unknown }
    >;
    expect(refused).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(refused?.error?.message).toMatch(/keychain cannot be reached.*for this session only/s);
    expect(kept).toMatchObject({ ok: true, data: { profile: { keyStorage: 'session' } } });
    expect(list).toMatchObject({ ok: true, data: { keychain: { available: false } } });
    expect(removed).toMatchObject({ ok: true });
    expect(after).toMatchObject({ ok: true, data: { profiles: [{ kind: 'embedded' }] } });
    expect((after?.data as { profiles: unknown[] }).profiles).toHaveLength(1);
    expect(output).not.toContain(remoteKey);
    expect(await filesContaining(userDataDir, remoteKey)).toEqual([]);
  });
});

describe('testing a connection whose key is in an unreachable keychain', () => {
  it('says the keychain cannot be reached, not that no key is stored', async () => {
    const userDataDir = await tempDir();
    const saved = createBackend({ userDataDir });
    const { profile } = await call(saved, 'profiles.create', { name: 'Hosted', baseUrl: 'https://tracking.example.com', apiKey: remoteKey });
    expect(profile.keyStorage).toBe('keychain');
    const script = `
      import { createBackend } from ${JSON.stringify(new URL('../src/backend.ts', import.meta.url).pathname)};
      import { dispatch } from ${JSON.stringify(new URL('../src/ipc/dispatch.ts', import.meta.url).pathname)};
      const backend = createBackend({ userDataDir: process.argv[1] });
      console.log(JSON.stringify(await dispatch(backend.handlers, 'profiles.test', { id: process.argv[2] })));`;
    try {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, userDataDir, profile.id], {
        encoding: 'utf8',
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/trackdesk-test-bus' },
      });
      const tested = JSON.parse(output) as { ok: boolean; data: { ok: boolean; problem: string; message: string } };
      expect(tested).toMatchObject({ ok: true, data: { ok: false, problem: 'keychain_unavailable' } });
      expect(tested.data.message).toMatch(/The API key of "Hosted" cannot be read: .*keychain/);
    } finally {
      await call(saved, 'profiles.remove', { id: profile.id });
    }
  });
});
