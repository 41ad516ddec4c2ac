import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTriggers } from '../../../shared/api/webhooks.ts';
import type { WebhookPayload } from '../../src/webhooks/outbox.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { membersOf, modelWithVersions, type Member } from './governance-fixtures.ts';
import { WORKSPACE } from './registry-fixtures.ts';
import { startReceiver, verifySignature, type Receiver, type ReceivedRequest } from '../webhooks/webhooks-receiver.ts';

let server: TestServer;
let receiver: Receiver;
let requester: Member;
let approver: Member;

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true, webhookDelivery: { backoffBaseMillis: 20, maxAttempts: 3, timeoutMillis: 2000 } });
  receiver = await startReceiver();
  [requester, approver] = await membersOf(server, ['rita', 'aaron']) as [Member, Member];
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const SECRET = 'governance-secret-123';
const HEADER_VALUE = 'Bearer customer-token-456';
const payloadOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookPayload;
const countBy = (requests: readonly ReceivedRequest[]) =>
  requests.reduce<Record<string, number>>((counts, request) => ({ ...counts, [payloadOf(request).eventType]: (counts[payloadOf(request).eventType] ?? 0) + 1 }), {});

describe('registry webhook events', () => {
  it('delivers each event once per subscriber, signed, by trigger; entries without triggers get stage changes only; secrets never read back', async () => {
    const model = 'announced';
    const configured = await server.call('mergeWebhookConfig', {
      body: {
        webhookConfigs: [
          { workspaceName: WORKSPACE, modelName: model, webhookUrls: [{ url: `${receiver.url}/all`, triggers: [...webhookTriggers], secret: SECRET, header: { Authorization: HEADER_VALUE } }] },
          { workspaceName: WORKSPACE, modelName: model, webhookUrls: [{ url: `${receiver.url}/default` }] },
        ],
      },
    });
    expect(configured.status).toBe(204);

    const [v1] = (await modelWithVersions(server, model, ['1.0.0'])) as [string];
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: v1, status: 'Staging' } });
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: v1, stage: 'canary' } });
    await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: model, rules: [{ kind: 'stage', value: 'production' }] } });
    const held = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'production' } });
    const approved = await server.call('approvePromotionRequest', { key: approver.key, params: { requestId: held.body.requestId as string }, body: { comment: 'ship it' } });
    expect(approved.status).toBe(200);
    const second = await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v1, stage: 'production' } });
    expect(second.body).toMatchObject({ changed: false });
    await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: model, rules: [{ kind: 'stage', value: 'production' }, { kind: 'stage', value: 'eu' }] } });
    const heldEu = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'eu' } });
    await server.call('rejectPromotionRequest', { key: approver.key, params: { requestId: heldEu.body.requestId as string }, body: { comment: 'no' } });

    const expected = {
      MODEL_VERSION_CREATED: 1,
      MODEL_VERSION_STATUS_CHANGED: 1,
      MODEL_VERSION_STAGE_CHANGED: 2,
      MODEL_VERSION_TAGS_CHANGED: 2,
      MODEL_VERSION_PROMOTION_REQUESTED: 2,
      MODEL_VERSION_PROMOTION_APPROVED: 1,
      MODEL_VERSION_PROMOTION_REJECTED: 1,
    };
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0) + 2;
    await receiver.waitFor(total);
    const log = await server.call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: model } });
    expect(log.body.deliveries).toHaveLength(total);

    const toAll = receiver.received.filter((request) => request.path === '/hook/all');
    const toDefault = receiver.received.filter((request) => request.path === '/hook/default');
    expect(countBy(toAll)).toEqual(expected);
    expect(countBy(toDefault)).toEqual({ MODEL_VERSION_STAGE_CHANGED: 2 });
    expect(new Set(receiver.received.map((request) => request.headers['x-trackdesk-delivery'])).size).toBe(total);
    for (const request of toAll) {
      expect(verifySignature(request, SECRET)).toBe(true);
      expect(request.headers['x-trackdesk-event']).toBe(payloadOf(request).eventType);
      expect(request.headers.authorization).toBe(HEADER_VALUE);
    }

    const byType = (type: string) => toAll.map(payloadOf).filter((payload) => payload.eventType === type);
    expect(byType('MODEL_VERSION_STATUS_CHANGED')[0]).toMatchObject({ previousStatus: 'None', status: 'Staging', registryModelItemId: v1 });
    expect(byType('MODEL_VERSION_PROMOTION_APPROVED')[0]?.promotionRequest).toMatchObject({ state: 'approved', decidedBy: 'aaron', decisionComment: 'ship it', requestedBy: 'rita', value: 'production' });
    expect(byType('MODEL_VERSION_PROMOTION_REJECTED')[0]?.promotionRequest).toMatchObject({ state: 'rejected', value: 'eu' });
    expect(byType('MODEL_VERSION_STAGE_CHANGED').map((payload) => payload.added)).toEqual([['canary'], ['production']]);

    const reads = JSON.stringify([
      (await server.call('getWebhookConfig', { query: { workspaceName: WORKSPACE, modelName: model } })).body,
      log.body,
      (await server.call('listPromotionRequests', { query: { workspaceName: WORKSPACE } })).body,
    ]);
    expect(reads).not.toContain(SECRET);
    expect(reads).not.toContain(HEADER_VALUE);
  });
});
