import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, registerBody, sdkRequest, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
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
});
