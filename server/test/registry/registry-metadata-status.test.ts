import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, registerBody, sdkRequest, uploadModelFile, WORKSPACE } from './registry-fixtures.ts';
import { startReceiver } from '../webhooks/webhooks-receiver.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const register = async (experimentKey: string, modelName: string, registryModelName: string, extra: Record<string, unknown> = {}) => {
  const reply = await sdkRequest(server, 'POST', 'write/registry-model/item/create', { body: registerBody(experimentKey, modelName, registryModelName, extra) });
  expect(reply.status, reply.bytes.toString()).toBe(200);
  return reply.json<{ registryModelItemId: string; registryModelId: string }>();
};

const details = async (modelName: string, version: string) => {
  const reply = await sdkRequest(server, 'GET', 'registry-model/item/details', { query: { workspaceName: WORKSPACE, modelName, version } });
  expect(reply.status, reply.bytes.toString()).toBe(200);
  return reply.json<{ metadata: Record<string, unknown> }>();
};

describe('version metadata (registry-model/item/{registryModelItemId}/metadata)', () => {
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

    const stranger = await issueApiKey({ ...server.storage, userName: 'metadata-stranger' });
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

    const stranger = await issueApiKey({ ...server.storage, userName: 'status-stranger' });
    const foreign = await server.call('setRegistryAllowedStatusValues', { key: stranger.apiKey, body: { workspaceName, allowedStatus: ['X'] } });
    expect(foreign.status).toBe(403);
  });
});

describe('webhook notifications of the SDK registry calls', () => {
  it('notifies a stage change when item/create adds tags, and not for status or metadata changes', async () => {
    const notifying = await startTestServer({ webhooksAllowPrivate: true });
    const receiver = await startReceiver();
    try {
      const configured = await notifying.call('mergeWebhookConfig', {
        body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'hooked', webhookUrls: [{ url: `${receiver.url}/hooked` }] }] },
      });
      expect(configured.status).toBe(204);
      const { experimentKey } = await experimentWithModel(notifying, 'hooked-source');
      const created = await sdkRequest(notifying, 'POST', 'write/registry-model/item/create', {
        body: registerBody(experimentKey, 'hooked-source', 'hooked', { tags: ['production'] }),
      });
      const { registryModelItemId } = created.json<{ registryModelItemId: string }>();
      const [notification] = await receiver.waitFor(1);
      expect(JSON.parse(notification?.body ?? '{}')).toMatchObject({ registryModelName: 'hooked', registryModelItemId, version: '1.0.0', stages: ['production'], previousStages: [] });

      await notifying.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Production' } });
      await notifying.call('updateRegistryModelItemMetadata', { params: { registryModelItemId }, body: { metadata: [{ key: 'k', value: 1 }] } });
      const deliveries = await notifying.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: 'hooked' } });
      expect(deliveries.body.deliveries).toHaveLength(1);
    } finally {
      await receiver.close();
      await notifying.close();
    }
  });
});
