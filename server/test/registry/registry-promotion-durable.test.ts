import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { startChildServer, type ChildServer } from '../support/child-server.ts';
import { historyActions, membersOf, modelWithVersions, versionStates, type Member } from './governance-fixtures.ts';
import { callEndpoint, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { WORKSPACE } from './registry-fixtures.ts';
import { databaseFlags, storageOn, testBackends } from '../support/test-database.ts';

const dataDirs: string[] = [];
const started: ChildServer[] = [];
afterAll(async () => {
  for (const service of started) if (service.child.exitCode === null && service.child.signalCode === null) await killHard(service);
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});
const ENV = { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY };

/** A child service as the fixtures call it. */
const client = (service: ChildServer): Pick<TestServer, 'call'> => ({ call: (name, input) => callEndpoint(service.url, name, input) });

/** Starts the service on a data dir and database (stopped by afterAll if a test fails first). */
const start = async (storage: StorageLocation) => {
  const service = await startChildServer(storage.dataDir, ENV, databaseFlags(storage));
  started.push(service);
  return service;
};

async function killHard(service: ChildServer): Promise<void> {
  service.child.kill('SIGKILL');
  expect(await service.exited).toBe('SIGKILL');
}

describe.each(testBackends())('promotion requests across kill -9 on %s', (backend) => {
  it('loses neither a pending request nor an acknowledged approval', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-promotion-durable-'));
    dataDirs.push(dataDir);
    const storage = await storageOn(backend, dataDir);
    let service = await start(storage);
    const [requester, approver] = await membersOf({ storage, call: client(service).call }, ['rita', 'aaron']) as [Member, Member];
    const [v1] = (await modelWithVersions(client(service), 'durable', ['1.0.0'])) as [string];
    await client(service).call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: 'durable', rules: [{ kind: 'stage', value: 'production' }] } });
    const held = await client(service).call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage: 'production' } });
    expect(held.status).toBe(202);
    const requestId = held.body.requestId as string;
    await killHard(service);

    service = await start(storage);
    const inbox = await client(service).call('listPromotionRequests', { key: approver.key, query: { workspaceName: WORKSPACE, mayApprove: true } });
    expect(inbox.body.requests.map((request) => [request.requestId, request.state])).toEqual([[requestId, 'pending']]);
    const approved = await client(service).call('approvePromotionRequest', { key: approver.key, params: { requestId }, body: { comment: 'after the crash' } });
    expect(approved.status).toBe(200);
    await killHard(service);

    service = await start(storage);
    const request = await client(service).call('promotionRequest', { params: { requestId } });
    expect(request.body).toMatchObject({ state: 'approved', decisionComment: 'after the crash' });
    expect((await versionStates(client(service), 'durable'))['1.0.0']?.stages).toEqual(['production']);
    expect(await historyActions(client(service), v1)).toEqual(['MODEL_VERSION_STAGE_ADDED', 'MODEL_VERSION_PROMOTION_APPROVED', 'MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_CREATED']);
    await killHard(service);
  }, 120_000);
});
