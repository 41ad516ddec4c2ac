import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from '../registry/registry-fixtures.ts';
import { startReceiver, verifySignature, type Receiver } from './webhooks-receiver.ts';

let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true, webhookDelivery: { backoffBaseMillis: 20, maxAttempts: 2, timeoutMillis: 500 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const configure = (modelName: string, webhookUrls: { url: string; header?: Record<string, string | null>; secret?: string }[]) =>
  server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName, webhookUrls }] } });

const log = async (query: { modelName?: string; eventType?: string; status?: 'pending' | 'delivered' | 'failed'; since?: number; until?: number } = {}) => {
  const reply = await server.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, ...query } });
  expect(reply.status).toBe(200);
  return reply.body.deliveries;
};

/** Registers a model with a stage, which notifies every URL configured for it; resolves once `expected` requests arrived in all. */
async function stageChange(model: string, expected: number) {
  const { experimentModelId } = await experimentWithModel(server, `${model}-source`);
  const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: model, stages: ['staging'] } });
  expect(created.status).toBe(200);
  return receiver.waitFor(expected);
}

describe('webhook secrets stay in the service', () => {
  it('never reads back header values; a null value keeps the stored one, also across a read-then-replace round trip', async () => {
    const url = `${receiver.url}/secrets`;
    expect((await configure('secret-model', [{ url, header: { Authorization: 'Bearer t0ken', 'X-Team': 'ml' }, secret: 'shh' }])).status).toBe(204);
    const read = await server.call('getWebhookConfig', { query: { workspaceName: WORKSPACE, modelName: 'secret-model' } });
    expect(read.body.webhookConfigs[0]?.webhookUrls[0]).toEqual({ name: '', url, header: { Authorization: null, 'X-Team': null }, triggers: [], bodyFormat: 'trackdesk', hasSecret: true });
    expect(read.bytes.toString()).not.toMatch(/t0ken|shh|"ml"/);

    // What a client does to edit one field: read, change, write the whole configuration back (read-only fields and all).
    const config = read.body.webhookConfigs.map((item) => ({ ...item, webhookUrls: item.webhookUrls.map((entry) => ({ ...entry, name: 'renamed' })) }));
    const written = await server.fetch('/api/rest/v2/webhooks/config', {
      method: 'PUT',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ webhookConfigs: config }),
    });
    expect(written.status).toBe(204);
    const [request] = await stageChange('secret-model', receiver.received.length + 1).then((all) => all.slice(-1));
    expect(request?.headers.authorization).toBe('Bearer t0ken');
    expect(request?.headers['x-team']).toBe('ml');
    expect(request && verifySignature(request, 'shh')).toBe(true);
  });

  it('refuses a null value for a header that holds nothing, naming it', async () => {
    const refused = await configure('secret-model', [{ url: `${receiver.url}/secrets`, header: { 'X-New': null } }]);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('"X-New" is null');
  });
});

describe('redelivery and the delivery log filters', () => {
  it('re-sends a delivery with the same body under a new id naming the original, signed with the current secret', async () => {
    const url = `${receiver.url}/redeliver`;
    await configure('redeliver-model', [{ url, header: { 'X-Team': 'ml' }, secret: 'first' }]);
    const before = receiver.received.length;
    const [original] = (await stageChange('redeliver-model', before + 1)).slice(-1);
    const [logged] = await log({ modelName: 'redeliver-model' });
    expect(logged).toMatchObject({ status: 'delivered', redeliveryOf: null });

    await configure('redeliver-model', [{ url, header: { 'X-Team': null }, secret: 'rotated' }]);
    const redelivered = await server.call('redeliverWebhook', { body: { workspaceName: WORKSPACE, deliveryId: logged?.deliveryId ?? '' } });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toMatchObject({ redeliveryOf: logged?.deliveryId, url, eventType: 'MODEL_VERSION_STAGE_CHANGED' });
    expect(redelivered.body.deliveryId).not.toBe(logged?.deliveryId);
    const [again] = (await receiver.waitFor(before + 2)).slice(-1);
    expect(again?.body).toBe(original?.body);
    expect(again?.headers['x-trackdesk-delivery']).toBe(redelivered.body.deliveryId);
    expect(again?.headers['x-trackdesk-redelivery-of']).toBe(logged?.deliveryId);
    expect(again?.headers['x-team']).toBe('ml');
    expect(again && verifySignature(again, 'rotated')).toBe(true);
    expect(original?.headers['x-trackdesk-redelivery-of']).toBeUndefined();

    const both = await log({ modelName: 'redeliver-model' });
    expect(both.map((delivery) => delivery.redeliveryOf)).toEqual([logged?.deliveryId, null]);
  });

  it('says what cannot be re-sent: an unknown delivery (404), a URL no longer configured (409)', async () => {
    const unknown = await server.call('redeliverWebhook', { body: { workspaceName: WORKSPACE, deliveryId: 'no-such-delivery' } });
    expect(unknown.status).toBe(404);
    const [latest] = await log({ modelName: 'redeliver-model' });
    await server.call('replaceWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [] }] } });
    const gone = await server.call('redeliverWebhook', { body: { workspaceName: WORKSPACE, deliveryId: latest?.deliveryId ?? '' } });
    expect(gone.status).toBe(409);
    expect(gone.body.msg).toMatch(/no longer configured/);
  });

  it('filters the log by model, event, outcome and time', async () => {
    const all = await log();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const newest = all[0]?.createdAt ?? 0;
    const oldest = all.at(-1)?.createdAt ?? 0;
    expect((await log({ eventType: 'MODEL_VERSION_STAGE_CHANGED' })).length).toBe(all.length);
    expect(await log({ eventType: 'MODEL_VERSION_CREATED' })).toEqual([]);
    expect((await log({ status: 'delivered' })).every((delivery) => delivery.status === 'delivered')).toBe(true);
    expect(await log({ status: 'failed' })).toEqual(all.filter((delivery) => delivery.status === 'failed'));
    expect((await log({ since: newest })).every((delivery) => delivery.createdAt >= newest)).toBe(true);
    expect((await log({ until: oldest })).length).toBe(0);
    expect((await log({ since: oldest, until: newest + 1 })).length).toBe(all.length);
    expect((await log({ modelName: 'secret-model' })).every((delivery) => delivery.modelName === 'secret-model')).toBe(true);
    const bad = await server.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, status: 'lost' as 'failed' } });
    expect(bad.status).toBe(400);
  });
});
