import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { blobFiles, tempFiles } from './assets-fixtures.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';

const LIMIT = 64 * 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ uploadLimitBytes: LIMIT });
});
afterAll(async () => {
  await server.close();
});

describe('upload limits and interrupted uploads', () => {
  it('answers 413 beyond the size limit and keeps nothing of the upload', async () => {
    const experimentKey = await newExperiment(server, 'limits');
    const atLimit = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm(new Uint8Array(LIMIT), 'exact.bin') });
    expect(atLimit.status).toBe(200);
    const before = blobFiles(server.dataDir).length;

    const tooBig = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm(new Uint8Array(LIMIT + 1), 'big.bin') });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 413, sdk_error_code: SdkError.tooLarge });
    expect(tooBig.body.msg).toContain(String(LIMIT));
    const assets = (await server.call('listAssets', { query: { experimentKey } })).body.assets;
    expect(assets.map((asset) => asset.fileName)).toEqual(['exact.bin']);
    expect(blobFiles(server.dataDir)).toHaveLength(before);
    expect(tempFiles(server.dataDir)).toEqual([]);
  });

  it('streams to a temporary file and leaves no asset when the client goes away mid-upload', async () => {
    const experimentKey = await newExperiment(server, 'limits');
    const before = blobFiles(server.dataDir).length;
    const boundary = 'trackdesk-test-boundary';
    const upload = request(`${server.url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}`, {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(LIMIT) },
    });
    const failed = new Promise<void>((resolve) => upload.on('error', () => resolve()));
    upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    upload.write(Buffer.alloc(16 * 1024, 7));
    await vi.waitFor(() => expect(tempFiles(server.dataDir)).toHaveLength(1));
    upload.destroy();
    await failed;

    await vi.waitFor(() => expect(tempFiles(server.dataDir)).toEqual([]));
    expect((await server.call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
    expect(blobFiles(server.dataDir)).toHaveLength(before);
  });

  it('removes leftover temporary files and unreferenced blobs untouched for an hour when it starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-sweep-'));
    try {
      const first = await startTestServer({ dataDir });
      const experimentKey = await newExperiment(first, 'sweep');
      const kept = await first.call('uploadAsset', { query: { experimentKey }, form: fileForm('keep me', 'kept.txt') });
      await first.close();

      const orphan = randomUUID();
      mkdirSync(join(dataDir, 'blobs', orphan.slice(0, 2)), { recursive: true });
      const leftovers = [join(dataDir, 'blobs', orphan.slice(0, 2), orphan), join(dataDir, 'blobs', 'tmp', `${randomUUID()}.part`)];
      writeFileSync(leftovers[0]!, 'orphan');
      writeFileSync(leftovers[1]!, 'half an upload');
      // A sweep spares files younger than an hour (another instance sharing the directory may still be writing them).
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const path of leftovers) utimesSync(path, twoHoursAgo, twoHoursAgo);
      expect(blobFiles(dataDir)).toHaveLength(2);

      const second = await startTestServer({ storage: first.storage });
      // The sweep runs after the service listens, so that it does not hold back the first request.
      await second.server.swept;
      expect(tempFiles(dataDir)).toEqual([]);
      expect(blobFiles(dataDir)).toHaveLength(1);
      const download = await second.call('downloadAsset', { query: { experimentKey, assetId: kept.body.assetId } });
      expect(download.bytes.toString()).toBe('keep me');
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
