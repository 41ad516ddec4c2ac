import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { blobFiles } from '../assets/assets-fixtures.ts';
import { readZip } from '../assets/assets-zip.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment, sdkRequest, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;
let experimentKey: string;
/** The files of the experiment model `packed`, by the name they were uploaded with. */
const weights = randomBytes(1024 * 1024 + 17);
const files: [string, Buffer][] = [
  ['weights.bin', weights],
  ['config/params.json', Buffer.from('{"layers": 3}')],
  ['../../escape.txt', Buffer.from('kept inside the zip')],
  ['weights.bin', Buffer.from('a second file of the same name')],
];

const upload = async (query: Record<string, string>, form: FormData) => {
  const reply = await server.call('uploadAsset', { query: { experimentKey, type: 'model-element', groupingName: 'packed', ...query }, form });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

beforeAll(async () => {
  server = await startTestServer();
  experimentKey = await newExperiment(server);
  for (const [fileName, bytes] of files) await upload({ fileName }, fileForm(bytes, 'file', { metadata: JSON.stringify({ source: fileName }) }));
  const remote = new FormData();
  remote.append('link', 's3://bucket/model/extra.bin');
  await upload({ isRemote: 'true', fileName: 'extra.bin' }, remote);
});
afterAll(async () => {
  await server.close();
});

/** The entries a zip should hold: uploaded files under safe, unique names; the remote file left out. */
const expectedEntries = () => [
  { name: 'weights.bin', data: weights },
  { name: 'config/params.json', data: Buffer.from('{"layers": 3}') },
  { name: 'escape.txt', data: Buffer.from('kept inside the zip') },
  { name: 'weights (2).bin', data: Buffer.from('a second file of the same name') },
];

const register = async (version: string, extra: Record<string, unknown> = {}) => {
  const reply = await sdkRequest(server, 'POST', 'write/registry-model/item/create', {
    body: { experimentKey, experimentModelName: 'packed', registryModelName: 'packed-registry', version, ...extra },
  });
  expect(reply.status).toBe(200);
  return reply.json<{ registryModelItemId: string }>().registryModelItemId;
};

describe('experiment model files (clients.md A.1)', () => {
  it('lists the files of one model (experiment/model/asset/list)', async () => {
    const reply = await sdkRequest(server, 'GET', 'experiment/model/asset/list', { query: { experimentKey, modelName: 'packed' } });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('application/json');
    const { assets } = reply.json<{ assets: { fileName: string; type: string; groupingName: string; remote: boolean; fileSize: number }[] }>();
    expect(assets.map((asset) => asset.fileName)).toEqual([...files.map(([name]) => name), 'extra.bin']);
    expect(assets.every((asset) => asset.type === 'model-element' && asset.groupingName === 'packed')).toBe(true);
    expect(assets.map((asset) => asset.remote)).toEqual([false, false, false, false, true]);
    expect(assets[0]?.fileSize).toBe(weights.length);

    expect((await sdkRequest(server, 'GET', 'experiment/model/asset/list', { query: { experimentKey, modelName: 'other' } })).status).toBe(404);
    const unknown = await sdkRequest(server, 'GET', 'experiment/model/asset/list', { query: { experimentKey: 'no-such-experiment', modelName: 'packed' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ sdk_error_code: SdkError.noSuchExperiment });
  });

  it('downloads the model as a streamed zip of its uploaded files (experiment/model/download)', async () => {
    const reply = await sdkRequest(server, 'GET', 'experiment/model/download', { query: { experimentKey, modelName: 'packed' } });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('application/zip');
    expect(readZip(reply.bytes)).toEqual(expectedEntries());

    const raw = await server.fetch(`/api/rest/v2/experiment/model/download?experimentKey=${experimentKey}&modelName=packed`, { headers: { authorization: server.adminKey } });
    expect(raw.headers.get('transfer-encoding')).toBe('chunked');
    expect(raw.headers.get('content-length')).toBeNull();
    expect(raw.headers.get('content-disposition')).toContain('packed.zip');
    await raw.arrayBuffer();
    expect((await sdkRequest(server, 'GET', 'experiment/model/download', { query: { experimentKey, modelName: 'other' } })).status).toBe(404);
  });
});

describe('registry version downloads (clients.md A.4)', () => {
  it('answers download-instructions with exactly one version whose asset links carry experimentKey and lead to the bytes', async () => {
    const itemId = await register('1.0.0', { tags: ['prod'] });
    await register('1.1.0', { status: 'Staging' });
    await register('2.0.0');
    type Asset = { assetId: string; fileName: string; link: string; metadata: string | null; remote: boolean; s3Link: string | null; type: string; fileSize: number };
    const instructions = async (query: Record<string, string>) => {
      const reply = await sdkRequest(server, 'GET', 'registry-model/item/download-instructions', { query: { workspaceName: WORKSPACE, modelName: 'packed-registry', ...query } });
      return { status: reply.status, body: reply.status === 200 ? reply.json<{ s3DownloadEnabled: boolean; versions: { version: string; registryModelItemId: string; assets: Asset[] }[] }>() : undefined, reply };
    };

    const byVersion = await instructions({ version: '1.0.0' });
    expect(byVersion.status).toBe(200);
    expect(byVersion.reply.contentType).toBe('application/json');
    expect(byVersion.body?.s3DownloadEnabled).toBe(false);
    expect(byVersion.body?.versions).toHaveLength(1);
    const [version] = byVersion.body?.versions ?? [];
    expect(version).toMatchObject({ version: '1.0.0', registryModelItemId: itemId });
    expect(version?.assets.map((asset) => asset.fileName)).toEqual([...files.map(([name]) => name), 'extra.bin']);
    for (const asset of version?.assets ?? []) {
      expect(asset).toHaveProperty('metadata');
      expect(asset.s3Link).toBeNull();
      expect(asset.type).toBe('model-element');
    }
    expect(version?.assets[0]?.metadata).toBe(JSON.stringify({ source: 'weights.bin' }));
    expect(version?.assets[4]).toMatchObject({ remote: true, link: 's3://bucket/model/extra.bin' });

    const first = version?.assets[0];
    const linkKey = new URL(first?.link ?? '').searchParams.get('experimentKey');
    expect(linkKey).toBe(experimentKey);
    const bytes = await sdkRequest(server, 'GET', 'experiment/asset/get-asset', { query: { assetId: first?.assetId ?? '', experimentKey: linkKey } });
    expect(bytes.status).toBe(200);
    expect(bytes.bytes.equals(weights)).toBe(true);

    expect((await instructions({ stage: 'prod' })).body?.versions.map((v) => v.version)).toEqual(['1.0.0']);
    expect((await instructions({ stage: 'staging' })).body?.versions.map((v) => v.version)).toEqual(['1.1.0']);
    expect((await instructions({})).body?.versions.map((v) => v.version)).toEqual(['2.0.0']);
    expect((await instructions({ version: '9.9.9' })).status).toBe(404);
    expect((await instructions({ stage: 'nobody-has-it' })).status).toBe(404);
    expect((await instructions({ version: '1.0.0', stage: 'prod' })).status).toBe(400);
  });

  it('downloads a version as a streamed zip (registry-model/item/download), by version or stage', async () => {
    const download = (query: Record<string, string>) =>
      sdkRequest(server, 'GET', 'registry-model/item/download', { query: { workspaceName: WORKSPACE, modelName: 'packed-registry', ...query } });
    const byVersion = await download({ version: '1.0.0' });
    expect(byVersion.status).toBe(200);
    expect(byVersion.contentType).toBe('application/zip');
    expect(readZip(byVersion.bytes)).toEqual(expectedEntries());
    expect(readZip((await download({ stage: 'prod' })).bytes)).toEqual(expectedEntries());

    const raw = await server.fetch(`/api/rest/v2/registry-model/item/download?workspaceName=${WORKSPACE}&modelName=packed-registry&version=2.0.0`, {
      headers: { authorization: server.adminKey },
    });
    expect(raw.headers.get('transfer-encoding')).toBe('chunked');
    expect(raw.headers.get('content-disposition')).toContain('packed-registry_2.0.0.zip');
    expect(readZip(Buffer.from(await raw.arrayBuffer()))).toEqual(expectedEntries());

    const unknown = await sdkRequest(server, 'GET', 'registry-model/item/download', { query: { workspaceName: WORKSPACE, modelName: 'no-such', version: '1.0.0' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ sdk_error_code: SdkError.registryModelNotFound });
    expect((await download({ version: '1.0.0', stage: 'prod' })).status).toBe(400);
  });
});

describe('a zip whose file disappears underneath', () => {
  it('ends that download as a broken transfer, and the service goes on serving', async () => {
    const lone = await startTestServer();
    const logged = vi.spyOn(console, 'error');
    try {
      const key = await newExperiment(lone);
      const uploaded = await lone.call('uploadAsset', { query: { experimentKey: key, type: 'model-element', groupingName: 'lost', fileName: 'w.bin' }, form: fileForm(randomBytes(4096), 'file') });
      expect(uploaded.status).toBe(200);
      for (const blob of blobFiles(lone.dataDir)) rmSync(join(lone.dataDir, 'blobs', blob.slice(0, 2), blob));
      const broken = sdkRequest(lone, 'GET', 'experiment/model/download', { query: { experimentKey: key, modelName: 'lost' } });
      await expect(broken).rejects.toThrow();
      expect((await lone.call('listWorkspaces')).status).toBe(200);
      // Handled where it happens: the last-resort guard had nothing to catch.
      expect(logged.mock.calls.flat().join(' ')).not.toContain('an error escaped');
    } finally {
      logged.mockRestore();
      await lone.close();
    }
  });
});
