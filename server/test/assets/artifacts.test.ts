import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment, WORKSPACE } from '../registry/registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const upsert = (experimentKey: string, extra: Record<string, unknown> = {}) =>
  server.call('upsertArtifact', { body: { experimentKey, artifactName: 'dataset', artifactType: 'dataset', ...extra } });

describe('artifacts (E50, E51 and the reads)', () => {
  it('creates versions starting OPEN, numbers them, and reads them back', async () => {
    const experimentKey = await newExperiment(server, 'artifacts');
    const first = await upsert(experimentKey, { versionMetadata: '{"rows":10}', alias: ['best'], versionTags: ['raw'] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ currentVersion: '1.0.0', previousVersion: null });
    const second = await upsert(experimentKey, { alias: ['best'], version: null });
    expect(second.body).toMatchObject({ artifactId: first.body.artifactId, currentVersion: '2.0.0', previousVersion: '1.0.0' });
    const chosen = await upsert(experimentKey, { version: '3.0.0' });
    expect(chosen.body).toMatchObject({ currentVersion: '3.0.0', previousVersion: '2.0.0' });

    const all = await server.call('listArtifacts', { query: { workspace: WORKSPACE } });
    expect(all.body.artifacts).toEqual([
      expect.objectContaining({ artifactId: first.body.artifactId, artifactName: 'dataset', artifactType: 'dataset', latestVersion: null, numberOfVersions: 3 }),
    ]);
    const byId = await server.call('getArtifact', { query: { artifact_id: first.body.artifactId } });
    expect(byId.body.versions.map((version) => [version.version, version.state, version.alias])).toEqual([
      ['1.0.0', 'OPEN', []],
      ['2.0.0', 'OPEN', ['best']],
      ['3.0.0', 'OPEN', []],
    ]);
    expect(byId.body.versions[0]).toMatchObject({ artifactVersionId: first.body.artifactVersionId, metadata: '{"rows":10}', tags: ['raw'], experimentKey, owner: 'admin' });
    const byName = await server.call('getArtifact', { query: { workspace: WORKSPACE, artifactName: 'dataset' } });
    expect(byName.body.artifactId).toBe(first.body.artifactId);
    expect((await server.call('getArtifact', { query: { workspace: WORKSPACE, artifactName: 'none' } })).body.sdk_error_code).toBe(SdkError.noArtifact);
    expect((await server.call('getArtifact', { query: {} })).status).toBe(400);
  });

  it('closes a version for good: state changes, re-upserts and new files are refused with 90401/90399', async () => {
    const experimentKey = await newExperiment(server, 'artifacts');
    const created = await server.call('upsertArtifact', { body: { experimentKey, artifactName: 'model-files', artifactType: 'model', version: '1.0.0' } });
    const artifactVersionId = created.body.artifactVersionId;
    const openUpload = await server.call('uploadAsset', { query: { experimentKey, artifactVersionId }, form: fileForm('part one', 'a.bin') });
    expect(openUpload.status).toBe(200);

    const invalid = await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'DONE' } });
    expect(invalid.body).toMatchObject({ code: 400, sdk_error_code: SdkError.invalidState });
    const closed = await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'CLOSED', isPublic: false } });
    expect(closed.status).toBe(200);
    expect((await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'CLOSED' } })).status).toBe(200);
    const reopen = await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state: 'ERROR' } });
    expect(reopen.body).toMatchObject({ code: 400, sdk_error_code: SdkError.stateImmutable });

    const lateUpload = await server.call('uploadAsset', { query: { experimentKey, artifactVersionId }, form: fileForm('part two', 'b.bin') });
    expect(lateUpload.body.sdk_error_code).toBe(SdkError.stateImmutable);
    const lateRemote = await server.call('uploadRemoteAssets', { body: { experimentKey, remoteAssets: [{ link: 's3://b/c', artifactVersionId }] } });
    expect(lateRemote.body.sdk_error_code).toBe(SdkError.stateImmutable);
    const again = await server.call('upsertArtifact', { body: { experimentKey, artifactName: 'model-files', artifactType: 'model', version: '1.0.0' } });
    expect(again.body.sdk_error_code).toBe(SdkError.artifactVersionExists);

    const unknown = await server.call('setArtifactState', { body: { experimentKey, artifactVersionId: 'nope', state: 'CLOSED' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.sdk_error_code).toBe(SdkError.noArtifactVersion);
    const version = (await server.call('getArtifact', { query: { artifact_id: created.body.artifactId } })).body.versions[0];
    expect(version?.state).toBe('CLOSED');
    const assets = (await server.call('listAssets', { query: { experimentKey } })).body.assets;
    expect(assets.map((asset) => [asset.fileName, asset.artifactVersionId])).toEqual([['a.bin', artifactVersionId]]);
  });

  it('answers 401 without a key, 400 for missing fields, 400 for a bad version or a type change', async () => {
    const experimentKey = await newExperiment(server, 'artifacts');
    expect((await server.call('upsertArtifact', { key: null, body: { experimentKey, artifactName: 'x', artifactType: 'y' } })).status).toBe(401);
    expect((await server.call('listArtifacts', { key: null, query: { workspace: WORKSPACE } })).status).toBe(401);
    expect((await server.call('upsertArtifact', { body: { experimentKey, artifactName: 'x' } as never })).status).toBe(400);
    expect((await upsert(experimentKey, { artifactName: 'versioned', version: 'one' })).body.sdk_error_code).toBe(SdkError.badSemver);
    await upsert(experimentKey, { artifactName: 'typed' });
    expect((await upsert(experimentKey, { artifactName: 'typed', artifactType: 'model' })).status).toBe(400);
  });
});

