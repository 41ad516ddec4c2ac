import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkCall, sdkUpload, startSdkRun, type SdkPart } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { pythonHeaders, rest } from '../support/sdk-requests.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const assetsOf = async (experimentKey: string, type?: string) => (await server.call('listAssets', { query: { experimentKey, type } })).body.assets;
const download = async (experimentKey: string, assetId: string) => {
  const reply = await fetch(`${server.url}${rest(`experiment/asset/get-asset?assetId=${assetId}&experimentKey=${experimentKey}`)}`, { headers: pythonHeaders(TEST_ADMIN_KEY) });
  return { status: reply.status, bytes: Buffer.from(await reply.arrayBuffer()) };
};
/** The JSON part `requestParams` as `requests` sends it: no file name, type application/json. */
const requestParams = (value: unknown): SdkPart => ({ name: 'requestParams', value: JSON.stringify(value) });
const comparable = ({ assetId: _id, link: _l, compressedAssetLink: _c, curlDownload: _curl, createdAt: _at, ...rest }: Record<string, unknown>) => rest;

describe('clientlib 3-D point clouds (log_points_3d, clients.md B.7)', () => {
  it('creates the scene, stores its thumbnail, points and boxes as assets naming the scene, and replaces them when re-sent', async () => {
    const key = await startSdkRun(server.url, 'scenes');
    const metadata = JSON.stringify({ xRange: [0, 1], yRange: [0, 2], zRange: [0, 3] });
    const created = await sdkCall(server.url, {
      path: 'asset',
      body: { apiKey: TEST_ADMIN_KEY, experimentKey: key, userFileName: 'scene-1', assetType: '3d-image', step: 2, metadata },
      experimentKey: key,
      // The key in the body only.
      key: null,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const sceneId = String(created.json.assetId);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    const thumbnail = await sdkUpload(server.url, {
      path: `asset/${sceneId}/thumbnail`,
      method: 'PUT',
      parts: [requestParams({ apiKey: TEST_ADMIN_KEY, experimentKey: key, thumbnailExtension: '.png' }), { name: 'thumbnail', value: png, filename: 'file', contentType: 'image/png' }],
      experimentKey: key,
    });
    expect(thumbnail.status, JSON.stringify(thumbnail.json)).toBe(200);
    const item = (kind: 'points' | 'boxes', content: string) =>
      sdkUpload(server.url, {
        path: 'asset/asset-item',
        parts: [
          requestParams({ apiKey: TEST_ADMIN_KEY, assetId: sceneId, experimentKey: key, userFileName: `${kind}.jsonl`, assetItemType: kind }),
          { name: 'assetItemContent', value: content, filename: `${kind}.jsonl` },
        ],
        experimentKey: key,
      });
    const points = '[0, 0, 0, 255, 0, 0]\n[1, 2, 3, 0, 255, 0]\n';
    expect((await item('points', points)).status).toBe(200);
    const boxes = '{"segments": [[[0,0,0],[1,1,1]]], "name": "car", "score": 0.9}\n';
    expect((await item('boxes', boxes)).status).toBe(200);
    expect((await item('points', points + '[4, 5, 6]\n')).status).toBe(200);

    const listed = Object.fromEntries((await assetsOf(key)).map((asset) => [asset.assetId, asset]));
    expect(listed[sceneId]).toMatchObject({ type: '3d-image', fileName: 'scene-1', step: 2, metadata, fileSize: 0 });
    const scene = JSON.stringify({ sceneAssetId: sceneId });
    expect(listed[`${sceneId}-thumbnail`]).toMatchObject({ type: '3d-thumbnail', fileName: 'scene-1-thumbnail.png', fileSize: png.length, metadata: scene, step: 2 });
    expect(listed[`${sceneId}-points`]).toMatchObject({ type: '3d-points', fileName: 'points.jsonl', metadata: scene });
    expect(listed[`${sceneId}-boxes`]).toMatchObject({ type: '3d-boxes', fileName: 'boxes.jsonl', metadata: scene });
    expect(Object.keys(listed)).toHaveLength(4);
    expect((await download(key, `${sceneId}-thumbnail`)).bytes.equals(png)).toBe(true);
    expect((await download(key, `${sceneId}-points`)).bytes.toString()).toBe(points + '[4, 5, 6]\n');
    expect(await download(key, sceneId)).toMatchObject({ status: 200 });
    expect((await assetsOf(key, '3d-image')).map((asset) => asset.assetId)).toEqual([sceneId]);
  });

  it('refuses an unknown scene (404), bad requestParams (400) and a missing content part (400), keeping nothing', async () => {
    const key = await startSdkRun(server.url, 'scenes');
    const send = (parts: SdkPart[]) => sdkUpload(server.url, { path: 'asset/asset-item', parts, experimentKey: key });
    const content: SdkPart = { name: 'assetItemContent', value: '[0,0,0]\n', filename: 'points.jsonl' };
    const params = { apiKey: TEST_ADMIN_KEY, assetId: 'no-such-scene', experimentKey: key, userFileName: 'points.jsonl', assetItemType: 'points' };
    expect((await send([requestParams(params), content])).status).toBe(404);
    const badType = await send([requestParams({ ...params, assetItemType: 'lines' }), content]);
    expect(badType.status).toBe(400);
    expect(badType.json.msg).toMatch(/requestParams/);
    expect((await send([{ name: 'requestParams', value: '{not json' }, content])).status).toBe(400);
    expect((await send([requestParams(params)])).status).toBe(400);
    const thumbnail = await sdkUpload(server.url, {
      path: 'asset/no-such-scene/thumbnail',
      method: 'PUT',
      parts: [requestParams({ experimentKey: key }), { name: 'thumbnail', value: 'x', filename: 'file' }],
    });
    expect(thumbnail.status).toBe(404);
    expect(await assetsOf(key)).toEqual([]);
  });
});

describe('clientlib remote models (log_remote_model, clients.md B.7)', () => {
  it('makes the experiment model with one remote model-element asset per entity, under the client assetIds', async () => {
    const key = await startSdkRun(server.url, 'remote');
    const body = {
      apiKey: TEST_ADMIN_KEY,
      experimentKey: key,
      modelName: 'hub-model',
      remoteEntities: [
        { assetId: 'aa'.repeat(16), remoteUrl: 'https://models.example.com/w.bin', fileName: 'w.bin', metadata: '{"sha":"1"}' },
        { assetId: 'bb'.repeat(16), remoteUrl: 's3://bucket/config.json', fileName: 'config.json' },
      ],
    };
    const reply = await sdkCall(server.url, { path: '/clientlib/asset/log-remote-model', body, experimentKey: key, key: null });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const models = (await server.call('listExperimentModels', { query: { experimentKey: key } })).body.models;
    expect(models).toMatchObject([{ modelName: 'hub-model', experimentModelId: reply.json.experimentModelId }]);
    const files = (await server.call('listExperimentModelAssets', { query: { experimentKey: key, modelName: 'hub-model' } })).body.assets;
    expect(files.map((file) => [file.assetId, file.fileName, file.remote, file.link, file.type, file.metadata])).toEqual([
      ['aa'.repeat(16), 'w.bin', true, 'https://models.example.com/w.bin', 'model-element', '{"sha":"1"}'],
      ['bb'.repeat(16), 'config.json', true, 's3://bucket/config.json', 'model-element', null],
    ]);
    const bad = await sdkCall(server.url, { path: '/clientlib/asset/log-remote-model', body: { ...body, remoteEntities: [{ remoteUrl: 'not a url' }] } });
    expect(bad.status).toBe(400);
    expect(await assetsOf(key)).toHaveLength(2);
  });
});

describe('clientlib artifact remote assets (LoggedArtifact remote files, clients.md B.7)', () => {
  it('stores the gzip batch as E46 stores remote assets, under the client assetIds, as files of the artifact version', async () => {
    const key = await startSdkRun(server.url, 'remote');
    const created = await server.call('upsertArtifact', { body: { experimentKey: key, artifactName: 'remote-set', artifactType: 'dataset', version: '1.0.0' } });
    const { artifactVersionId, artifactId } = created.body;
    const item = (assetId: string, link: string, fileName: string) => ({
      link,
      type: 'asset',
      metadata: '{"part":1}',
      assetId,
      fileName,
      isRemote: true,
      overwrite: false,
      step: 0,
      context: null,
      runId: 'r',
      artifactVersionId,
    });
    const body = { remoteArtifactAssetRequests: [item('cc'.repeat(16), 'https://data.example.com/a.csv', 'a.csv'), item('dd'.repeat(16), 'gs://b/b.csv', 'b.csv')] };
    const reply = await sdkCall(server.url, { path: '/clientlib/rest/v2/write/artifact/assets/remote/batch', query: { experimentKey: key }, body, gzip: true, experimentKey: key });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json.assetIds).toEqual(['cc'.repeat(16), 'dd'.repeat(16)]);
    const files = (await server.call('listArtifactVersionFiles', { query: { artifact_id: artifactId, version: '1.0.0' } })).body.files;
    expect(files.map((file) => [file.assetId, file.fileName, file.remote])).toEqual([
      ['cc'.repeat(16), 'a.csv', true],
      ['dd'.repeat(16), 'b.csv', true],
    ]);

    const viaRest = await startSdkRun(server.url, 'remote');
    const other = await server.call('upsertArtifact', { body: { experimentKey: viaRest, artifactName: 'remote-set-2', artifactType: 'dataset', version: '1.0.0' } });
    const e46 = { link: 'https://data.example.com/a.csv', type: 'asset', metadata: '{"part":1}', fileName: 'a.csv', step: 0, artifactVersionId: other.body.artifactVersionId };
    expect((await server.call('uploadRemoteAssets', { body: { experimentKey: viaRest, remoteAssets: [e46] } })).status).toBe(200);
    const [mine] = await assetsOf(key);
    const [theirs] = await assetsOf(viaRest);
    expect({ ...comparable(mine ?? {}), artifactVersionId: null }).toEqual({ ...comparable(theirs ?? {}), artifactVersionId: null });

    const overwrite = { remoteArtifactAssetRequests: [{ ...item('ee'.repeat(16), 'https://data.example.com/a2.csv', 'a.csv'), overwrite: true }] };
    expect((await sdkCall(server.url, { path: '/clientlib/rest/v2/write/artifact/assets/remote/batch', query: { experimentKey: key }, body: overwrite, gzip: true })).status).toBe(200);
    expect((await assetsOf(key)).map((asset) => asset.assetId)).toEqual(['dd'.repeat(16), 'ee'.repeat(16)]);
    expect((await server.call('setArtifactState', { body: { experimentKey: key, artifactVersionId, state: 'CLOSED' } })).status).toBe(200);
    const late = await sdkCall(server.url, { path: '/clientlib/rest/v2/write/artifact/assets/remote/batch', query: { experimentKey: key }, body, gzip: true });
    expect(late.status).toBe(400);
  });
});
