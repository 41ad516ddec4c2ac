import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../src/backend.ts';
import { call, callError, startBackend, tempDir } from './helpers.ts';

let backend: Backend;
beforeAll(async () => {
  // The browser shell's backend: no native dialogs, no clipboard.
  backend = await startBackend();
});
afterAll(() => backend.close());

describe('script settings in the browser shell', () => {
  it('offers no key until one is created, and cannot copy (the key would have to pass through the page)', async () => {
    const settings = await call(backend, 'scripts.settings', { profileId: 'local' });
    const { baseUrl } = await backend.embedded!.whenReady();
    expect(settings).toMatchObject({ keyKind: 'dedicated', keyReady: false, canCopy: false, url: `${baseUrl}/clientlib/` });
    expect(settings.defaultConfigPath).toMatch(/\.comet\.config$/);
    expect((await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(await tempDir(), '.comet.config') })).code).toBe('not_found');
    await call(backend, 'scripts.createKey', {});
    expect((await callError(backend, 'scripts.copy', { profileId: 'local', format: 'shell' })).code).toBe('unsupported');
  });

  it('writes the config file only as a new file named *.config', async () => {
    await call(backend, 'scripts.createKey', {});
    const dir = await tempDir();
    const path = join(dir, '.comet.config');
    expect(await call(backend, 'scripts.saveConfig', { profileId: 'local', filePath: path })).toEqual({ filePath: path });
    expect(await readFile(path, 'utf8')).toMatch(/^\[comet\]\nurl_override = http:\/\/127\.0\.0\.1:\d+\/clientlib\/\napi_key = \w{40}\n$/);
    expect((await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: path })).code).toBe('forbidden');
    expect((await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, '.bashrc') })).code).toBe('invalid_input');
  });

  it('says what to do next when the config file cannot be written, never a raw errno code', async () => {
    await call(backend, 'scripts.createKey', {});
    const dir = await tempDir();
    const missing = await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'missing', '.comet.config') });
    expect(missing).toMatchObject({
      code: 'invalid_input',
      message: `Cannot save ${join(dir, 'missing', '.comet.config')}: the folder ${join(dir, 'missing')} does not exist. Create the folder first, or choose another one.`,
    });
    await mkdir(join(dir, 'taken.config'));
    const folder = await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'taken.config') });
    expect(folder.message).toMatch(/exists already; choose another name or remove it first\.$|it is a folder\. Add a file name/);
    await writeFile(join(dir, 'plain'), 'x');
    const throughFile = await callError(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'plain', '.comet.config') });
    expect(throughFile.message).toBe(`Cannot save ${join(dir, 'plain', '.comet.config')}: a part of that path is a file, not a folder. Check the path, or choose another folder.`);
    for (const error of [missing, folder, throughFile]) expect(error.message).not.toMatch(/\bE[A-Z]{3,}\b/);
  });

  it('keeps one key across creations and forgets it on revoke', async () => {
    const dir = await tempDir();
    await call(backend, 'scripts.createKey', {});
    await call(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'a.config') });
    await call(backend, 'scripts.createKey', {});
    await call(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'b.config') });
    const [a, b] = await Promise.all(['a', 'b'].map((name) => readFile(join(dir, `${name}.config`), 'utf8')));
    expect(a).toBe(b);
    expect((await call(backend, 'scripts.revokeKey', {})).keyReady).toBe(false);
    await call(backend, 'scripts.createKey', {});
    await call(backend, 'scripts.saveConfig', { profileId: 'local', filePath: join(dir, 'c.config') });
    expect(await readFile(join(dir, 'c.config'), 'utf8')).not.toBe(a);
  });
});
