import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../shared/api/index.ts';
import { issueApiKey } from '../src/keys.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { experimentWithModel, sdkRequest, uploadModelFile, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The body `register_model` sends (clients.md A.4): every key, unset ones null. */
const registerBody = (experimentKey: string, experimentModelName: string, registryModelName: string, extra: Record<string, unknown> = {}) => ({
  experimentKey,
  experimentModelName,
  registryModelName,
  registryModelDescription: null,
  version: null,
  versionComment: null,
  tags: null,
  status: null,
  publicModel: null,
  ...extra,
});

type Item = { registryModelItemId: string; version: string; tags: string[]; stages: string[]; status: string; metadata: Record<string, unknown>; comment: string };

const details = async (modelName: string, version: string) => {
  const reply = await sdkRequest(server, 'GET', 'registry-model/item/details', { query: { workspaceName: WORKSPACE, modelName, version } });
  expect(reply.status, reply.bytes.toString()).toBe(200);
  return reply.json<Item>();
};

const register = async (experimentKey: string, modelName: string, registryModelName: string, extra: Record<string, unknown> = {}) => {
  const reply = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody(experimentKey, modelName, registryModelName, extra) });
  expect(reply.status, reply.bytes.toString()).toBe(200);
  return reply.json<{ registryModelItemId: string; registryModelId: string }>();
};

describe('registering a model as the SDK does (write/registry-model/item/create)', () => {
  it('creates the registry model and version 1.0.0, readable through compact-details and item/details', async () => {
    const { experimentKey, experimentModelId } = await experimentWithModel(server, 'net');
    const created = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody(experimentKey, 'net', 'net-registry') });
    expect(created.status).toBe(200);
    expect(created.contentType).toBe('application/json');
    const ids = created.json<{ registryModelItemId: string; registryModelId: string }>();

    const compact = await sdkRequest(server, 'GET', 'registry-model/compact-details', { query: { workspaceName: WORKSPACE, modelName: 'net-registry' } });
    expect(compact.status).toBe(200);
    expect(compact.contentType).toBe('application/json');
    expect(compact.json()).toEqual({ registryModelId: ids.registryModelId, modelName: 'net-registry', workspaceName: WORKSPACE, numberOfVersions: 1 });

    const item = await details('net-registry', '1.0.0');
    expect(item).toMatchObject({
      registryModelItemId: ids.registryModelItemId,
      registryModelId: ids.registryModelId,
      registryModelName: 'net-registry',
      workspaceName: WORKSPACE,
      version: '1.0.0',
      comment: '',
      tags: [],
      stages: [],
      status: 'None',
      metadata: {},
      experimentKey,
      experimentModelId,
      experimentModelName: 'net',
      userName: 'admin',
    });
    expect(item).toHaveProperty('createdAt', expect.any(Number));
    expect(item).toHaveProperty('lastUpdated', expect.any(Number));
    expect((await details('net-registry', 'v1.0.0')).registryModelItemId).toBe(ids.registryModelItemId);

    const model = await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName: 'net-registry' } });
    expect(model.body).toMatchObject({ description: '', isPublic: false, versions: [{ version: '1.0.0', status: 'None', stages: [] }] });
  });

  it('takes version, comment, tags (as stages), status, description and visibility; the last two only for a new model', async () => {
    const { experimentKey } = await experimentWithModel(server, 'full');
    await register(experimentKey, 'full', 'full-registry', {
      version: '2.1.0',
      versionComment: 'first',
      tags: ['staging', 'qa'],
      status: 'production',
      registryModelDescription: 'the full model',
      publicModel: true,
    });
    expect(await details('full-registry', '2.1.0')).toMatchObject({ comment: 'first', tags: ['staging', 'qa'], stages: ['staging', 'qa'], status: 'Production' });

    await register(experimentKey, 'full', 'full-registry', { version: '2.2.0', registryModelDescription: 'ignored', publicModel: false });
    const model = await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName: 'full-registry' } });
    expect(model.body).toMatchObject({ description: 'the full model', isPublic: true, numberOfVersions: 2 });
    expect((await details('full-registry', '2.2.0')).status).toBe('None');
  });

  it('refuses a bad semantic version (42001), an existing version, a status not allowed, unknown sources, and saves nothing then', async () => {
    const { experimentKey } = await experimentWithModel(server, 'strict');
    const send = (extra: Record<string, unknown>, modelName = 'strict') =>
      sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody(experimentKey, modelName, 'strict-registry', extra) });

    const badSemver = await send({ version: '1.2' });
    expect(badSemver.status).toBe(400);
    expect(badSemver.json()).toMatchObject({ code: 400, sdk_error_code: SdkError.badSemver });
    const badStatus = await send({ status: 'Archived' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json<{ msg: string }>().msg).toContain('None, Development, Staging, Production');
    const compact = await sdkRequest(server, 'GET', 'registry-model/compact-details', { query: { workspaceName: WORKSPACE, modelName: 'strict-registry' } });
    expect(compact.status).toBe(404);
    expect(compact.json()).toMatchObject({ sdk_error_code: SdkError.registryModelNotFound });

    expect((await send({})).status).toBe(200);
    const existing = await send({ version: '1.0.0' });
    expect(existing.status).toBe(400);
    expect(existing.json()).toMatchObject({ code: 400, sdk_error_code: SdkError.duplicateVersion });
    expect((await send({}, 'no-such-model')).status).toBe(404);
    const unknownExperiment = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody('no-such-experiment', 'strict', 'strict-registry') });
    expect(unknownExperiment.status).toBe(404);
    const noKey = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: { experimentModelName: 'strict', registryModelName: 'x' } });
    expect(noKey.status).toBe(400);
    expect(noKey.json()).toMatchObject({ sdk_error_code: SdkError.experimentKeyMissing });

    const items = await server.call('listRegistryModelItems', { query: { workspaceName: WORKSPACE, modelName: 'strict-registry' } });
    expect(items.body.items.map((item) => item.version)).toEqual(['1.0.0']);
  });
});

