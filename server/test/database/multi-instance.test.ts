import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChildServer, runCli, startChildServer } from '../support/child-server.ts';
import { addRunBody, metricItem, sdkExperimentKey, sdkHeaders } from '../support/clientlib-sdk.ts';
import { callEndpoint, startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { experimentWithModel, fileForm, WORKSPACE } from '../registry/registry-fixtures.ts';
import { freshPostgresDatabase } from '../support/test-database.ts';
import { startReceiver, verifySignature, type Receiver, type ReceivedRequest } from '../webhooks/webhooks-receiver.ts';

/** The lease of one attempt: the default 10 s attempt limit plus the worker's 5 s margin. */
const LEASE_MILLIS = 15_000;
const SECRET = 'shared-secret';

let databaseUrl: string;
let dataDir: string;
let receiver: Receiver;
let a: ChildServer;
let b: ChildServer;

const on = (instance: ChildServer): Pick<TestServer, 'call'> => ({ call: (name, input) => callEndpoint(instance.url, name, input) });
const start = () => startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, ['--database', databaseUrl, '--webhooks-allow-private']);
const deliveryIdOf = (request: ReceivedRequest) => String(request.headers['x-trackdesk-delivery']);
const workspacesWith = (instance: ChildServer, key: string) => fetch(`${instance.url}/api/rest/v2/workspaces`, { headers: { authorization: key } });

/** The inodes of the TCP sockets connected to `port` (from /proc/net/tcp and tcp6). */
function socketsTo(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && parseInt(fields[2]?.split(':')[1] ?? '', 16) === port) inodes.add(fields[9] ?? '');
    }
  }
  return inodes;
}

/** True when process `pid` holds one of the sockets. */
const holdsSocket = (pid: number, inodes: Set<string>): boolean =>
  readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
    } catch {
      return false;
    }
  });

beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-multi-'));
  receiver = await startReceiver();
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);
afterAll(async () => {
  for (const instance of [a, b]) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL database and one data dir', () => {
  it('reads on one instance what was written on the other: project, experiment, metric batch, asset', async () => {
    expect((await on(a).call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'shared', projectDescription: 'from a', isPublic: false } })).status).toBe(200);
    expect((await on(b).call('getProject', { query: { workspaceName: WORKSPACE, projectName: 'shared' } })).body.projectDescription).toBe('from a');

    const created = await on(a).call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: 'shared', experimentName: 'run-1' } });
    const listed = await on(b).call('listExperiments', { query: { workspaceName: WORKSPACE, projectName: 'shared' } });
    expect(listed.body.experiments.map((experiment) => [experiment.experimentKey, experiment.experimentName])).toEqual([[created.body.experimentKey, 'run-1']]);

    const runKey = sdkExperimentKey();
    const post = (instance: ChildServer, path: string, body: unknown) =>
      fetch(`${instance.url}/clientlib/${path}`, {
        method: 'POST',
        headers: { ...sdkHeaders(), 'content-type': 'application/json;charset=utf-8', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify(body)),
      });
    expect((await post(a, 'logger/add/run', addRunBody(runKey, 'shared', WORKSPACE))).status).toBe(200);
    const points = Array.from({ length: 50 }, (_, step) => metricItem('loss', 1 / (step + 1), step));
    expect((await post(a, 'batch/logger/experiment/metric', { experimentKey: runKey, values: points })).status).toBe(200);
    const metric = await on(b).call('getMetric', { query: { experimentKey: runKey, metricName: 'loss' } });
    expect(metric.body.metrics.map((point) => point.step)).toEqual(points.map((_, step) => step));

    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    const uploaded = await on(a).call('uploadAsset', { query: { experimentKey: created.body.experimentKey, fileName: 'data.bin' }, form: fileForm(bytes, 'data.bin') });
    expect(uploaded.status).toBe(200);
    const downloaded = await on(b).call('downloadAsset', { query: { experimentKey: created.body.experimentKey, assetId: uploaded.body.assetId } });
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.equals(bytes)).toBe(true);
  });

  it('keeps a series whole and its summary right while both instances append to it at once', async () => {
    const created = await on(a).call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: 'shared', experimentName: 'both-log' } });
    const { experimentKey } = created.body;
    const steps = Array.from({ length: 80 }, (_, step) => step);
    const replies = await Promise.all(
      steps.map((step) => on(step % 2 === 0 ? a : b).call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 100 - step, step } })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(steps.map(() => 200));
    const metric = await on(a).call('getMetric', { query: { experimentKey, metricName: 'loss' } });
    expect(metric.body.metrics.map((point) => point.step)).toEqual(steps);
    const [summary] = (await on(b).call('getMetricSummaries', { query: { experimentKey } })).body.values;
    expect([summary?.valueMin, summary?.stepMin, summary?.valueMax, summary?.stepMax]).toEqual(['21', 79, '100', 0]);
  });

  it("follows a run's heartbeats and stop taken by the other instance, without them dropping either instance's caches", async () => {
    const epoch = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query<{ epoch: string }>('SELECT epoch FROM cache_epoch WHERE id = 1')).rows[0]?.epoch;
      } finally {
        await client.end();
      }
    };
    const created = await on(a).call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: 'liveness', experimentName: 'beating' } });
    const experimentKey = created.body.experimentKey;
    const stateOn = async (instance: ChildServer) => (await on(instance).call('getExperimentMetadata', { query: { experimentKey } })).body;
    // Read through b first, so that b holds the run in its cache.
    expect(await stateOn(b)).toMatchObject({ experimentName: 'beating', running: true, state: 'running' });

    const before = await epoch();
    for (let beat = 0; beat < 3; beat += 1) expect((await on(a).call('keepAlive', { query: { experimentKey } })).status).toBe(200);
    expect((await on(a).call('stopExperiment', { query: { experimentKey } })).status).toBe(200);
    expect(await epoch()).toBe(before);
    // b's cached lookup still says "not stopped"; the state it answers is read now.
    expect(await stateOn(b)).toMatchObject({ running: false, state: 'finished', endedBy: 'client' });
    expect((await on(b).call('getExperimentLive', { query: { experimentKey } })).body.experiment).toMatchObject({ running: false, state: 'finished' });

    // What the caches hold does bump it: a rename on a is read on b.
    expect((await on(a).call('logOther', { body: { experimentKey, key: 'Name', value: 'renamed' } })).status).toBe(200);
    expect(await epoch()).not.toBe(before);
    expect(await stateOn(b)).toMatchObject({ experimentName: 'renamed' });
  });

  it('refuses a key revoked with `keys revoke` on both instances from the next request', async () => {
    const env = { TRACKDESK_DATABASE_URL: databaseUrl };
    const created = await runCli(['keys', 'create', '--user', 'dora', '--data-dir', dataDir], env);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    for (const instance of [a, b]) expect((await workspacesWith(instance, key)).status).toBe(200);
    expect(await runCli(['keys', 'revoke', key.slice(0, 8), '--data-dir', dataDir], env)).toMatchObject({ code: 0, stdout: 'Revoked 1 key.\n' });
    const after = await Promise.all([a, b].map((instance) => workspacesWith(instance, key)));
    expect(after.map((response) => response.status)).toEqual([401, 401]);
    for (const instance of [a, b]) expect((await workspacesWith(instance, TEST_ADMIN_KEY)).status).toBe(200);
  });

  it('sends each webhook event exactly once, signed, with both instances\' workers running', async () => {
    const model = 'twice-served';
    await on(a).call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: model, webhookUrls: [{ url: receiver.url, secret: SECRET }] }] } });
    const { experimentModelId } = await experimentWithModel(on(a), 'source');
    const { registryModelItemId: modelItemId } = (await on(b).call('createRegistryModel', { body: { experimentModelId, registryModelName: model, stages: ['staging'] } })).body;
    const stages = ['production', 'archived', 'canary', 'shadow', 'legacy'];
    for (const [index, stage] of stages.entries()) {
      const [first, second] = index % 2 === 0 ? [a, b] : [b, a];
      expect((await on(first).call('addRegistryModelVersionStage', { query: { modelItemId, stage } })).status).toBe(200);
      expect((await on(second).call('removeRegistryModelVersionStage', { query: { modelItemId, stage } })).status).toBe(200);
    }
    const events = 1 + 2 * stages.length;
    const log = await vi.waitFor(
      async () => {
        const { deliveries } = (await on(b).call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: model } })).body;
        expect(deliveries).toHaveLength(events);
        expect(deliveries.every((entry) => entry.status === 'delivered')).toBe(true);
        return deliveries;
      },
      { timeout: 15_000, interval: 200 },
    );
    // Past both instances' next looks at the outbox: a second attempt of any row would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const received = receiver.received.filter((request) => log.some((entry) => entry.deliveryId === deliveryIdOf(request)));
    expect(received.map(deliveryIdOf).sort()).toEqual(log.map((entry) => entry.deliveryId).sort());
    expect(received.every((request) => verifySignature(request, SECRET))).toBe(true);
  }, 30_000);

  it('delivers on the other instance, once the lease expires, a delivery whose instance was killed mid-attempt', async () => {
    const model = 'orphaned';
    // A receiver of its own: no instance holds a kept-alive connection to it, only the one making the attempt.
    const ownReceiver = await startReceiver();
    try {
      await killHolderMidAttempt(ownReceiver, model);
    } finally {
      await ownReceiver.close();
    }
  }, 40_000);
});

