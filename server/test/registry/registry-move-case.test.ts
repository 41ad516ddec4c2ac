import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { membersOf, modelWithVersions, versionStates, type Member } from './governance-fixtures.ts';
import { WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;
let requester: Member;
let approver: Member;

beforeAll(async () => {
  server = await startTestServer();
  [requester, approver] = (await membersOf(server, ['rita', 'aaron'])) as [Member, Member];
});
afterAll(() => server.close());

describe('approved move request', () => {
  it('takes the stage from the version that held it, whatever its letter case', async () => {
    const [v1, v2] = (await modelWithVersions(server, 'moved', ['1.1.0', '1.2.0'])) as [string, string];
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: v1, stage: 'Staging' } });
    await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: 'moved', rules: [{ kind: 'stage', value: 'staging' }] } });
    const held = await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v2, stage: 'staging' } });
    expect(held.status).toBe(202);
    const approved = await server.call('approvePromotionRequest', { key: approver.key, params: { requestId: held.body.requestId as string }, body: {} });
    expect(approved.status).toBe(200);
    expect(await versionStates(server, 'moved')).toMatchObject({ '1.1.0': { stages: [] }, '1.2.0': { stages: ['staging'] } });
    const again = await server.call('moveRegistryModelVersion', { body: { registryModelItemId: v2, stage: 'STAGING' } });
    expect(again.body).toMatchObject({ changed: false, movedFrom: [] });
    expect(await versionStates(server, 'moved')).toMatchObject({ '1.2.0': { stages: ['staging'] } });
  });
});
