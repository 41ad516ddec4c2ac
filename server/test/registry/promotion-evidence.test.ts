import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobFiles } from '../assets/assets-fixtures.ts';
import { EVIDENCE_LIMITS } from '../../../shared/api/promotion-evidence.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { membersOf, versionStates, type Member } from './governance-fixtures.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';

let server: TestServer;
let rita: Member;
let lena: Member;
let outsider: Member;

beforeAll(async () => {
  server = await startTestServer();
  [rita, lena] = (await membersOf(server, ['rita', 'lena'])) as [Member, Member];
  const made = await server.call('createUser', { body: { userName: 'olga', password: 'olga-password-1' } });
  expect(made.status).toBe(200);
  const signedIn = await server.call('signIn', { key: null, body: { userName: 'olga', password: 'olga-password-1', keyName: 'test' } });
  outsider = { name: 'olga', key: signedIn.body.apiKey };
});
afterAll(() => server.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A version of `modelName` registered from a fresh experiment that logged `metrics` (by name: values by step) and `parameters`. */
async function versionWith(modelName: string, version: string, metrics: Record<string, number[]>, parameters: Record<string, string>): Promise<{ id: string; experimentKey: string }> {
  const { experimentKey, experimentModelId } = await experimentWithModel(server, `${modelName}-${version}`);
  for (const [metricName, values] of Object.entries(metrics)) {
    for (const [step, metricValue] of values.entries()) expect((await server.call('logMetric', { body: { experimentKey, metricName, metricValue, step } })).status).toBe(200);
  }
  for (const [parameterName, parameterValue] of Object.entries(parameters)) expect((await server.call('logParameter', { body: { experimentKey, parameterName, parameterValue } })).status).toBe(200);
  const body = { experimentModelId, registryModelName: modelName, version };
  const created = version === '1.0.0' ? await server.call('createRegistryModel', { body }) : await server.call('createRegistryModelVersion', { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.registryModelItemId, experimentKey };
}

const protect = (modelName: string, rules: { kind: 'stage' | 'status'; value: string; approvers?: string[] }[] | null) =>
  server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName, rules } });