describe('visualization stores (E52), panels (E53) and remote calls (E54)', () => {
  it('replaces a visualization instance store as a whole and reads it back', async () => {
    const projectId = (await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'viz', projectDescription: '', isPublic: false } })).body.projectId;
    const saved = await server.call('saveStore', { body: { instanceId: 'panel-1', projectId, store: '{"zoom":1}' } });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Stored');
    await server.call('saveStore', { body: { instanceId: 'panel-1', projectId, store: '{"zoom":2}' } });
    const read = await server.call('getStore', { query: { instanceId: 'panel-1' } });
    expect(read.body).toMatchObject({ instanceId: 'panel-1', projectId, store: '{"zoom":2}' });
    expect((await server.call('getStore', { query: { instanceId: 'other' } })).status).toBe(404);
    expect((await server.call('saveStore', { body: { instanceId: 'x', projectId: 'no-project', store: '' } })).status).toBe(404);
    expect((await server.call('saveStore', { key: null, body: { instanceId: 'x', projectId, store: '' } })).status).toBe(401);
    expect((await server.call('saveStore', { body: { instanceId: 'x', projectId } as never })).status).toBe(400);
  });

  it('stores panel zips per workspace, replaces one by templateId, and serves them', async () => {
    const uploaded = await server.call('uploadPanel', { query: { teamName: WORKSPACE }, form: fileForm('zip v1', 'chart.zip') });
    expect(uploaded.status).toBe(200);
    const { templateId } = uploaded.body;
    const replaced = await server.call('uploadPanel', { query: { teamName: WORKSPACE, templateId }, form: fileForm('zip version 2', 'chart.zip') });
    expect(replaced.body.templateId).toBe(templateId);
    const list = await server.call('listPanels', { query: { teamName: WORKSPACE } });
    expect(list.body.panels).toEqual([expect.objectContaining({ templateId, teamName: WORKSPACE, fileName: 'chart.zip', fileSize: 13 })]);
    const download = await server.call('downloadPanel', { query: { templateId } });
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.bytes.toString()).toBe('zip version 2');
    expect((await server.call('uploadPanel', { query: { teamName: WORKSPACE, templateId: 'nope' }, form: fileForm('z', 'z.zip') })).status).toBe(404);
    expect((await server.call('uploadPanel', { key: null, query: { teamName: WORKSPACE }, form: fileForm('z', 'z.zip') })).status).toBe(401);
  });

  it("records remote calls for the experiment's process, which fetches pending ones and reports results once", async () => {
    const experimentKey = await newExperiment(server, 'rpc');
    const sent = await server.call('sendRpc', { body: { experimentKey, functionName: 'stop_early', arguments: { patience: 3 } } });
    expect(sent.status).toBe(200);
    const other = await server.call('sendRpc', { body: { experimentKey, functionName: 'ping' } });
    const pending = await server.call('listRpcCalls', { query: { experimentKey, status: 'pending' } });
    expect(pending.body.calls.map((call) => [call.callId, call.functionName, call.arguments, call.status])).toEqual([
      [sent.body.callId, 'stop_early', { patience: 3 }, 'pending'],
      [other.body.callId, 'ping', {}, 'pending'],
    ]);

    expect((await server.call('saveRpcResult', { body: { experimentKey, callId: sent.body.callId, success: true, result: { stopped: true } } })).status).toBe(200);
    expect((await server.call('saveRpcResult', { body: { experimentKey, callId: other.body.callId, success: false, error: 'no such function' } })).status).toBe(200);
    const twice = await server.call('saveRpcResult', { body: { experimentKey, callId: sent.body.callId, success: true } });
    expect(twice.status).toBe(400);
    expect((await server.call('listRpcCalls', { query: { experimentKey, status: 'pending' } })).body.calls).toEqual([]);
    const all = await server.call('listRpcCalls', { query: { experimentKey } });
    expect(all.body.calls.map((call) => [call.status, call.result, call.error])).toEqual([
      ['succeeded', { stopped: true }, null],
      ['failed', null, 'no such function'],
    ]);
    expect((await server.call('sendRpc', { key: null, body: { experimentKey, functionName: 'x' } })).status).toBe(401);
    expect((await server.call('sendRpc', { body: { experimentKey } as never })).status).toBe(400);
    expect((await server.call('saveRpcResult', { body: { experimentKey, callId: 'nope', success: true } })).status).toBe(404);
  });
});