/** Hangs the attempt of one event, kills the instance making it, and checks the survivor delivers it after the lease. */
async function killHolderMidAttempt(hanging: Receiver, model: string): Promise<void> {
  await on(a).call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: model, webhookUrls: [{ url: hanging.url }] }] } });
  const { experimentModelId } = await experimentWithModel(on(a), 'source');
  hanging.fallback = { status: 200, hang: true };
  const before = hanging.received.length;
  expect((await on(a).call('createRegistryModel', { body: { experimentModelId, registryModelName: model, stages: ['staging'] } })).status).toBe(200);
  const [hung] = (await hanging.waitFor(before + 1)).slice(before);
  if (!hung) throw new Error('no attempt arrived');
  const hungAt = Date.now();
  const sockets = socketsTo(Number(new URL(hanging.url).port));
  const holders = [a, b].filter((instance) => holdsSocket(instance.child.pid ?? 0, sockets));
  expect(holders).toHaveLength(1);
  const [holder] = holders;
  const survivor = holder === a ? b : a;
  hanging.fallback = { status: 200 };
  holder?.child.kill('SIGKILL');
  expect(await holder?.exited).toBe('SIGKILL');

  const [resent] = (await hanging.waitFor(before + 2)).slice(before + 1);
  expect(Date.now() - hungAt).toBeGreaterThan(LEASE_MILLIS - 2_000);
  expect(resent && deliveryIdOf(resent)).toBe(deliveryIdOf(hung));
  expect(resent?.body).toBe(hung.body);
  // The receiver has the request before the survivor records its reply: wait for the record.
  await vi.waitFor(async () => {
    const { deliveries } = (await on(survivor).call('listWebhookDeliveries', { query: { workspaceName: WORKSPACE, modelName: model } })).body;
    expect(deliveries).toMatchObject([{ deliveryId: deliveryIdOf(hung), status: 'delivered', attempts: 1 }]);
  }, { timeout: 5_000, interval: 100 });
  expect(hanging.received).toHaveLength(before + 2);
}

describe('throttling with two instances on one database', () => {
  it('counts the per-minute limits in each instance (README: give each its share), and the values per metric across both', async () => {
    const limits = { metricsPerMinute: 3, valuesPerMetric: 5 };
    const clock = { now: Date.UTC(2025, 0, 1) };
    const first = await startTestServer({ backend: 'postgres', throttle: limits, now: () => clock.now });
    const second = await startTestServer({ storage: first.storage, throttle: limits, now: () => clock.now });
    try {
      const { experimentKey } = (await first.call('createExperiment', { body: { workspaceName: WORKSPACE, projectName: 'throttled' } })).body;
      const log = (instance: TestServer, metricName: string, step: number) =>
        instance.call('logMetric', { body: { experimentKey, metricName, metricValue: step, step } });
      /** Each reply's status, and the refusal's reason. */
      const statuses = async (instance: TestServer, metricName: string, steps: number[]) => {
        const replies: string[] = [];
        for (const step of steps) {
          const reply = await log(instance, metricName, step);
          replies.push(reply.status === 429 ? `429 ${reply.body.msg}` : String(reply.status));
        }
        return replies;
      };
      expect(await statuses(first, 'loss', [0, 1, 2, 3])).toEqual(['200', '200', '200', expect.stringContaining('more than 3 metric values per minute')]);
      // The second instance's own count allows three; the series' five values, stored by both, refuse the third.
      expect(await statuses(second, 'loss', [4, 5, 6])).toEqual(['200', '200', expect.stringContaining('metric loss holds the limit of 5 values')]);
      const stored = await second.call('getMetric', { query: { experimentKey, metricName: 'loss' } });
      expect(stored.body.metrics.map((point) => point.step)).toEqual([0, 1, 2, 4, 5]);

      clock.now += 61_000;
      expect(await statuses(second, 'accuracy', [0, 1, 2, 3])).toEqual(['200', '200', '200', expect.stringContaining('more than 3 metric values per minute')]);
      expect((await log(first, 'accuracy', 3)).status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