const evidenceOf = async (requestId: string, key = rita.key) => {
  const reply = await server.call('promotionEvidence', { key, params: { requestId } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};

describe('promotion evidence (ext.registryRequestEvidence)', () => {
  it('records the candidate and the holder it replaces when filed and when approved, unchanged after the stages move on', async () => {
    const old = await versionWith('evidence-model', '1.0.0', { val_loss: [0.5, 0.4], accuracy: [0.8] }, { lr: '0.1' });
    const candidate = await versionWith('evidence-model', '2.0.0', { val_loss: [0.3, 0.2], accuracy: [0.9] }, { lr: '0.05' });
    expect((await server.call('addRegistryModelVersionStage', { query: { modelItemId: old.id, stage: 'production' } })).status).toBe(200);
    expect((await protect('evidence-model', [{ kind: 'stage', value: 'production', approvers: ['lena'] }])).status).toBe(200);

    const filed = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: candidate.id, stage: 'production', comment: 'better loss' } });
    expect(filed.status).toBe(202);
    const { requestId } = filed.body as { requestId: string };
    const atFiling = await evidenceOf(requestId);
    expect(atFiling.records.map((record) => [record.moment, record.state, record.capturedBy])).toEqual([['filed', 'pending', 'rita']]);
    const [first] = atFiling.records;
    expect(first?.candidate).toMatchObject({ registryModelItemId: candidate.id, version: '2.0.0', stages: [], experimentKey: candidate.experimentKey, parameters: [{ name: 'lr', valueCurrent: '0.05' }] });
    expect(first?.holder).toMatchObject({ registryModelItemId: old.id, version: '1.0.0', stages: ['production'], experimentKey: old.experimentKey });
    expect(first?.holder?.metrics.map((metric) => [metric.name, metric.valueCurrent, metric.valueMin, metric.stepMin])).toEqual([['accuracy', '0.8', '0.8', 0], ['val_loss', '0.4', '0.4', 1]]);
    expect(first?.holder?.files).toEqual([{ fileName: 'weights.bin', fileSize: 'weights of evidence-model-1.0.0'.length, sha256: sha256('weights of evidence-model-1.0.0') }]);

    const approved = await server.call('approvePromotionRequest', { key: lena.key, params: { requestId }, body: { comment: 'ok' } });
    expect(approved.status).toBe(200);
    const decided = await evidenceOf(requestId, lena.key);
    expect(decided.records.map((record) => [record.moment, record.state, record.capturedBy])).toEqual([['filed', 'pending', 'rita'], ['decided', 'approved', 'lena']]);
    expect(decided.records[1]?.holder).toMatchObject({ version: '1.0.0', stages: ['production'] });
    expect((await versionStates(server, 'evidence-model'))['1.0.0']?.stages).toEqual([]);

    // The stages move on and the candidate's run logs more: the record stays what the approver saw.
    await protect('evidence-model', null);
    const third = await versionWith('evidence-model', '3.0.0', { val_loss: [0.1] }, {});
    expect((await server.call('moveRegistryModelVersion', { body: { registryModelItemId: third.id, stage: 'production' } })).status).toBe(200);
    expect((await server.call('logMetric', { body: { experimentKey: candidate.experimentKey, metricName: 'val_loss', metricValue: 9, step: 5 } })).status).toBe(200);
    expect(await evidenceOf(requestId)).toEqual(decided);
  });

  it('records a rejection and a withdrawal, and answers 404 for an unknown request and refuses an outsider', async () => {
    const only = await versionWith('evidence-reject', '1.0.0', {}, {});
    expect((await protect('evidence-reject', [{ kind: 'status', value: 'Production' }, { kind: 'stage', value: 'staging' }])).status).toBe(200);
    const asked = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: only.id, status: 'Production' } });
    const { requestId } = asked.body as { requestId: string };
    expect((await server.call('rejectPromotionRequest', { key: lena.key, params: { requestId }, body: { comment: 'not yet' } })).status).toBe(200);
    const rejected = await evidenceOf(requestId);
    expect(rejected.records.map((record) => [record.moment, record.state, record.holder])).toEqual([['filed', 'pending', null], ['decided', 'rejected', null]]);

    const withdrawn = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: only.id, stage: 'staging' } });
    const withdrawnId = (withdrawn.body as { requestId: string }).requestId;
    expect((await server.call('cancelPromotionRequest', { key: rita.key, params: { requestId: withdrawnId }, body: {} })).status).toBe(200);
    expect((await evidenceOf(withdrawnId)).records.map((record) => record.state)).toEqual(['pending', 'cancelled']);

    expect((await server.call('promotionEvidence', { params: { requestId: 'no-such-request' } })).status).toBe(404);
    const refused = await server.call('promotionEvidence', { key: outsider.key, params: { requestId } });
    expect([403, 404]).toContain(refused.status);
    expect(JSON.stringify(refused.body)).not.toContain('1.0.0');
  });

  it('keeps a snapshot bounded: user metrics first, the rest counted as omitted', async () => {
    const { experimentKey, experimentModelId } = await experimentWithModel(server, 'evidence-huge-source');
    const count = EVIDENCE_LIMITS.metrics + 20;
    const values = Array.from({ length: count }, (_, index) => ({ metricName: index < 30 ? `sys.gpu.${index}` : `m${String(index).padStart(4, '0')}`, metricValue: index }));
    const batch = await server.call('clientlibMetricBatch', { body: { apiKey: server.adminKey, experimentKey, values } });
    expect(batch.body).toMatchObject({ stored: count });
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'evidence-huge', version: '1.0.0' } });
    await protect('evidence-huge', [{ kind: 'stage', value: 'production' }]);
    const asked = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: created.body.registryModelItemId, stage: 'production' } });
    const [record] = (await evidenceOf((asked.body as { requestId: string }).requestId)).records;
    expect(record?.candidate.metrics).toHaveLength(EVIDENCE_LIMITS.metrics);
    expect(record?.candidate.omitted).toMatchObject({ metrics: 20, parameters: 0 });
    expect(record?.candidate.metrics.filter((metric) => metric.name.startsWith('sys.'))).toHaveLength(10);
  });

  it('files a request whose model file vanished from the disk, recording the file without a checksum', async () => {
    const before = new Set(blobFiles(server.dataDir));
    const lost = await versionWith('evidence-lost-file', '1.0.0', {}, {});
    for (const blob of blobFiles(server.dataDir).filter((name) => !before.has(name))) rmSync(join(server.dataDir, 'blobs', blob.slice(0, 2), blob));
    await protect('evidence-lost-file', [{ kind: 'stage', value: 'production' }]);
    const asked = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: lost.id, stage: 'production' } });
    expect(asked.status).toBe(202);
    const [record] = (await evidenceOf((asked.body as { requestId: string }).requestId)).records;
    expect(record?.candidate.files).toEqual([{ fileName: 'weights.bin', fileSize: 'weights of evidence-lost-file-1.0.0'.length, sha256: null }]);
    expect(record?.candidate.omitted.checksums).toBe(1);
  });

  it('records nothing of a decision whose change fails: the approval, its evidence and the change go back together', async () => {
    const holder = await versionWith('evidence-rollback', '1.0.0', {}, {});
    const candidate = await versionWith('evidence-rollback', '2.0.0', {}, {});
    expect((await server.call('setRegistryModelItemStatus', { body: { modelItemId: holder.id, status: 'Production' } })).status).toBe(200);
    await protect('evidence-rollback', [{ kind: 'status', value: 'Production' }]);
    const asked = await server.call('moveRegistryModelVersion', { key: rita.key, body: { registryModelItemId: candidate.id, status: 'Production', previousHolderStatus: 'Staging' } });
    const { requestId } = asked.body as { requestId: string };
    // The status the holder would get is no longer allowed when the request is approved: the change is refused.
    expect((await server.call('setRegistryAllowedStatusValues', { body: { workspaceName: WORKSPACE, allowedStatus: ['None', 'Development', 'Production'] } })).status).toBe(200);
    try {
      const approved = await server.call('approvePromotionRequest', { key: lena.key, params: { requestId }, body: {} });
      expect(approved.status).toBe(400);
      expect((await evidenceOf(requestId)).records.map((record) => [record.moment, record.state])).toEqual([['filed', 'pending']]);
      expect((await server.call('promotionRequest', { params: { requestId } })).body).toMatchObject({ state: 'pending' });
    } finally {
      await server.call('setRegistryAllowedStatusValues', { body: { workspaceName: WORKSPACE, allowedStatus: ['None', 'Development', 'Staging', 'Production'] } });
    }
  });
});