describe('versions, status, tags and metadata', () => {
  it('lists versions newest first by semantic version, filtered by tag, status and version prefix (empty = no filter)', async () => {
    const { experimentKey } = await experimentWithModel(server, 'ordered');
    for (const [version, tags, status] of [
      ['1.2.0', ['prod'], 'Production'],
      ['1.10.0', ['prod', 'qa'], null],
      ['1.0.0', null, 'Staging'],
      ['2.0.0-rc.1', ['qa'], null],
      ['2.0.0', null, 'Production'],
    ] as const) {
      await register(experimentKey, 'ordered', 'ordered-registry', { version, tags, status });
    }
    const list = async (filters: Record<string, string>) => {
      const reply = await sdkRequest(server, 'GET', 'registry-model/items', { query: { workspaceName: WORKSPACE, modelName: 'ordered-registry', ...filters } });
      expect(reply.status).toBe(200);
      expect(reply.contentType).toBe('application/json');
      return reply.json<{ items: Item[] }>().items.map((item) => item.version);
    };
    expect(await list({})).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.2.0', '1.0.0']);
    expect(await list({ tag: '', status: '', versionPrefix: '' })).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.2.0', '1.0.0']);
    expect(await list({ tag: 'prod' })).toEqual(['1.10.0', '1.2.0']);
    expect(await list({ status: 'Production' })).toEqual(['2.0.0', '1.2.0']);
    expect(await list({ versionPrefix: '1.1' })).toEqual(['1.10.0']);
    expect(await list({ tag: 'qa', versionPrefix: '2.' })).toEqual(['2.0.0-rc.1']);
    expect(await list({ tag: 'none-has-it' })).toEqual([]);
  });

  it('sets a status from the allowed list (case-insensitively) and refuses others with 400, leaving it unchanged', async () => {
    const { experimentKey } = await experimentWithModel(server, 'statused');
    const { registryModelItemId } = await register(experimentKey, 'statused', 'statused-registry');
    const allowed = await sdkRequest(server, 'GET', 'registry-model/allowed_status_values', { query: { workspaceName: WORKSPACE } });
    expect(allowed.status).toBe(200);
    expect(allowed.json()).toEqual({ allowedStatus: ['None', 'Development', 'Staging', 'Production'] });

    const set = await sdkRequest(server, 'POST', 'write/registry-model/item/status', { body: { status: 'Staging', modelItemId: registryModelItemId } });
    expect(set.status).toBe(200);
    expect(set.json()).toMatchObject({ msg: '200 Ok' });
    expect((await details('statused-registry', '1.0.0')).status).toBe('Staging');
    await sdkRequest(server, 'POST', 'write/registry-model/item/status', { body: { status: 'production', modelItemId: registryModelItemId } });
    expect((await details('statused-registry', '1.0.0')).status).toBe('Production');

    const refused = await sdkRequest(server, 'POST', 'write/registry-model/item/status', { body: { status: 'Retired', modelItemId: registryModelItemId } });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400, sdk_error_code: SdkError.validation });
    expect((await details('statused-registry', '1.0.0')).status).toBe('Production');
    const unknown = await sdkRequest(server, 'POST', 'write/registry-model/item/status', { body: { status: 'None', modelItemId: 'no-such-item' } });
    expect(unknown.status).toBe(404);
  });

  it("maps the SDK's model tags onto E25/E26 stages", async () => {
    const { experimentKey } = await experimentWithModel(server, 'tagged');
    const { registryModelItemId } = await register(experimentKey, 'tagged', 'tagged-registry', { tags: ['a'] });
    const added = await sdkRequest(server, 'GET', 'write/registry-model/item/stage', { query: { modelItemId: registryModelItemId, stage: 'b' } });
    expect(added.status).toBe(200);
    expect((await details('tagged-registry', '1.0.0')).tags).toEqual(['a', 'b']);
    await sdkRequest(server, 'GET', 'write/registry-model/item/stage/delete', { query: { modelItemId: registryModelItemId, stage: 'a' } });
    expect(await details('tagged-registry', '1.0.0')).toMatchObject({ tags: ['b'], stages: ['b'] });
  });

  it('reads and replaces a version metadata document (values any JSON), refusing duplicate keys and strangers', async () => {
    const { experimentKey } = await experimentWithModel(server, 'described');
    const { registryModelItemId } = await register(experimentKey, 'described', 'described-registry');
    const read = async () => {
      const reply = await sdkRequest(server, 'GET', `registry-model/item/${registryModelItemId}/metadata`);
      expect(reply.status).toBe(200);
      expect(reply.contentType).toBe('application/json');
      return reply.json<{ metadata: { key: string; value: unknown }[] }>().metadata;
    };
    expect(await read()).toEqual([]);

    const metadata = [
      { key: 'framework', value: 'torch' },
      { key: 'hyper', value: { lr: 0.001, layers: [64, 32], nested: { dropout: null } } },
      { key: 'accuracy', value: 0.93 },
      { key: 'released', value: false },
    ];
    const written = await sdkRequest(server, 'POST', `write/registry-model/item/${registryModelItemId}/metadata`, { body: { metadata } });
    expect(written.status).toBe(200);
    expect(await read()).toEqual(metadata);
    expect((await details('described-registry', '1.0.0')).metadata).toEqual({
      framework: 'torch',
      hyper: { lr: 0.001, layers: [64, 32], nested: { dropout: null } },
      accuracy: 0.93,
      released: false,
    });

    await sdkRequest(server, 'POST', `write/registry-model/item/${registryModelItemId}/metadata`, { body: { metadata: [{ key: 'accuracy', value: 0.95 }] } });
    expect(await read()).toEqual([{ key: 'accuracy', value: 0.95 }]);

    const duplicate = await sdkRequest(server, 'POST', `write/registry-model/item/${registryModelItemId}/metadata`, {
      body: { metadata: [{ key: 'k', value: 1 }, { key: 'k', value: 2 }] },
    });
    expect(duplicate.status).toBe(400);
    expect(await read()).toEqual([{ key: 'accuracy', value: 0.95 }]);
    expect((await sdkRequest(server, 'GET', 'registry-model/item/no-such-item/metadata')).status).toBe(404);
    const typed = await server.call('registryModelItemMetadata', { params: { registryModelItemId } });
    expect(typed.body.metadata).toEqual([{ key: 'accuracy', value: 0.95 }]);

    const stranger = issueApiKey({ dataDir: server.dataDir, userName: 'metadata-stranger' });
    const refused = await server.call('updateRegistryModelItemMetadata', { key: stranger.apiKey, params: { registryModelItemId }, body: { metadata: [] } });
    expect(refused.status).toBe(403);
    expect((await server.call('registryModelItemMetadata', { key: stranger.apiKey, params: { registryModelItemId } })).status).toBe(403);
  });
});

