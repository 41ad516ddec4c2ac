import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { blobFiles } from './assets-fixtures.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** An experiment with an OPEN artifact version holding one file `weights.bin`. */
async function versionWithFile() {
  const experimentKey = await newExperiment(server, 'frozen');
  const created = await server.call('upsertArtifact', { body: { experimentKey, artifactName: `files-${experimentKey}`, artifactType: 'model' } });
  const { artifactVersionId } = created.body;
  const uploaded = await server.call('uploadAsset', { query: { experimentKey, artifactVersionId }, form: fileForm('version bytes', 'weights.bin') });
  expect(uploaded.status).toBe(200);
  return { experimentKey, artifactVersionId, assetId: uploaded.body.assetId };
}

const listAssets = async (experimentKey: string) => (await server.call('listAssets', { query: { experimentKey } })).body.assets;

describe('files of an artifact version (E44 overwrite, E47, E48, E49)', () => {
  it('can be tagged, untagged, replaced and deleted while the version is OPEN', async () => {
    const { experimentKey, artifactVersionId, assetId } = await versionWithFile();
    expect((await server.call('addAssetTags', { body: { experimentKey, assetId, tags: ['a', 'b'] } })).status).toBe(200);
    expect((await server.call('deleteAssetTag', { query: { experimentKey, assetId, tag: 'a' } })).status).toBe(200);
    expect((await listAssets(experimentKey))[0]?.tags).toEqual(['b']);

    const replaced = await server.call('uploadAsset', { query: { experimentKey, artifactVersionId, overwrite: true }, form: fileForm('new bytes', 'weights.bin') });
    expect(replaced.status).toBe(200);
    expect((await listAssets(experimentKey)).map((asset) => asset.assetId)).toEqual([replaced.body.assetId]);
    expect((await server.call('deleteAsset', { query: { experimentKey, assetId: replaced.body.assetId } })).status).toBe(200);
    expect(await listAssets(experimentKey)).toEqual([]);
  });

  it('are frozen once the version is CLOSED: 400 (90401) and the files stay as they were', async () => {
    const { experimentKey, artifactVersionId, assetId } = await versionWithFile();
    await server.call('addAssetTags', { body: { experimentKey, assetId, tags: ['kept'] } });
    expect((await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'CLOSED' } })).status).toBe(200);
    const blobsBefore = blobFiles(server.dataDir).length;

    const attempts = {
      delete: await server.call('deleteAsset', { query: { experimentKey, assetId } }),
      tag: await server.call('addAssetTags', { body: { experimentKey, assetId, tags: ['late'] } }),
      untag: await server.call('deleteAssetTag', { query: { experimentKey, assetId, tag: 'kept' } }),
      overwrite: await server.call('uploadAsset', { query: { experimentKey, overwrite: true }, form: fileForm('replacement', 'weights.bin') }),
    };
    for (const [change, reply] of Object.entries(attempts)) {
      expect(reply.status, change).toBe(400);
      expect(reply.body, change).toMatchObject({ code: 400, sdk_error_code: SdkError.stateImmutable });
    }

    const assets = await listAssets(experimentKey);
    expect(assets.map((asset) => [asset.assetId, asset.artifactVersionId, asset.tags])).toEqual([[assetId, artifactVersionId, ['kept']]]);
    const download = await server.call('downloadAsset', { query: { experimentKey, assetId } });
    expect(download.bytes.toString()).toBe('version bytes');
    expect(blobFiles(server.dataDir)).toHaveLength(blobsBefore);
  });

  it('are frozen too when the version ended in ERROR, while other files of the experiment stay changeable', async () => {
    const { experimentKey, artifactVersionId, assetId } = await versionWithFile();
    const loose = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('loose', 'notes.txt') });
    await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'ERROR' } });
    expect((await server.call('deleteAsset', { query: { experimentKey, assetId } })).body.sdk_error_code).toBe(SdkError.stateImmutable);
    expect((await server.call('deleteAsset', { query: { experimentKey, assetId: loose.body.assetId } })).status).toBe(200);
    expect((await listAssets(experimentKey)).map((asset) => asset.assetId)).toEqual([assetId]);
  });
});
