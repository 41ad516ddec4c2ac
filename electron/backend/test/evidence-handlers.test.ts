import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callError, startBackend, tempDir } from './helpers.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
let files: string;
let experimentKey: string;

beforeAll(async () => {
  backend = await startBackend();
  files = await tempDir('trackdesk-evidence-');
  ({ experimentKey } = (await call(backend, 'api.call', { endpoint: 'createExperiment', body: { workspaceName: 'admin', projectName: 'evidence' } })) as {
    experimentKey: string;
  });
});

describe('assets.digests', () => {
  it('answers the SHA-256 and size of the bytes the service holds, per asset, in the order asked', async () => {
    const contents = [randomBytes(2 * 1024 * 1024 + 5), Buffer.from('small file')];
    const ids: string[] = [];
    for (const [index, content] of contents.entries()) {
      const path = join(files, `part-${index}.bin`);
      await writeFile(path, content);
      const reply = (await call(backend, 'transfers.upload', { transferId: `digest-${index}`, endpoint: 'uploadAsset', query: { experimentKey }, filePath: path })) as {
        assetId: string;
      };
      ids.push(reply.assetId);
    }
    const { digests } = await call(backend, 'assets.digests', { experimentKey, assetIds: [ids[1] ?? '', ids[0] ?? ''] });
    expect(digests).toEqual([
      { assetId: ids[1], sha256: createHash('sha256').update(contents[1] ?? '').digest('hex'), bytes: contents[1]?.byteLength },
      { assetId: ids[0], sha256: createHash('sha256').update(contents[0] ?? '').digest('hex'), bytes: contents[0]?.byteLength },
    ]);
  });

  it("reports the service's refusal for an unknown asset", async () => {
    const error = await callError(backend, 'assets.digests', { experimentKey, assetIds: ['no-such-asset'] });
    expect(error.code).toBe('not_found');
  });
});

describe('files.saveText', () => {
  const dialogs = { chooseOpen: async () => [], chooseSave: async ({ defaultName }: { defaultName?: string | undefined }) => join(files, defaultName ?? 'x') };

  it('writes the text whole to the chosen file, replacing an existing one, and answers its size in bytes', async () => {
    const desktop = await startBackend({ dialogs });
    const path = join(files, 'evidence.md');
    await writeFile(path, 'an older, longer export that must disappear entirely');
    const { path: chosen } = await call(desktop, 'files.chooseSave', { defaultName: 'evidence.md' });
    const text = '# Evidence — “2.0.0” ✓\n';
    expect(await call(desktop, 'files.saveText', { filePath: chosen ?? '', text })).toEqual({ filePath: path, bytes: Buffer.byteLength(text) });
    expect(await readFile(path, 'utf8')).toBe(text);

    const denied = await callError(desktop, 'files.saveText', { filePath: join(files, 'not-chosen.html'), text: 'x' });
    expect(denied.code).toBe('forbidden');
  });

  it('refuses a chosen path whose folder does not exist, naming the path and what to do next', async () => {
    const desktop = await startBackend({ dialogs: { ...dialogs, chooseSave: async () => join(files, 'missing', 'evidence.html') } });
    const { path } = await call(desktop, 'files.chooseSave', {});
    const error = await callError(desktop, 'files.saveText', { filePath: path ?? '', text: 'x' });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: `Cannot save ${join(files, 'missing', 'evidence.html')}: the folder ${join(files, 'missing')} does not exist. Create the folder first, or choose another one.`,
    });
  });

  it('without native dialogs (the browser shell) writes nothing: the page downloads instead', async () => {
    const error = await callError(backend, 'files.saveText', { filePath: join(files, 'anywhere.html'), text: 'x' });
    expect(error.code).toBe('unsupported');
  });
});