describe('allowed status values per workspace (extension)', () => {
  it('replaces the list of one workspace only; new versions get its first value; values in use must stay', async () => {
    const workspaceName = 'status-team';
    expect((await server.call('createWorkspace', { body: { name: workspaceName } })).status).toBe(200);
    const experiment = await server.call('createExperiment', { body: { workspaceName, projectName: 'p' } });
    const experimentKey = experiment.body.experimentKey;
    await uploadModelFile(server, experimentKey, 'team-model');

    const replaced = await server.call('setRegistryAllowedStatusValues', { body: { workspaceName, allowedStatus: ['Draft', 'Approved', 'Retired'] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.allowedStatus).toEqual(['Draft', 'Approved', 'Retired']);
    const read = await sdkRequest(server, 'GET', 'registry-model/allowed_status_values', { query: { workspaceName } });
    expect(read.json()).toEqual({ allowedStatus: ['Draft', 'Approved', 'Retired'] });
    const admins = await server.call('registryAllowedStatusValues', { query: { workspaceName: WORKSPACE } });
    expect(admins.body.allowedStatus).toEqual(['None', 'Development', 'Staging', 'Production']);

    const created = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody(experimentKey, 'team-model', 'team-registry') });
    const { registryModelItemId } = created.json<{ registryModelItemId: string }>();
    const item = await sdkRequest(server, 'GET', 'registry-model/item/details', { query: { workspaceName, modelName: 'team-registry', version: '1.0.0' } });
    expect(item.json()).toMatchObject({ status: 'Draft' });
    expect((await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Production' } })).status).toBe(400);
    expect((await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Approved' } })).status).toBe(200);

    const dropsInUse = await server.call('setRegistryAllowedStatusValues', { body: { workspaceName, allowedStatus: ['Draft', 'Retired'] } });
    expect(dropsInUse.status).toBe(400);
    expect(dropsInUse.body.msg).toContain('"Approved"');
    const twice = await server.call('setRegistryAllowedStatusValues', { body: { workspaceName, allowedStatus: ['Approved', 'approved'] } });
    expect(twice.status).toBe(400);
    const empty = await server.call('setRegistryAllowedStatusValues', { body: { workspaceName, allowedStatus: [] } });
    expect(empty.status).toBe(400);
    expect((await server.call('registryAllowedStatusValues', { query: { workspaceName } })).body.allowedStatus).toEqual(['Draft', 'Approved', 'Retired']);

    const stranger = issueApiKey({ dataDir: server.dataDir, userName: 'status-stranger' });
    const foreign = await server.call('setRegistryAllowedStatusValues', { key: stranger.apiKey, body: { workspaceName, allowedStatus: ['X'] } });
    expect(foreign.status).toBe(403);
  });
});
