import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookPayload } from '../../src/webhooks/outbox.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from '../registry/registry-fixtures.ts';
import { startReceiver, verifySignature, type Receiver, type ReceivedRequest } from './webhooks-receiver.ts';

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true, webhookDelivery: { backoffBaseMillis: 20, maxAttempts: 3, timeoutMillis: 500 } });
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await server.call('replaceWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [] }] } });
  await receiver.close();
});

const payloadOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookPayload;

const configure = (target: TestServer, modelName: string | null, url: string, extra: { secret?: string; header?: Record<string, string> } = {}) =>
  target.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName, webhookUrls: [{ url, ...extra }] }] } });

const deliveryLog = async (target: TestServer, modelName: string) =>
  (await target.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName } })).body.deliveries;

describe('webhook notifications', () => {
  it('sends one signed notification per matching URL for each stage change of E17, E18, E19, E25 and E26', async () => {
    receiver = await startReceiver();
    const model = 'notified';
    expect((await configure(server, model, `${receiver.url}/model`, { secret: 'shh', header: { Authorization: 'customer-token' } })).status).toBe(204);
    expect((await configure(server, null, `${receiver.url}/workspace`)).status).toBe(204);
    const { experimentModelId } = await experimentWithModel(server, 'source');

    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: model, stages: ['staging'] } });
    const [toModel, toWorkspace] = (await receiver.waitFor(2)).sort((a, b) => a.path.localeCompare(b.path));
    if (!toModel || !toWorkspace) throw new Error('two notifications expected');
    expect(toModel.path).toBe('/hook/model');
    expect(toWorkspace.path).toBe('/hook/workspace');
    expect(toModel.method).toBe('POST');
    expect(toModel.headers['content-type']).toBe('application/json');
    expect(toModel.headers.authorization).toBe('customer-token');
    expect(verifySignature(toModel, 'shh')).toBe(true);
    expect(verifySignature(toModel, 'wrong')).toBe(false);
    expect(toWorkspace.headers['x-trackdesk-signature']).toBeUndefined();
    const payload = payloadOf(toModel);
    expect(payload).toEqual({
      eventType: 'MODEL_VERSION_STAGE_CHANGED',
      deliveryId: toModel.headers['x-trackdesk-delivery'],
      timestamp: expect.any(Number),
      workspaceName: WORKSPACE,
      registryModelName: model,
      registryModelId: created.body.registryModelId,
      registryModelItemId: created.body.registryModelItemId,
      version: '1.0.0',
      stages: ['staging'],
      previousStages: [],
      added: ['staging'],
      removed: [],
      userName: 'admin',
      test: false,
      status: 'None',
    });
    expect(payloadOf(toWorkspace).deliveryId).not.toBe(payload.deliveryId);

    const modelItemId = created.body.registryModelItemId;
    await server.call('updateRegistryModelVersion', { body: { registryModelItemId: modelItemId, stages: ['staging', 'qa'] } });
    await server.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'qa' } });
    await server.call('updateRegistryModelVersion', { body: { registryModelItemId: modelItemId, comment: 'no stage change' } });
    await server.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'production' } });
    await server.call('removeRegistryModelVersionStage', { query: { modelItemId, stage: 'staging' } });
    await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: model, version: '2.0.0', stages: ['dev'] } });
    const all = await receiver.waitFor(10);
    const changes = all
      .slice(2)
      .filter((request) => request.path === '/hook/model')
      .map(payloadOf)
      .map(({ version, added, removed }) => ({ version, added, removed }));
    expect(changes.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      [
        { version: '1.0.0', added: ['qa'], removed: [] },
        { version: '1.0.0', added: ['production'], removed: [] },
        { version: '1.0.0', added: [], removed: ['staging'] },
        { version: '2.0.0', added: ['dev'], removed: [] },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    await vi.waitFor(async () => {
      const log = await deliveryLog(server, model);
      expect(log).toHaveLength(10);
      expect(log.every((entry) => entry.status === 'delivered' && entry.attempts === 1 && entry.lastResponseCode === 200)).toBe(true);
    });
    expect(receiver.received).toHaveLength(10);
  });

  it('retries after a 500 (honouring Retry-After) and gives up after the last attempt', async () => {
    receiver = await startReceiver();
    receiver.answers.push({ status: 500, headers: { 'Retry-After': '0' }, body: 'busy' }, { status: 502 });
    await configure(server, 'retried', receiver.url);
    const { experimentModelId } = await experimentWithModel(server, 'source');
    await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'retried', stages: ['production'] } });

    const attempts = await receiver.waitFor(3);
    expect(attempts.map((request) => request.status)).toEqual([500, 502, 200]);
    expect(new Set(attempts.map((request) => request.headers['x-trackdesk-delivery'])).size).toBe(1);
    expect(new Set(attempts.map((request) => request.body)).size).toBe(1);
    await vi.waitFor(async () => {
      expect(await deliveryLog(server, 'retried')).toEqual([
        expect.objectContaining({ status: 'delivered', attempts: 3, lastResponseCode: 200, lastError: null, nextAttemptAt: null }),
      ]);
    });

    receiver.fallback = { status: 500 };
    await server.call('createRegistryModelVersion', { body: { experimentModelId, registryModelName: 'retried', version: '2.0.0', stages: ['staging'] } });
    await receiver.waitFor(6);
    await vi.waitFor(async () => {
      const [latest] = await deliveryLog(server, 'retried');
      expect(latest).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: 500, nextAttemptAt: null });
      expect(latest?.lastError).toContain('500');
    });
  });

  it('sends a sample event to one configured URL on request and reports the answer', async () => {
    receiver = await startReceiver();
    receiver.answers.push({ status: 418, body: 'I am a teapot' });
    await configure(server, 'tested', receiver.url, { secret: 'test-secret' });
    const tested = await server.call('sendWebhookTest', { body: { workspaceName: WORKSPACE, modelName: 'tested', url: receiver.url } });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, statusCode: 418, responseBody: 'I am a teapot', error: null });
    expect(tested.body.payload).toMatchObject({ test: true, registryModelName: 'tested', added: ['production'], removed: ['staging'] });
    const [request] = receiver.received;
    if (!request) throw new Error('no request');
    expect(verifySignature(request, 'test-secret')).toBe(true);
    expect(payloadOf(request)).toEqual(tested.body.payload);

    const unknown = await server.call('sendWebhookTest', { body: { workspaceName: WORKSPACE, modelName: 'tested', url: 'http://127.0.0.1:1/none' } });
    expect(unknown.status).toBe(404);
    expect((await server.call('sendWebhookTest', { key: null, body: { workspaceName: WORKSPACE, url: receiver.url } })).status).toBe(401);
    expect((await server.call('listWebhookDeliveries', { key: null, query: { workspaceName: WORKSPACE } })).status).toBe(401);
  });

  it('reports a receiver that does not answer as an error, not a crash', async () => {
    receiver = await startReceiver();
    const closedUrl = receiver.url;
    await receiver.close();
    await configure(server, 'unreachable', closedUrl);
    const tested = await server.call('sendWebhookTest', { body: { workspaceName: WORKSPACE, modelName: 'unreachable', url: closedUrl } });
    expect(tested.body).toMatchObject({ ok: false, statusCode: null });
    expect(tested.body.error).toContain('ECONNREFUSED');
    receiver = await startReceiver();
  });

  it('gives up on an attempt the receiver does not answer within the time limit', async () => {
    receiver = await startReceiver();
    receiver.fallback = { status: 0, hang: true };
    await configure(server, 'slow', receiver.url);
    const tested = await server.call('sendWebhookTest', { body: { workspaceName: WORKSPACE, modelName: 'slow', url: receiver.url } });
    expect(tested.body).toMatchObject({ ok: false, statusCode: null, error: 'No complete answer within 0.5 s.' });
  });
});
