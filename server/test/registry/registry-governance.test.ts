import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { historyActions, membersOf, modelWithVersions, versionStates, type Member } from './governance-fixtures.ts';
import { WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;
let requester: Member;

beforeAll(async () => {
  server = await startTestServer();
  [requester] = await membersOf(server, ['rita']) as [Member];
});
afterAll(() => server.close());

const protect = (modelName: string | null, rules: { kind: 'stage' | 'status'; value: string; approvers?: string[] }[] | null) =>
  server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName, rules } });

describe('one-step move (ext.registryMove)', () => {
  it('moves a stage in one request with one history entry per version changed, and is idempotent', async () => {
    const [v1, v2] = (await modelWithVersions(server, 'moving', ['1.0.0', '2.0.0'])) as [string, string];
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: v1, stage: 'production' } });
    const v1Before = await historyActions(server, v1);

    const moved = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v2, stage: 'production', comment: 'better recall' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ msg: '200 Ok', changed: true, movedFrom: [v1], registryModelItemId: v2 });
    expect(await versionStates(server, 'moving')).toEqual({ '1.0.0': { stages: [], status: 'None' }, '2.0.0': { stages: ['production'], status: 'None' } });
    expect(await historyActions(server, v1)).toEqual(['MODEL_VERSION_STAGE_REMOVED', ...v1Before]);
    expect(await historyActions(server, v2)).toEqual(['MODEL_VERSION_STAGE_ADDED', 'MODEL_VERSION_CREATED']);

    const again = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v2, stage: 'production' } });
    expect(again.body).toMatchObject({ changed: false, movedFrom: [] });
    expect(await historyActions(server, v2)).toEqual(['MODEL_VERSION_STAGE_ADDED', 'MODEL_VERSION_CREATED']);

    const fresh = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v1, stage: 'canary' } });
    expect(fresh.body).toMatchObject({ changed: true, movedFrom: [] });
    expect((await versionStates(server, 'moving'))['1.0.0']?.stages).toEqual(['canary']);
  });

  it('moves a status, giving the previous holders the first allowed status or the one named', async () => {
    const [v1, v2, v3] = (await modelWithVersions(server, 'status-moving', ['1.0.0', '2.0.0', '3.0.0'])) as [string, string, string];
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: v1, status: 'Production' } });
    const moved = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v2, status: 'production' } });
    expect(moved.body).toMatchObject({ changed: true, movedFrom: [v1] });
    const next = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v3, status: 'Production', previousHolderStatus: 'Staging' } });
    expect(next.body).toMatchObject({ changed: true, movedFrom: [v2] });
    const states = await versionStates(server, 'status-moving');
    expect([states['1.0.0']?.status, states['2.0.0']?.status, states['3.0.0']?.status]).toEqual(['None', 'Staging', 'Production']);
  });

  it('answers 400 for a bad body and 404 for an unknown version', async () => {
    const [v1] = (await modelWithVersions(server, 'bad-moves', ['1.0.0'])) as [string];
    const both = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v1, stage: 'a', status: 'Production' } });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: 400, sdk_error_code: 40000 });
    const notAllowed = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v1, status: 'Shipped' } });
    expect(notAllowed.status).toBe(400);
    const sameFallback = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v1, status: 'None' } });
    expect(sameFallback.status).toBe(400);
    const unknown = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: 'no-such-item', stage: 'a' } });
    expect(unknown.status).toBe(404);
  });
});

describe('approval policies', () => {
  it('reads and writes a model policy and the workspace default, with the effective rules', async () => {
    await modelWithVersions(server, 'policy-read', ['1.0.0']);
    const setDefault = await protect(null, [{ kind: 'status', value: 'production' }]);
    expect(setDefault.status).toBe(200);
    expect(setDefault.body).toEqual({ workspaceName: WORKSPACE, modelName: null, rules: [{ kind: 'status', value: 'Production', approvers: [] }], workspaceDefault: [{ kind: 'status', value: 'Production', approvers: [] }], effective: [{ kind: 'status', value: 'Production', approvers: [] }] });
    const inherited = await server.call('registryPolicy', { query: { workspaceName: WORKSPACE, modelName: 'policy-read' } });
    expect(inherited.body).toMatchObject({ modelName: 'policy-read', rules: null, effective: [{ kind: 'status', value: 'Production' }] });
    const own = await protect('policy-read', []);
    expect(own.body).toMatchObject({ rules: [], effective: [] });
    const removed = await protect('policy-read', null);
    expect(removed.body).toMatchObject({ rules: null, effective: [{ kind: 'status', value: 'Production' }] });
    expect((await protect(null, null)).body).toMatchObject({ rules: null, workspaceDefault: [], effective: [] });
  });

  it('refuses rules naming unknown users, repeating a value or a status that is not allowed', async () => {
    await modelWithVersions(server, 'policy-bad', ['1.0.0']);
    const unknownUser = await protect('policy-bad', [{ kind: 'stage', value: 'production', approvers: ['nobody-here'] }]);
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.msg).toContain('nobody-here');
    const repeated = await protect('policy-bad', [{ kind: 'stage', value: 'production' }, { kind: 'stage', value: 'Production' }]);
    expect(repeated.status).toBe(400);
    const badStatus = await protect('policy-bad', [{ kind: 'status', value: 'Shipped' }]);
    expect(badStatus.status).toBe(400);
    const unknownModel = await protect('no-such-model', []);
    expect(unknownModel.status).toBe(404);
  });

  it('lets only workspace admins write a policy; members read it', async () => {
    await modelWithVersions(server, 'policy-owned', ['1.0.0']);
    const byMember = await server.call('setRegistryPolicy', { key: requester.key, body: { workspaceName: WORKSPACE, modelName: 'policy-owned', rules: [] } });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toMatchObject({ code: 403, sdk_error_code: 90210 });
    expect(byMember.body.msg).toBe(`User "rita" is a member of workspace "${WORKSPACE}": this needs the admin role.`);
    const read = await server.call('registryPolicy', { key: requester.key, query: { workspaceName: WORKSPACE, modelName: 'policy-owned' } });
    expect(read.status).toBe(200);
    expect(read.body.rules).toBeNull();
  });

  it('leaves every operation as the seed has it when no policy applies', async () => {
    const [v1] = (await modelWithVersions(server, 'unprotected', ['1.0.0'])) as [string];
    const added = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'production' } });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ msg: '200 Ok', code: 200, data: null, sdk_error_code: 0 });
    const listed = await server.call('listPromotionRequests', { query: { workspaceName: WORKSPACE, modelName: 'unprotected' } });
    expect(listed.body.requests, JSON.stringify(listed.body)).toEqual([]);
  });
});
