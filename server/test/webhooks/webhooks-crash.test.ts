import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startChildServer } from '../support/child-server.ts';
import { callEndpoint, startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from '../registry/registry-fixtures.ts';
import { databaseFlags, storageOn, testBackends } from '../support/test-database.ts';
import { startReceiver, type Receiver } from './webhooks-receiver.ts';

const TWO_HOURS = 2 * 60 * 60 * 1000;
const MODEL = 'crashy';
const dataDirs: string[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

const deliveryIdOf = (request: { headers: Record<string, unknown> }) => String(request.headers['x-trackdesk-delivery']);

describe.each(testBackends())('the webhook outbox across a crash on %s', (backend) => {
  it('loses no notification when the service is killed mid-delivery, and a resend keeps its deliveryId and body', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-webhooks-crash-'));
    dataDirs.push(dataDir);
    const storage = await storageOn(backend, dataDir);
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.fallback = { status: 200, hang: true };
    const crashing = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, ['--webhooks-allow-private', ...databaseFlags(storage)]);
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
    const restarted = await startTestServer({ storage, webhooksAllowPrivate: true, now: () => Date.now() + TWO_HOURS });
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
