/** The service with `--blob-store s3://…` over real HTTP, on moto_server (s3-server.ts) behind a proxy that can fail. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { createS3BlobStore } from '../../src/blobs/s3-blob-store.ts';
import { readZip } from '../assets/assets-zip.ts';
import { fileForm, newExperiment, sdkRequest } from '../registry/registry-fixtures.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { startFaultProxy, type FaultProxy } from './s3-fault-proxy.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

const MiB = 1024 * 1024;
let s3: TestS3Server;
let proxy: FaultProxy;
let server: TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = await startFaultProxy(s3.endpoint);
  // The service reads the store's endpoint, region and credentials as the AWS SDK does: from the environment here.
  for (const [name, value] of Object.entries({ ...s3.env, AWS_ENDPOINT_URL_S3: proxy.url })) vi.stubEnv(name, value);
  server = await startTestServer({ blobStore: `s3://${s3.bucket}/service` });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await s3?.close();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  proxy.mode = 'pass';
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const upload = (experimentKey: string, bytes: Uint8Array, fileName = 'data.bin') =>
  server.call('uploadAsset', { query: { experimentKey }, form: fileForm(bytes, fileName) });
const assetCount = async (experimentKey: string) => (await server.call('listAssets', { query: { experimentKey } })).body.assets.length;

describe('the service with its blobs in an S3-compatible store', () => {
  it('uploads an asset into the store (not the data dir) and downloads it whole and by range', async () => {
    const experimentKey = await newExperiment(server, 's3');
    const bytes = randomBytes(12 * MiB + 5);
    const saved = await upload(experimentKey, bytes);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await s3.keys()).filter((key) => key.startsWith('service/'))).toHaveLength(1);
    expect(existsSync(join(server.dataDir, 'blobs'))).toBe(false);

    const get = (headers: Record<string, string> = {}) => server.call('downloadAsset', { query: { experimentKey, assetId: saved.body.assetId }, headers });
    const whole = await server.fetch(`/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${saved.body.assetId}`, { headers: { authorization: server.adminKey } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(sha(new Uint8Array(await whole.arrayBuffer()))).toBe(sha(bytes));
    const part = await get({ range: `bytes=${8 * MiB - 3}-${8 * MiB + 3}` });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${8 * MiB - 3}-${8 * MiB + 3}/${bytes.length}`);
    expect(Buffer.from(part.bytes ?? []).equals(bytes.subarray(8 * MiB - 3, 8 * MiB + 4))).toBe(true);
  });

  it('streams a model zip from the store', async () => {
    const experimentKey = await newExperiment(server, 's3');
    const weights = randomBytes(9 * MiB);
    const stored = await server.call('uploadAsset', { query: { experimentKey, type: 'model-element', groupingName: 'net', fileName: 'weights.bin' }, form: fileForm(weights, 'weights.bin') });
    expect(stored.status).toBe(200);
    const reply = await sdkRequest(server, 'GET', 'experiment/model/download', { query: { experimentKey, modelName: 'net' } });
    expect(reply.status).toBe(200);
    // Compared by checksum: a deep comparison of megabytes byte by byte takes seconds.
    expect(readZip(reply.bytes).map(({ name, data }) => ({ name, sha: sha(data) }))).toEqual([{ name: 'weights.bin', sha: sha(weights) }]);
  });

  it('answers 503 saying what to do when the store is gone at a download', async () => {
    const experimentKey = await newExperiment(server, 's3');
    const saved = await upload(experimentKey, Buffer.from('kept safe'));
    expect(saved.status).toBe(200);
    proxy.mode = 'gone';
    const reply = await server.call('downloadAsset', { query: { experimentKey, assetId: saved.body.assetId } });
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ msg: expect.stringMatching(/could not tell the file size \(ECONNRESET\): try again in a moment/), code: 503 });
  });

  it.each<[FaultProxy['mode'], string]>([
    ['refuse-parts', 'AccessDenied'],
    ['gone-at-first-part', 'ECONNRESET'],
  ])('answers 503 saying what to do when the store %s mid-upload, and keeps no row and no object', async (mode, cause) => {
    const experimentKey = await newExperiment(server, 's3');
    const before = await s3.keys();
    proxy.mode = mode;
    const failed = await upload(experimentKey, randomBytes(20 * MiB));
    expect(failed.status, JSON.stringify(failed.body)).toBe(503);
    expect(failed.body).toEqual({
      msg: expect.stringMatching(new RegExp(`^The blob store s3://trackdesk-test/service could not take the upload \\(${cause}\\): try again in a moment; if it keeps failing, ask the service's admin`)),
      code: 503,
      sdk_error_code: SdkError.internal,
    });
    proxy.mode = 'pass';
    expect(await assetCount(experimentKey)).toBe(0);
    expect(await s3.keys()).toEqual(before);
    // A refused part is aborted at once; a store gone away cannot take the abort: the sweep aborts it once old enough.
    if (mode === 'refuse-parts') expect(await s3.uploads()).toEqual([]);
    const sweeper = createS3BlobStore({ bucket: s3.bucket, prefix: 'service', forcePathStyle: true }, { client: s3.client, safeAgeMs: -60_000 });
    await sweeper.sweepTemp(() => true);
    expect(await s3.uploads()).toEqual([]);
  });
});
