import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from '../registry/registry-fixtures.ts';
import { startReceiver, type Receiver } from './webhooks-receiver.ts';

const TWO_HOURS = 2 * 60 * 60 * 1000;
let dataDir: string;
let receiver: Receiver;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-webhooks-restart-'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deliveries = async (server: TestServer) =>
  (await server.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: 'durable' } })).body.deliveries;

describe('the webhook outbox across restarts', () => {
  it('delivers pending notifications after a restart, each exactly once', async () => {
    receiver.fallback = { status: 503, headers: { 'Retry-After': '3600' } };
    const first = await startTestServer({ dataDir, webhooksAllowPrivate: true });
    await first.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'durable', webhookUrls: [{ url: receiver.url }] }] } });
    const { experimentModelId } = await experimentWithModel(first, 'source');
    const created = await first.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'durable', stages: ['staging'] } });
    const modelItemId = created.body.registryModelItemId;
    await first.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'production' } });
    await first.call('removeRegistryModelVersionStage', { query: { modelItemId, stage: 'staging' } });
    await receiver.waitFor(3);
    await vi.waitFor(async () => {
      const pending = await deliveries(first);
      expect(pending.map((entry) => [entry.status, entry.attempts, entry.lastResponseCode])).toEqual([
        ['pending', 1, 503],
        ['pending', 1, 503],
        ['pending', 1, 503],
      ]);
    });
    const pendingIds = (await deliveries(first)).map((entry) => entry.deliveryId).sort();
    await first.close();

    receiver.fallback = { status: 200 };
    const later = () => Date.now() + TWO_HOURS;
    const second = await startTestServer({ storage: first.storage, webhooksAllowPrivate: true, now: later });
    const afterRestart = (await receiver.waitFor(6)).slice(3);
    expect(afterRestart.map((request) => request.headers['x-trackdesk-delivery']).sort()).toEqual(pendingIds);
    await vi.waitFor(async () => {
      expect((await deliveries(second)).every((entry) => entry.status === 'delivered' && entry.attempts === 2)).toBe(true);
    });
    await second.close();

    const third = await startTestServer({ storage: first.storage, webhooksAllowPrivate: true, now: later });
    await third.call('addRegistryModelVersionStage', { query: { modelItemId, stage: 'archived' } });
    const [sentinel, ...rest] = (await receiver.waitFor(7)).slice(6);
    expect(rest).toEqual([]);
    expect(JSON.parse(sentinel?.body ?? '{}')).toMatchObject({ added: ['archived'] });
    await vi.waitFor(async () => {
      const log = await deliveries(third);
      expect(log).toHaveLength(4);
      expect(log.every((entry) => entry.status === 'delivered')).toBe(true);
    });
    expect(receiver.received).toHaveLength(7);
    await third.close();
  });
});
