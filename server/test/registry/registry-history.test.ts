import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, sdkRequest, WORKSPACE } from './registry-fixtures.ts';

/** A controllable clock: the service's `now`. */
let clock = Date.UTC(2023, 5, 6, 12, 0, 0);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

type Event = {
  id: string;
  actionType: string;
  comment: string;
  previousValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
  registryModelId: string;
  registryModelItemId: string;
  registryModelItemVersion: string;
  registryModelName: string;
  registryModelItemActualPathParams: Record<string, string>;
  userName: string;
  createdAt: number;
};

/** The history as the SDK reads it (POST, no `write/`), checked against the contract. */
async function history(registryModelItemId: string, key?: string): Promise<Record<string, Event[]>> {
  const reply = await server.call('registryModelItemHistory', { body: { registryModelItemId, groupedBy: 'DAY' }, ...(key ? { key } : {}) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Record<string, Event[]>;
}

/** Every event of a version, newest first, as one list. */
const events = async (registryModelItemId: string) => Object.values(await history(registryModelItemId)).flat();
const actions = async (registryModelItemId: string) => (await events(registryModelItemId)).map((event) => event.actionType);

describe('registry history: one entry per effective change, through every endpoint', () => {
  it('records E17 creation, E19 comment and stage replacement, E25/E26 stages, status, metadata and E20 deletion; nothing for no-ops', async () => {
    const { experimentModelId } = await experimentWithModel(server, 'tracked');
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'tracked', comment: 'c1', stages: ['dev'] } });
    const { registryModelItemId, registryModelId } = created.body;
    const first = await events(registryModelItemId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      actionType: 'MODEL_VERSION_CREATED',
      comment: 'c1',
      previousValue: null,
      newValue: { version: '1.0.0', status: 'None', stages: ['dev'], comment: 'c1' },
      registryModelId,
      registryModelItemId,
      registryModelItemVersion: '1.0.0',
      registryModelName: 'tracked',
      registryModelItemActualPathParams: { workspaceName: WORKSPACE, registryModelName: 'tracked', version: '1.0.0' },
      userName: 'admin',
      createdAt: clock,
    });

    clock += 1000;
    await server.call('updateRegistryModelVersion', { body: { registryModelItemId, comment: 'c2', stages: ['staging', 'qa'] } });
    await server.call('updateRegistryModelVersion', { body: { registryModelItemId, comment: 'c2', stages: ['staging', 'qa'] } });
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'prod' } });
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'prod' } });
    await server.call('removeRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'absent' } });
    await server.call('removeRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'qa' } });
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Staging' } });
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'staging' } });
    await server.call('updateRegistryModelItemMetadata', { params: { registryModelItemId }, body: { metadata: [{ key: 'a', value: { x: 1, y: 2 } }, { key: 'b', value: 1 }] } });
    await server.call('updateRegistryModelItemMetadata', { params: { registryModelItemId }, body: { metadata: [{ key: 'b', value: 1 }, { key: 'a', value: { y: 2, x: 1 } }] } });
    await server.call('updateRegistryModel', { body: { registryModelId, description: 'model-level change, not a version change' } });

    const all = await events(registryModelItemId);
    expect(all.map((event) => event.actionType)).toEqual([
      'MODEL_VERSION_METADATA_CHANGED',
      'MODEL_VERSION_STATUS_CHANGED',
      'MODEL_VERSION_STAGE_REMOVED',
      'MODEL_VERSION_STAGE_ADDED',
      'MODEL_VERSION_TAGS_CHANGED',
      'MODEL_VERSION_COMMENT_CHANGED',
      'MODEL_VERSION_CREATED',
    ]);
    const [metadata, status, removed, added, tags, comment] = all;
    expect(comment).toMatchObject({ previousValue: { comment: 'c1' }, newValue: { comment: 'c2' }, comment: 'c2', createdAt: clock });
    expect(tags).toMatchObject({ previousValue: { stages: ['dev'] }, newValue: { stages: ['staging', 'qa'] }, comment: 'c2' });
    expect(added).toMatchObject({ previousValue: { stages: ['staging', 'qa'] }, newValue: { stages: ['staging', 'qa', 'prod'] } });
    expect(removed).toMatchObject({ previousValue: { stages: ['staging', 'qa', 'prod'] }, newValue: { stages: ['staging', 'prod'] } });
    expect(status).toMatchObject({ previousValue: { registryModelStatus: 'None' }, newValue: { registryModelStatus: 'Staging', changedBy: 'admin' } });
    expect(metadata).toMatchObject({ previousValue: { metadata: {} }, newValue: { metadata: { a: { x: 1, y: 2 }, b: 1 } } });
    expect(new Set(all.map((event) => event.id)).size).toBe(all.length);

    await server.call('updateRegistryModel', { body: { registryModelId, registryModelName: 'tracked-renamed' } });
    clock += 1000;
    expect((await server.call('deleteRegistryModelVersion', { query: { modelItemId: registryModelItemId } })).status).toBe(200);
    const afterDelete = await events(registryModelItemId);
    expect(afterDelete).toHaveLength(8);
    expect(afterDelete[0]).toMatchObject({
      actionType: 'MODEL_VERSION_DELETED',
      previousValue: { version: '1.0.0', status: 'Staging', stages: ['staging', 'prod'], comment: 'c2' },
      newValue: null,
      registryModelName: 'tracked-renamed',
    });
    expect((await server.call('deleteRegistryModelVersion', { query: { modelItemId: registryModelItemId } })).status).toBe(404);
    expect(await events(registryModelItemId)).toHaveLength(8);
  });

  it('records item/create (with status and tags), E18 versions separately, and E23 as a deletion of every version', async () => {
    const { experimentKey, experimentModelId } = await experimentWithModel(server, 'sdk-made');
    const made = await sdkRequest(server, 'POST', 'write/registry-model/item/create', {
      body: { experimentKey, experimentModelName: 'sdk-made', registryModelName: 'sdk-made', version: '3.0.0', versionComment: 'from the SDK', tags: ['prod'], status: 'Production' },
    });
    const { registryModelItemId } = made.json<{ registryModelItemId: string }>();
    const second = await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'sdk-made', version: '3.1.0' } });

    expect(await events(registryModelItemId)).toMatchObject([
      { actionType: 'MODEL_VERSION_CREATED', comment: 'from the SDK', newValue: { version: '3.0.0', status: 'Production', stages: ['prod'] } },
    ]);
    expect(await actions(second.body.registryModelItemId)).toEqual(['MODEL_VERSION_CREATED']);

    expect((await server.call('deleteRegistryModel', { query: { workspaceName: WORKSPACE, modelName: 'sdk-made' } })).status).toBe(200);
    expect(await actions(registryModelItemId)).toEqual(['MODEL_VERSION_DELETED', 'MODEL_VERSION_CREATED']);
    expect(await actions(second.body.registryModelItemId)).toEqual(['MODEL_VERSION_DELETED', 'MODEL_VERSION_CREATED']);
    expect((await events(registryModelItemId))[0]).toMatchObject({
      comment: 'The registry model was deleted.',
      previousValue: { version: '3.0.0', status: 'Production', stages: ['prod'], comment: 'from the SDK' },
      newValue: null,
    });
  });

  it('writes no entry for a refused change, names who made each change, and shows a history only to members', async () => {
    const stranger = await issueApiKey({ ...server.storage, userName: 'history-stranger' });
    const { experimentModelId } = await experimentWithModel(server, 'guarded');
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'guarded' } });
    const { registryModelItemId } = created.body;

    expect((await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Unheard-of' } })).status).toBe(400);
    expect((await server.call('addRegistryModelVersionStage', { key: stranger.apiKey, query: { modelItemId: registryModelItemId, stage: 'x' } })).status).toBe(403);
    expect(await actions(registryModelItemId)).toEqual(['MODEL_VERSION_CREATED']);
    const refused = await server.call('registryModelItemHistory', { key: stranger.apiKey, body: { registryModelItemId, groupedBy: 'DAY' } });
    expect(refused.status).toBe(403);
    const unknown = await server.call('registryModelItemHistory', { body: { registryModelItemId: 'no-such-item', groupedBy: 'DAY' } });
    expect(unknown.status).toBe(404);

    const ownWorkspace = await server.call('createExperiment', { key: stranger.apiKey, body: { workspaceName: 'history-stranger', projectName: 'p' } });
    const form = new FormData();
    form.append('file', new Blob(['w']), 'w.bin');
    const upload = await server.call('uploadAsset', {
      key: stranger.apiKey,
      query: { experimentKey: ownWorkspace.body.experimentKey, type: 'model-element', groupingName: 'mine', fileName: 'w.bin' },
      form,
    });
    const theirs = await server.call('createRegistryModel', { key: stranger.apiKey, body: { experimentModelId: upload.body.experimentModelId ?? '', registryModelName: 'mine' } });
    await server.call('addRegistryModelVersionStage', { key: stranger.apiKey, query: { modelItemId: theirs.body.registryModelItemId, stage: 'prod' } });
    const theirHistory = await history(theirs.body.registryModelItemId, stranger.apiKey);
    expect(Object.values(theirHistory).flat().map((event) => event.userName)).toEqual(['history-stranger', 'history-stranger']);
  });
});
