import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { historyActions, membersOf, modelWithVersions, versionStates, type Member } from './governance-fixtures.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;
let requester: Member;
let approver: Member;
let other: Member;

beforeAll(async () => {
  server = await startTestServer();
  [requester, approver, other] = await membersOf(server, ['rita', 'aaron', 'olga']) as [Member, Member, Member];
});
afterAll(() => server.close());

const protect = async (modelName: string, rules: { kind: 'stage' | 'status'; value: string; approvers?: string[] }[]) => {
  const set = await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName, rules } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
};
const approve = (member: Member, requestId: string, comment?: string) =>
  server.call('approvePromotionRequest', { key: member.key, params: { requestId }, body: { comment } });

describe('promotion requests', () => {
  it('turns E25 to a protected stage into a request that only another user can approve, once', async () => {
    const [v1] = (await modelWithVersions(server, 'guarded', ['1.0.0'])) as [string];
    await protect('guarded', [{ kind: 'stage', value: 'Production' }]);

    const held = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'production' } });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ code: 202, sdk_error_code: 42030, requests: [{ kind: 'stage', value: 'production', state: 'pending', requestedBy: 'rita', source: 'E25', mayApprove: false }] });
    expect(held.body.msg).toMatch(/approval by another user/);
    const requestId = held.body.requestId as string;
    expect((await versionStates(server, 'guarded'))['1.0.0']?.stages).toEqual([]);
    expect(await historyActions(server, v1)).toEqual(['MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_CREATED']);

    const repeated = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'production' } });
    expect(repeated.body.requestId).toBe(requestId);

    const inbox = await server.call('listPromotionRequests', { key: approver.key, query: { workspaceName: WORKSPACE, mayApprove: true } });
    expect(inbox.body.requests.map((request) => request.requestId)).toContain(requestId);
    const own = await server.call('listPromotionRequests', { key: requester.key, query: { workspaceName: WORKSPACE, mayApprove: true } });
    expect(own.body.requests.map((request) => request.requestId)).not.toContain(requestId);

    const selfApproval = await approve(requester, requestId);
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body).toMatchObject({ code: 403, sdk_error_code: 42031 });
    expect(selfApproval.body.msg).toMatch(/another user must approve/);

    const approved = await approve(approver, requestId, 'metrics look good');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', decidedBy: 'aaron', decisionComment: 'metrics look good', mayApprove: false });
    expect((await versionStates(server, 'guarded'))['1.0.0']?.stages).toEqual(['production']);
    expect(await historyActions(server, v1)).toEqual(['MODEL_VERSION_STAGE_ADDED', 'MODEL_VERSION_PROMOTION_APPROVED', 'MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_CREATED']);

    const twice = await approve(approver, requestId);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 409, sdk_error_code: 40900 });
  });

  it('applies a move request exactly once when two approvals arrive at the same time', async () => {
    const [v1, v2] = (await modelWithVersions(server, 'raced', ['1.0.0', '2.0.0'])) as [string, string];
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: v1, stage: 'production' } });
    await protect('raced', [{ kind: 'stage', value: 'production' }]);
    const held = await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v2, stage: 'production', comment: 'v2 wins' } });
    expect(held.status).toBe(202);
    const requestId = held.body.requestId as string;

    const answers = await Promise.all([approve(approver, requestId), approve(other, requestId), approve(approver, requestId), approve(other, requestId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await versionStates(server, 'raced')).toMatchObject({ '1.0.0': { stages: [] }, '2.0.0': { stages: ['production'] } });
    const v1History = await historyActions(server, v1);
    const v2History = await historyActions(server, v2);
    expect(v1History.filter((action) => action === 'MODEL_VERSION_STAGE_REMOVED')).toHaveLength(1);
    expect(v2History.filter((action) => action === 'MODEL_VERSION_STAGE_ADDED')).toHaveLength(1);
    expect(v2History.filter((action) => action === 'MODEL_VERSION_PROMOTION_APPROVED')).toHaveLength(1);
  });

  it('approves a status move: the target gets the status, the previous holder the status the request named', async () => {
    const [v1, v2] = (await modelWithVersions(server, 'status-raced', ['1.0.0', '2.0.0'])) as [string, string];
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: v1, status: 'Production' } });
    await protect('status-raced', [{ kind: 'status', value: 'Production' }]);
    const held = await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v2, status: 'Production', previousHolderStatus: 'Staging' } });
    expect(held.status).toBe(202);
    expect(held.body.requests?.[0]).toMatchObject({ kind: 'status', operation: 'move', previousHolderStatus: 'Staging', source: 'ext.registryMove' });
    expect((await versionStates(server, 'status-raced'))['1.0.0']?.status).toBe('Production');
    const approved = await approve(other, held.body.requestId as string);
    expect(approved.status).toBe(200);
    const states = await versionStates(server, 'status-raced');
    expect([states['1.0.0']?.status, states['2.0.0']?.status]).toEqual(['Staging', 'Production']);
    expect((await historyActions(server, v1))[0]).toBe('MODEL_VERSION_STATUS_CHANGED');
    expect((await historyActions(server, v2)).slice(0, 2)).toEqual(['MODEL_VERSION_STATUS_CHANGED', 'MODEL_VERSION_PROMOTION_APPROVED']);
  });

  it('lets only the named approvers decide, the requester cancel, and records rejections with their comment', async () => {
    const [v1] = (await modelWithVersions(server, 'named', ['1.0.0'])) as [string];
    await protect('named', [{ kind: 'status', value: 'Production', approvers: ['aaron'] }]);
    const held = await server.call('setRegistryModelItemStatus', { key: requester.key, body: { modelItemId: v1, status: 'production' } });
    expect(held.status).toBe(202);
    expect(held.body.requests?.[0]).toMatchObject({ kind: 'status', value: 'Production', approvers: ['aaron'], source: 'A4.setRegistryModelItemStatus' });
    const requestId = held.body.requestId as string;

    const notNamed = await approve(other, requestId);
    expect(notNamed.status).toBe(403);
    expect(notNamed.body.msg).toContain('aaron');
    const cancelByOther = await server.call('cancelPromotionRequest', { key: approver.key, params: { requestId }, body: {} });
    expect(cancelByOther.status).toBe(403);
    const rejected = await server.call('rejectPromotionRequest', { key: approver.key, params: { requestId }, body: { comment: 'not yet: drift on eu' } });
    expect(rejected.body).toMatchObject({ state: 'rejected', decisionComment: 'not yet: drift on eu' });
    expect((await versionStates(server, 'named'))['1.0.0']?.status).toBe('None');

    const again = await server.call('setRegistryModelItemStatus', { key: requester.key, body: { modelItemId: v1, status: 'Production' } });
    const secondId = again.body.requestId as string;
    expect(secondId).not.toBe(requestId);
    const cancelled = await server.call('cancelPromotionRequest', { key: requester.key, params: { requestId: secondId }, body: { comment: 'wrong version' } });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', decidedBy: 'rita' });
    expect(await historyActions(server, v1)).toEqual([
      'MODEL_VERSION_PROMOTION_CANCELLED',
      'MODEL_VERSION_PROMOTION_REQUESTED',
      'MODEL_VERSION_PROMOTION_REJECTED',
      'MODEL_VERSION_PROMOTION_REQUESTED',
      'MODEL_VERSION_CREATED',
    ]);
    const byState = await server.call('listPromotionRequests', { query: { workspaceName: WORKSPACE, modelName: 'named', state: 'rejected' } });
    expect(byState.body.requests.map((request) => request.requestId)).toEqual([requestId]);
    const one = await server.call('promotionRequest', { params: { requestId } });
    expect(one.body).toMatchObject({ requestId, state: 'rejected' });
    expect((await server.call('promotionRequest', { params: { requestId: 'no-such-request' } })).status).toBe(404);
  });

  it('holds back protected stages of E17/E18/E19 and a protected status of item/create, making the rest', async () => {
    await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, rules: [{ kind: 'stage', value: 'production' }, { kind: 'status', value: 'Production' }] } });
    try {
      const { experimentModelId, experimentKey } = await experimentWithModel(server, 'created-source');
      const created = await server.call('createRegistryModel', { key: requester.key, body: { experimentModelId, registryModelName: 'born-guarded', stages: ['staging', 'production'] } });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ registryModelItemId: expect.any(String), registryModelId: expect.any(String), requests: [{ source: 'E17', value: 'production' }] });
      expect((await versionStates(server, 'born-guarded'))['1.0.0']?.stages).toEqual(['staging']);

      const updated = await server.call('updateRegistryModelVersion', {
        key: requester.key,
        body: { registryModelItemId: created.body.registryModelItemId, comment: 'swap', stages: ['canary', 'production'] },
      });
      expect(updated.status).toBe(202);
      expect(updated.body.requestId).toBe(created.body.requestId);
      expect((await versionStates(server, 'born-guarded'))['1.0.0']?.stages).toEqual(['canary']);

      const item = await server.call('createRegistryModelItem', {
        key: requester.key,
        body: { experimentKey, experimentModelName: 'created-source', registryModelName: 'born-guarded', version: '2.0.0', status: 'Production' },
      });
      expect(item.status).toBe(202);
      expect(item.body.requests?.[0]).toMatchObject({ kind: 'status', value: 'Production', source: 'A4.createRegistryModelItem' });
      expect((await versionStates(server, 'born-guarded'))['2.0.0']?.status).toBe('None');
    } finally {
      await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, rules: null } });
    }
  });
});
