import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, uploadModelFile, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const details = async (modelName: string) => {
  const reply = await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName } });
  expect(reply.status).toBe(200);
  return reply.body;
};

describe('registry models (E17, E18, E24 and the reads)', () => {
  it('creates a model and its first version (1.0.0 by default) from an experiment model', async () => {
    const { experimentKey, experimentModelId } = await experimentWithModel(server, 'resnet');
    const created = await server.call('createRegistryModel', {
      body: { experimentModelId, registryModelName: 'resnet-prod', description: 'the resnet', isPublic: true, comment: 'first', stages: ['staging'] },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('content-type')).toBe('application/json');

    const model = await details('resnet-prod');
    expect(model).toMatchObject({
      registryModelId: created.body.registryModelId,
      modelName: 'resnet-prod',
      description: 'the resnet',
      isPublic: true,
      numberOfVersions: 1,
      userName: 'admin',
    });
    expect(model.versions).toHaveLength(1);
    expect(model.versions[0]).toMatchObject({
      registryModelItemId: created.body.registryModelItemId,
      version: '1.0.0',
      comment: 'first',
      stages: ['staging'],
      experimentModel: { experimentModelId, experimentKey, modelName: 'resnet' },
    });
    expect(model.versions[0]?.assets.map((asset) => asset.fileName)).toEqual(['weights.bin']);

    const list = await server.call('listRegistryModels', { query: { workspaceName: WORKSPACE } });
    const overview = list.body.registryModels.find((entry) => entry.modelName === 'resnet-prod');
    expect(overview).toMatchObject({ numberOfVersions: 1, isPublic: true, latestVersion: { version: '1.0.0' } });

    const models = await server.call('listExperimentModels', { query: { experimentKey } });
    expect(models.body.models).toEqual([
      {
        experimentModelId,
        experimentKey,
        modelName: 'resnet',
        registryRecords: [expect.objectContaining({ registryModelName: 'resnet-prod', version: '1.0.0', registryModelId: created.body.registryModelId })],
      },
    ]);
  });

  it('adds versions (E18) and finds the latest by semantic version, optionally by stage', async () => {
    const { experimentModelId } = await experimentWithModel(server, 'bert');
    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'bert', version: '1.9.0', stages: ['production'] } });
    const next = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'bert', version: 'v1.10.0' } });
    expect(next.status).toBe(200);

    const latest = await server.call('latestRegistryModelVersion', { query: { workspaceName: WORKSPACE, modelName: 'bert' } });
    expect(latest.body).toMatchObject({ version: '1.10.0', registryModelItemId: next.body.registryModelItemId });
    const production = await server.call('latestRegistryModelVersion', { query: { workspaceName: WORKSPACE, modelName: 'bert', stage: 'production' } });
    expect(production.body).toMatchObject({ version: '1.9.0', stages: ['production'] });
    const none = await server.call('latestRegistryModelVersion', { query: { workspaceName: WORKSPACE, modelName: 'bert', stage: 'archived' } });
    expect(none.status).toBe(404);
  });

  it('counts models at both paths of E24', async () => {
    const before = await server.call('countRegistryModels', { query: { workspaceName: WORKSPACE } });
    const { experimentModelId } = await experimentWithModel(server, 'counted');
    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'counted' } });
    const after = await server.call('countRegistryModels', { query: { workspaceName: WORKSPACE } });
    expect(after.body.registryModelCount).toBe(before.body.registryModelCount + 1);
    const readPath = await server.fetch(`/api/rest/v2/registry-model/count?workspaceName=${WORKSPACE}`, { headers: { authorization: server.adminKey } });
    expect(await readPath.json()).toEqual({ registryModelCount: after.body.registryModelCount });
  });

  it('rejects a bad semantic version (42001), a duplicate version, unknown models and a taken name', async () => {
    const { experimentKey, experimentModelId } = await experimentWithModel(server, 'strict');
    const bad = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'strict', version: '1.2' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, sdk_error_code: SdkError.badSemver });
    expect(bad.body.msg).toContain('1.2');
    expect((await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName: 'strict' } })).status).toBe(404);

    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'strict' } });
    const duplicate = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'strict', version: '1.0.0' } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.sdk_error_code).toBe(SdkError.duplicateVersion);

    const unknownSource = await server.call('createRegistryModel', { body: { experimentModelId: 'no-such-model', registryModelName: 'x' } });
    expect(unknownSource.status).toBe(404);
    const unknownTarget = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'no-such' } });
    expect(unknownTarget.status).toBe(404);
    expect(unknownTarget.body.sdk_error_code).toBe(SdkError.registryModelNotFound);

    const other = await uploadModelFile(server, experimentKey, 'second');
    const taken = await server.call('createRegistryModel', { body: { experimentModelId: other, registryModelName: 'strict' } });
    expect(taken.status).toBe(409);
  });

  it('refuses a version that differs from an existing one only in build metadata as a duplicate', async () => {
    const { experimentModelId } = await experimentWithModel(server, 'built');
    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'built', version: '1.0.0' } });
    await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'built', version: '2.0.0+build.1' } });
    for (const version of ['1.0.0+build.7', 'v1.0.0+sha.abc', '2.0.0', '2.0.0+build.2']) {
      const duplicate = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'built', version } });
      expect(duplicate.status, version).toBe(400);
      expect(duplicate.body, version).toMatchObject({ code: 400, sdk_error_code: SdkError.duplicateVersion });
    }
    const prerelease = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'built', version: '1.0.0-rc.1' } });
    expect(prerelease.status).toBe(200);
    expect((await details('built')).versions.map((entry) => entry.version)).toEqual(['1.0.0', '2.0.0+build.1', '1.0.0-rc.1']);
  });
});

