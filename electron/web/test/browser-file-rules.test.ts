import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startBackend, tempDir } from '../../backend/test/helpers.ts';
import { startWebShell, type WebShell } from '../web-shell.ts';

// The browser shell, reached over HTTP with its token the way its page (or anyone who got the token) reaches it:
// no channel may read a file by its path, or write anywhere but a new file inside the folders the user chose.
const token = 'file-rules-token-0123456789abcdefghijklmnop';
let backend: Awaited<ReturnType<typeof startBackend>>;
let shell: WebShell;
let home: string;
let saveFolder: string;
let experimentKey: string;

beforeAll(async () => {
  backend = await startBackend();
  const rendererDir = await tempDir('trackdesk-renderer-');
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Trackdesk</title>');
  home = await tempDir('trackdesk-home-');
  saveFolder = join(home, 'configs');
  await mkdir(saveFolder);
  shell = await startWebShell({ backend, rendererDir, port: 0, token, saveFolders: [saveFolder] });
  ({ experimentKey } = (await call(backend, 'api.call', {
    endpoint: 'createExperiment',
    body: { workspaceName: 'admin', projectName: 'browser-file-rules' },
  })) as { experimentKey: string });
  await call(backend, 'scripts.createKey', {});
  return () => shell.close();
});

/** Calls a channel through the shell's /ipc route with the token, as the page does; answers the envelope. */
async function ipc(channel: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string } }> {
  const response = await fetch(`http://127.0.0.1:${shell.port}/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trackdesk-token': token },
    body: JSON.stringify(input),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { ok: boolean; data?: unknown; error?: { code: string; message: string } };
}

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('browser shell file rules', () => {
  it('refuses transfers.upload of any path (a private key, say), and nothing reaches the service', async () => {
    const secret = join(home, 'id_rsa');
    await writeFile(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n');
    const reply = await ipc('transfers.upload', { transferId: 'steal', endpoint: 'uploadAsset', query: { experimentKey, fileName: 'id_rsa' }, filePath: secret });
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(reply.error?.message).toContain('pick the file in the page');
    const { assets } = (await call(backend, 'api.call', { endpoint: 'listAssets', query: { experimentKey } })) as { assets: unknown[] };
    expect(assets).toEqual([]);
  });

  it('refuses transfers.download to any path: over an existing file (~/.bashrc) or a new one', async () => {
    const bashrc = join(home, '.bashrc');
    await writeFile(bashrc, 'alias ll="ls -l"\n');
    const upload = await call(backend, 'transfers.upload', { transferId: 'seed', endpoint: 'uploadAsset', query: { experimentKey, fileName: 'payload.sh' }, filePath: bashrc });
    const query = { experimentKey, assetId: (upload as { assetId: string }).assetId };
    for (const filePath of [bashrc, join(saveFolder, 'new.bin')]) {
      const reply = await ipc('transfers.download', { transferId: `over-${filePath}`, endpoint: 'downloadAsset', query, filePath });
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await readFile(bashrc, 'utf8')).toBe('alias ll="ls -l"\n');
    expect(await exists(join(saveFolder, 'new.bin'))).toBe(false);
  });

  it('refuses files.saveText to any path', async () => {
    const target = join(saveFolder, 'evidence.html');
    expect(await ipc('files.saveText', { filePath: target, text: '<p>x</p>' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await exists(target)).toBe(false);
  });

  it('saves a config file as a new file inside a chosen folder, never over an existing one', async () => {
    const config = join(saveFolder, '.comet.config');
    expect(await ipc('scripts.saveConfig', { profileId: 'local', filePath: config })).toEqual({ ok: true, data: { filePath: config } });
    expect(await readFile(config, 'utf8')).toContain('[comet]');
    await writeFile(config, 'mine\n');
    expect(await ipc('scripts.saveConfig', { profileId: 'local', filePath: config })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await readFile(config, 'utf8')).toBe('mine\n');
  });

  it('refuses a config file outside the chosen folders, also through a link that leads out of one', async () => {
    const outside = join(home, '.comet.config');
    const refused = await ipc('scripts.saveConfig', { profileId: 'local', filePath: outside });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(refused.error?.message).toContain(`Trackdesk in the browser saves only inside the folders it was started with (${saveFolder}`);
    expect(await exists(outside)).toBe(false);

    await symlink(home, join(saveFolder, 'way-out'));
    const throughLink = join(saveFolder, 'way-out', 'x.config');
    expect(await ipc('scripts.saveConfig', { profileId: 'local', filePath: throughLink })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await exists(join(home, 'x.config'))).toBe(false);

    const personal = await ipc('scripts.createPersonalKey', { profileId: 'local', name: 'stolen', deliver: { to: 'file', filePath: join(home, 'stolen.config') } });
    expect(personal).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await exists(join(home, 'stolen.config'))).toBe(false);
  });
});

describe('browser shell offline archives', () => {
  const archive = new URL('../../../server/test/fixtures/sdk-offline/offline-run.zip', import.meta.url).pathname;

  it('refuses to import an archive by its path, or to watch a folder', async () => {
    expect(await ipc('offline.import', { importId: 'by-path', paths: [archive] })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const watch = await ipc('offline.watch', { folder: home });
    expect(watch).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(watch.error?.message).toContain('watches no folder');
    expect(await ipc('offline.watch', { folder: null })).toMatchObject({ ok: true, data: { folder: null } });
  });

  it('imports the bytes of an archive picked in the page (POST /offline/import)', async () => {
    const response = await fetch(`http://127.0.0.1:${shell.port}/offline/import?importId=picked&fileName=offline-run.zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', 'x-trackdesk-token': token },
      body: new Uint8Array(await readFile(archive)),
    });
    expect(await response.json()).toMatchObject({ ok: true, data: { fileName: 'offline-run.zip', state: 'imported', projectName: 'offline-demo' } });
    const refused = await fetch(`http://127.0.0.1:${shell.port}/offline/import?importId=picked&fileName=x.zip`, { method: 'POST', body: 'x' });
    expect(refused.status).toBe(401);
  });
});
