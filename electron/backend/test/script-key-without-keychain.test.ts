import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

/** A D-Bus address nobody listens on: the keyring library then finds no Secret Service, as on a Linux without one. */
const NO_KEYCHAIN = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/trackdesk-test-bus' };

/**
 * One start of the app without a keychain, in its own process (the keychain is reached through the environment): the
 * backend with its local service, which creates the key for scripts on the first start, saves a config file, and asks
 * the service who the saved key belongs to; on a later start, revokes it. Answers what the panel and Connections were told.
 */
function startWithoutKeychain(userDataDir: string, configFile: string, step: 'create' | 'reuse and revoke') {
  const script = `
    import { readFile } from 'node:fs/promises';
    import { createBackend } from ${JSON.stringify(new URL('../src/backend.ts', import.meta.url).pathname)};
    import { detachedSpawner } from ${JSON.stringify(new URL('../src/embedded/node-spawner.ts', import.meta.url).pathname)};
    import { dispatch } from ${JSON.stringify(new URL('../src/ipc/dispatch.ts', import.meta.url).pathname)};
    const [userDataDir, configFile, step] = process.argv.slice(1);
    const backend = createBackend({ userDataDir, spawnService: detachedSpawner() });
    const ipc = async (channel, input) => {
      const envelope = await dispatch(backend.handlers, channel, input);
      if (!envelope.ok) throw new Error(channel + ': ' + envelope.error.message);
      return envelope.data;
    };
    try {
      const before = await ipc('scripts.settings', { profileId: 'local' });
      const created = step === 'create' ? await ipc('scripts.createKey', {}) : undefined;
      await ipc('scripts.saveConfig', { profileId: 'local', filePath: configFile });
      const apiKey = /api_key = (\\S+)/.exec(await readFile(configFile, 'utf8'))[1];
      const { baseUrl } = await backend.embedded.whenReady();
      const owner = await fetch(baseUrl + '/api/rest/v2/account-details', { headers: { authorization: apiKey } });
      const { keychain } = await ipc('profiles.list', {});
      const revoked = step === 'create' ? undefined : await ipc('scripts.revokeKey', {});
      console.log(JSON.stringify({ before, created, ownerStatus: owner.status, keychain, revoked }));
    } finally {
      await backend.close();
    }`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, userDataDir, configFile, step], {
    encoding: 'utf8',
    env: NO_KEYCHAIN,
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as {
    before: { keyReady: boolean; keyStorage: string };
    created?: { keyReady: boolean; keyStorage: string };
    ownerStatus: number;
    keychain: { available: boolean; message?: string };
    revoked?: { keyReady: boolean; keyStorage: string };
  };
}

const savedKey = async (configFile: string) => /api_key = (\S+)/.exec(await readFile(configFile, 'utf8'))?.[1];

describe("the local service's key for scripts without a keychain", () => {
  it('is kept in the data folder (mode 0600), still works after the app restarts, and goes with a revoke', async () => {
    const userDataDir = await tempDir();
    const files = await tempDir('trackdesk-configs-');
    const first = startWithoutKeychain(userDataDir, join(files, 'first.config'), 'create');
    expect(first.keychain.available).toBe(false);
    expect(first.ownerStatus).toBe(200);
    const keyFile = join(userDataDir, 'service', 'script-api-key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = await savedKey(join(files, 'first.config'));
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
    expect(first.before).toMatchObject({ keyReady: false, keyStorage: 'missing' });
    expect(first.created).toMatchObject({ keyReady: true, keyStorage: 'dataFolder' });

    const second = startWithoutKeychain(userDataDir, join(files, 'second.config'), 'reuse and revoke');
    expect(await savedKey(join(files, 'second.config'))).toBe(key);
    expect(second.ownerStatus).toBe(200);
    expect(second.before).toMatchObject({ keyReady: true, keyStorage: 'dataFolder' });
    expect(second.revoked).toMatchObject({ keyReady: false, keyStorage: 'missing' });
    await expect(stat(keyFile)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);
});