describe('registry versions and models (E19–E23, E25, E26)', () => {
  it('updates comment and stages, adds and removes single stages', async () => {
    const { experimentModelId } = await experimentWithModel(server, 'staged');
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'staged', stages: ['dev'] } });
    const modelItemId = created.body.registryModelItemId;

    const updated = await server.call('updateRegistryModelVersion', { body: { registryModelItemId: modelItemId, comment: 'better', stages: ['staging', 'qa'] } });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('200 Ok');
    expect((await details('staged')).versions[0]).toMatchObject({ comment: 'better', stages: ['staging', 'qa'] });

    expect((await server.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'production' } })).status).toBe(200);
    expect((await server.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'production' } })).status).toBe(200);
    expect((await server.call('removeRegistryModelVersionStage', { query: { modelItemId, stage: 'qa' } })).status).toBe(200);
    expect((await details('staged')).versions[0]?.stages).toEqual(['staging', 'production']);

    const commentOnly = await server.call('updateRegistryModelVersion', { body: { registryModelItemId: modelItemId, comment: 'only the comment' } });
    expect(commentOnly.status).toBe(200);
    expect((await details('staged')).versions[0]).toMatchObject({ comment: 'only the comment', stages: ['staging', 'production'] });
  });

  it('updates a model, stores very long notes, deletes a version and then the model', async () => {
    const { experimentModelId } = await experimentWithModel(server, 'lifecycle');
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'lifecycle' } });
    await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'lifecycle', version: '2.0.0' } });

    const renamed = await server.call('updateRegistryModel', {
      body: { registryModelId: created.body.registryModelId, registryModelName: 'lifecycle-v2', description: 'renamed', isPublic: true },
    });
    expect(renamed.status).toBe(200);
    expect(await details('lifecycle-v2')).toMatchObject({ modelName: 'lifecycle-v2', description: 'renamed', isPublic: true });

    const notes = `# Notes\n${'a long line of notes. '.repeat(60_000)}`;
    expect(notes.length).toBeGreaterThan(1_000_000);
    const saved = await server.call('updateRegistryModelNotes', { body: { workspaceName: WORKSPACE, registryModelName: 'lifecycle-v2', notes } });
    expect(saved.status).toBe(200);
    const read = await server.call('registryModelNotes', { query: { workspaceName: WORKSPACE, modelName: 'lifecycle-v2' } });
    expect(read.body.notes).toBe(notes);

    const removed = await server.call('deleteRegistryModelVersion', { query: { modelItemId: created.body.registryModelItemId } });
    expect(removed.status).toBe(200);
    expect((await details('lifecycle-v2')).versions.map((version) => version.version)).toEqual(['2.0.0']);
    expect((await server.call('deleteRegistryModelVersion', { query: { modelItemId: created.body.registryModelItemId } })).status).toBe(404);

    expect((await server.call('deleteRegistryModel', { query: { workspaceName: WORKSPACE, modelName: 'lifecycle-v2' } })).status).toBe(200);
    expect((await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName: 'lifecycle-v2' } })).status).toBe(404);
  });
});

describe('registry access and validation', () => {
  it('answers 401 without a key and 400 for missing fields', async () => {
    const noKey = await server.call('createRegistryModel', { key: null, body: { experimentModelId: 'x', registryModelName: 'y' } });
    expect(noKey.status).toBe(401);
    expect((await server.call('listRegistryModels', { key: null, query: { workspaceName: WORKSPACE } })).status).toBe(401);
    expect((await server.call('addRegistryModelVersionStage', { key: null, query: { modelItemId: 'x', stage: 'y' } })).status).toBe(401);

    const missing = await server.fetch('/api/rest/v2/write/registry-model', {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ registryModelName: 'no-source' }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { msg: string }).msg).toContain('experimentModelId');
    const noStage = await server.fetch('/api/rest/v2/write/registry-model/item/stage?modelItemId=x', { headers: { authorization: server.adminKey } });
    expect(noStage.status).toBe(400);
  });

  it("refuses another user's workspace with 403", async () => {
    const { experimentModelId } = await experimentWithModel(server, 'private');
    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'private' } });
    const stranger = await issueApiKey({ ...server.storage, userName: 'stranger' });
    const read = await server.call('registryModelDetails', { key: stranger.apiKey, query: { workspaceName: WORKSPACE, modelName: 'private' } });
    expect(read.status).toBe(403);
    const promote = await server.call('createRegistryModelVersion', {
      key: stranger.apiKey,
      body: { experimentModelId, registryModelName: 'private', version: '9.0.0' },
    });
    expect(promote.status).toBe(403);
  });
});
