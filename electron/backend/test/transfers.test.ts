import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../../../shared/ipc/index.ts';
import { call, callError, startBackend, tempDir } from './helpers.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
let files: string;
let experimentKey: string;
const progress: TransferProgress[] = [];

beforeAll(async () => {
  backend = await startBackend({ transferConcurrency: 1 });
  backend.events.subscribe((name, payload) => {
    if (name === 'transfers.progress') progress.push(payload as TransferProgress);
  });
  files = await tempDir('trackdesk-files-');
  ({ experimentKey } = (await call(backend, 'api.call', {
    endpoint: 'createExperiment',
    body: { workspaceName: 'admin', projectName: 'transfers' },
  })) as { experimentKey: string });
});

async function fileOf(name: string, bytes: number): Promise<{ path: string; sha: string }> {
  const path = join(files, name);
  const content = randomBytes(bytes);
  await writeFile(path, content);
  return { path, sha: createHash('sha256').update(content).digest('hex') };
}

const eventsOf = (transferId: string) => progress.filter((p) => p.transferId === transferId);

describe('uploads and downloads (E44 and the asset download, streamed)', () => {
  it('uploads a file with progress events, lists it, and downloads identical bytes', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const { path, sha } = await fileOf('weights.bin', size);
    const reply = (await call(backend, 'transfers.upload', {
      transferId: 'up-1',
      endpoint: 'uploadAsset',
      query: { experimentKey, step: 3 },
      filePath: path,
      fields: { metadata: '{"kind":"weights"}' },
    })) as { assetId: string };
    expect(reply.assetId).toMatch(/\S/);

    const events = eventsOf('up-1');
    expect(events.map((e) => e.state)).toEqual(['queued', 'running', ...Array(events.length - 3).fill('running'), 'done']);
    const sent = events.map((e) => e.transferredBytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ direction: 'upload', transferredBytes: size, totalBytes: size });
    expect(events.length).toBeGreaterThan(4);

    const { assets } = (await call(backend, 'api.call', { endpoint: 'listAssets', query: { experimentKey } })) as {
      assets: { assetId: string; fileName: string; fileSize: number; step: number; metadata: string }[];
    };
    expect(assets).toContainEqual(expect.objectContaining({ assetId: reply.assetId, fileName: 'weights.bin', fileSize: size, step: 3 }));

    const target = join(files, 'copy.bin');
    const download = await call(backend, 'transfers.download', {
      transferId: 'down-1',
      endpoint: 'downloadAsset',
      query: { experimentKey, assetId: reply.assetId },
      filePath: target,
    });
    expect(download).toEqual({ filePath: target, bytes: size });
    expect(createHash('sha256').update(await readFile(target)).digest('hex')).toBe(sha);
    expect(eventsOf('down-1').at(-1)).toMatchObject({ state: 'done', direction: 'download', transferredBytes: size });
  });

  it('cancels a running upload; the service keeps no asset', async () => {
    const { path } = await fileOf('big.bin', 32 * 1024 * 1024);
    const stop = backend.events.subscribe((name, payload) => {
      const p = payload as TransferProgress;
      if (name === 'transfers.progress' && p.transferId === 'up-cancel' && p.transferredBytes > 0) void call(backend, 'transfers.cancel', { transferId: 'up-cancel' });
    });
    const error = await callError(backend, 'transfers.upload', { transferId: 'up-cancel', endpoint: 'uploadAsset', query: { experimentKey }, filePath: path });
    stop();
    expect(error).toMatchObject({ code: 'cancelled' });
    const last = eventsOf('up-cancel').at(-1);
    expect(last).toMatchObject({ state: 'cancelled' });
    expect(last?.transferredBytes).toBeLessThan(32 * 1024 * 1024);
    const { assets } = (await call(backend, 'api.call', { endpoint: 'listAssets', query: { experimentKey } })) as { assets: { fileName: string }[] };
    expect(assets.map((a) => a.fileName)).not.toContain('big.bin');
  });

  it('runs transfers within the concurrency limit and cancels a queued one before it starts', async () => {
    const first = await fileOf('a.bin', 2 * 1024 * 1024);
    const second = await fileOf('b.bin', 1024);
    const third = await fileOf('c.bin', 1024);
    const uploads = [
      call(backend, 'transfers.upload', { transferId: 'q-1', endpoint: 'uploadAsset', query: { experimentKey }, filePath: first.path }),
      call(backend, 'transfers.upload', { transferId: 'q-2', endpoint: 'uploadAsset', query: { experimentKey }, filePath: second.path }),
      callError(backend, 'transfers.upload', { transferId: 'q-3', endpoint: 'uploadAsset', query: { experimentKey }, filePath: third.path }),
    ];
    expect(await call(backend, 'transfers.cancel', { transferId: 'q-3' })).toEqual({ cancelled: true });
    const [, , cancelled] = await Promise.all(uploads);
    expect(cancelled).toMatchObject({ code: 'cancelled' });
    expect(eventsOf('q-3').map((e) => e.state)).toEqual(['queued', 'cancelled']);

    const order = progress.filter((p) => p.transferId.startsWith('q-') && p.state !== 'queued').map((p) => `${p.transferId}:${p.state}`);
    const firstDone = order.indexOf('q-1:done');
    expect(order.indexOf('q-2:running')).toBeGreaterThan(firstDone);
    expect(await call(backend, 'transfers.cancel', { transferId: 'q-1' })).toEqual({ cancelled: false });
  });

  it('refuses a missing file and a non-upload endpoint with clear messages', async () => {
    const missing = await callError(backend, 'transfers.upload', {
      transferId: 'bad-1',
      endpoint: 'uploadAsset',
      query: { experimentKey },
      filePath: join(files, 'nothing-here.bin'),
    });
    expect(missing.message).toContain('There is no readable file at');
    const wrong = await callError(backend, 'transfers.upload', { transferId: 'bad-2', endpoint: 'listAssets', query: {}, filePath: join(files, 'a.bin') });
    expect(wrong.message).toContain('is a JSON call');
  });

  it('reports a download of an unknown asset with the server message and leaves no partial file', async () => {
    const target = join(files, 'never.bin');
    const error = await callError(backend, 'transfers.download', {
      transferId: 'down-missing',
      endpoint: 'downloadAsset',
      query: { experimentKey, assetId: 'no-such-asset' },
      filePath: target,
    });
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    await expect(readFile(target)).rejects.toThrow(/ENOENT/);
  });

  it('says what to do when a download cannot be saved where asked (a folder that does not exist), never a raw errno code', async () => {
    const { path } = await fileOf('small.bin', 1024);
    const { assetId } = (await call(backend, 'transfers.upload', { transferId: 'up-small', endpoint: 'uploadAsset', query: { experimentKey }, filePath: path })) as { assetId: string };
    const target = join(files, 'no-such-folder', 'small.bin');
    const error = await callError(backend, 'transfers.download', { transferId: 'down-nowhere', endpoint: 'downloadAsset', query: { experimentKey, assetId }, filePath: target });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: `Cannot save ${target}: the folder ${join(files, 'no-such-folder')} does not exist. Create the folder first, or choose another one.`,
    });
  });
});
