import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callError, startBackend, tempDir } from './helpers.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
let modelItemId: string;

beforeAll(async () => {
  backend = await startBackend();
  const files = await tempDir('trackdesk-pending-');
  const { experimentKey } = (await call(backend, 'api.call', { endpoint: 'createExperiment', body: { workspaceName: 'admin', projectName: 'governed' } })) as { experimentKey: string };
  const path = join(files, 'weights.bin');
  await writeFile(path, 'weights');
  const uploaded = (await call(backend, 'transfers.upload', {
    transferId: 'model',
    endpoint: 'uploadAsset',
    query: { experimentKey, type: 'model-element', groupingName: 'net', fileName: 'weights.bin' },
    filePath: path,
  })) as { experimentModelId: string };
  const created = (await call(backend, 'api.call', {
    endpoint: 'createRegistryModel',
    body: { experimentModelId: uploaded.experimentModelId, registryModelName: 'governed', version: '1.0.0' },
  })) as { registryModelItemId: string };
  modelItemId = created.registryModelItemId;
  await call(backend, 'api.call', {
    endpoint: 'setRegistryPolicy',
    body: { workspaceName: 'admin', modelName: 'governed', rules: [{ kind: 'stage', value: 'production', approvers: [] }] },
  });
});

describe('a change an approval policy holds back (HTTP 202)', () => {
  it('crosses the bridge as pending_approval with the service’s message, never as a change made or a broken reply', async () => {
    const error = await callError(backend, 'api.call', { endpoint: 'addRegistryModelVersionStage', query: { modelItemId, stage: 'production' } });
    expect(error.code).toBe('pending_approval');
    expect(error.status).toBe(202);
    expect(error.sdkErrorCode).toBe(42030);
    expect(error.message).toMatch(/\S/);
    const { requests } = (await call(backend, 'api.call', { endpoint: 'listPromotionRequests', query: { workspaceName: 'admin', modelName: 'governed', state: 'pending' } })) as {
      requests: { registryModelItemId: string; kind: string; value: string }[];
    };
    expect(requests).toEqual([expect.objectContaining({ registryModelItemId: modelItemId, kind: 'stage', value: 'production' })]);
  });

  it('a change no rule protects is made as before', async () => {
    await call(backend, 'api.call', { endpoint: 'addRegistryModelVersionStage', query: { modelItemId, stage: 'staging' } });
    const item = (await call(backend, 'api.call', { endpoint: 'registryModelItemDetails', query: { workspaceName: 'admin', modelName: 'governed', version: '1.0.0' } })) as { tags: string[] };
    expect(item.tags).toEqual(['staging']);
  });
});
