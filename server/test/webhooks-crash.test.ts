import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChildServer } from './child-server.ts';
import { callEndpoint, startTestServer, TEST_ADMIN_KEY, type TestServer } from './harness.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';
import { startReceiver, type Receiver } from './webhooks-receiver.ts';

const TWO_HOURS = 2 * 60 * 60 * 1000;
const MODEL = 'crashy';
let dataDir: string;
let receiver: Receiver;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-webhooks-crash-'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deliveryIdOf = (request: { headers: Record<string, unknown> }) => String(request.headers['x-trackdesk-delivery']);

describe('the webhook outbox across a crash', () => {
  it('loses no notification when the service is killed mid-delivery, and a resend keeps its deliveryId and body', async () => {
    receiver.fallback = { status: 200, hang: true };
    const crashing = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, ['--webhooks-allow-private']);
    const service: Pick<TestServer, 'call'> = { call: (name, input) => callEndpoint(crashing.url, name, input) };
    await service.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: MODEL, webhookUrls: [{ url: receiver.url }] }] } });
    const { experimentModelId } = await experimentWithModel(service, 'source');
    const created = await service.call('createRegistryModel', { body: { experimentModelId, registryModelName: MODEL, stages: ['staging'] } });
    const modelItemId = created.body.registryModelItemId;
    for (const stage of ['production', 'archived']) await service.call('addRegistryModelVersionStage', { query: { modelItemId, stage } });
    for (const stage of ['staging', 'archived']) await service.call('removeRegistryModelVersionStage', { query: { modelItemId, stage } });
    const inFlight = await receiver.waitFor(4);
    crashing.child.kill('SIGKILL');
    expect(await crashing.exited).toBe('SIGKILL');

    receiver.fallback = { status: 200 };
    const restarted = await startTestServer({ storage: { dataDir }, webhooksAllowPrivate: true, now: () => Date.now() + TWO_HOURS });
    try {
      const log = await vi.waitFor(async () => {
        const { deliveries } = (await restarted.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: MODEL } })).body;
        expect(deliveries).toHaveLength(5);
        expect(deliveries.every((entry) => entry.status === 'delivered')).toBe(true);
        return deliveries;
      });
      const afterRestart = receiver.received.slice(inFlight.length);
      expect(afterRestart.map(deliveryIdOf).sort()).toEqual(log.map((entry) => entry.deliveryId).sort());
      for (const first of inFlight) {
        const resent = afterRestart.find((request) => deliveryIdOf(request) === deliveryIdOf(first));
        expect(resent?.body).toBe(first.body);
      }
      expect(receiver.received).toHaveLength(inFlight.length + 5);
    } finally {
      await restarted.close();
    }
  });
});
