import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { fullPath, api } from '../../../shared/api/index.ts';
import { startChildServer } from '../support/child-server.ts';
import { addRunBody, metricItem, sdkExperimentKey, sdkHeaders } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY } from '../support/harness.ts';
import { freshPostgresDatabase, testBackends, type TestBackend } from '../support/test-database.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-durability-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const ENV = { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY };
/**
 * The load tests take 4–7 s on SQLite; on PostgreSQL 17–40 s on a 2-core machine, where concurrent writers abort
 * each other's SERIALIZABLE transactions (retried, some answered 500) and the load generator shares the cores.
 */
const LOAD_TEST_TIMEOUT = 60_000;

/** Starts the CLI on the backend, and restarts a service in-process on the same database and data dir. */
async function onBackend(backend: TestBackend) {
  const databaseUrl = backend === 'postgres' ? await freshPostgresDatabase() : undefined;
  const databaseArgs = databaseUrl === undefined ? [] : ['--database', databaseUrl];
  return {
    start: (dataDir: string, extraArgs: string[] = []) => startChildServer(dataDir, ENV, [...databaseArgs, ...extraArgs]),
    restart: (dataDir: string) => startTestServer({ dataDir, backend, ...(databaseUrl === undefined ? {} : { databaseUrl }) }),
  };
}

describe.each(testBackends())('durability on %s', (backend) => {
  it('keeps every acknowledged write when the process is killed with SIGKILL under load', async () => {
    const dataDir = tempDir();
    const { start, restart } = await onBackend(backend);
    const service = await start(dataDir);
    const acknowledged = new Map<string, string>();
    const killAfter = 300;
    let killed = false;
    const worker = async (id: number) => {
      for (let n = 0; !killed; n += 1) {
        const name = `w${id}-${n}`;
        try {
          const response = await fetch(service.url + fullPath(api.createExperiment), {
            method: 'POST',
            headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({ workspaceName: 'admin', projectName: 'load', experimentName: name }),
          });
          if (response.status !== 200) continue;
          const { experimentKey } = (await response.json()) as { experimentKey: string };
          acknowledged.set(experimentKey, name);
          if (acknowledged.size >= killAfter && !killed) {
            killed = true;
            service.child.kill('SIGKILL');
          }
        } catch {
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, id) => worker(id)));
    expect(await service.exited).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);

    const restarted = await restart(dataDir);
    try {
      const listed = await restarted.call('listExperiments', { query: { workspaceName: 'admin', projectName: 'load' } });
      const stored = new Map(listed.body.experiments.map((e) => [e.experimentKey, e.experimentName]));
      const lost = [...acknowledged].filter(([key, name]) => stored.get(key) !== name);
      expect(lost).toEqual([]);
    } finally {
      await restarted.close();
    }
  }, LOAD_TEST_TIMEOUT);

  it('keeps every clientlib metric batch acknowledged with 200 when the process is killed with SIGKILL under load', async () => {
    const dataDir = tempDir();
    const { start, restart } = await onBackend(backend);
    const service = await start(dataDir, ['--throttle-off']);
    const post = (path: string, body: unknown, gzip: boolean) =>
      fetch(`${service.url}/clientlib/${path}`, {
        method: 'POST',
        headers: { ...sdkHeaders(), 'content-type': 'application/json;charset=utf-8', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
        body: gzip ? gzipSync(JSON.stringify(body)) : JSON.stringify(body),
      });
    const keys = Array.from({ length: 8 }, () => sdkExperimentKey());
    for (const key of keys) expect((await post('logger/add/run', addRunBody(key, 'durable', 'admin'), false)).status).toBe(200);
    /** Acknowledged steps per experiment (each batch: 100 points of metric "loss" at consecutive steps). */
    const acknowledged = new Map<string, number[]>(keys.map((key) => [key, []]));
    const killAfter = 200;
    let batches = 0;
    let killed = false;
    const worker = async (key: string) => {
      for (let batch = 0; !killed; batch += 1) {
        const steps = Array.from({ length: 100 }, (_, index) => batch * 100 + index);
        try {
          const response = await post('batch/logger/experiment/metric', { experimentKey: key, values: steps.map((step) => metricItem('loss', step / 7, step)) }, true);
          if (response.status !== 200) continue;
          acknowledged.get(key)?.push(...steps);
          batches += 1;
          if (batches >= killAfter && !killed) {
            killed = true;
            service.child.kill('SIGKILL');
          }
        } catch {
          return;
        }
      }
    };
    await Promise.all(keys.map(worker));
    expect(await service.exited).toBe('SIGKILL');
    expect(batches).toBeGreaterThanOrEqual(killAfter);

    const restarted = await restart(dataDir);
    try {
      for (const key of keys) {
        const stored = new Set((await restarted.call('getMetric', { query: { experimentKey: key, metricName: 'loss' } })).body.metrics.map((point) => point.step));
        const lost = (acknowledged.get(key) ?? []).filter((step) => !stored.has(step));
        expect(lost).toEqual([]);
      }
    } finally {
      await restarted.close();
    }
  }, LOAD_TEST_TIMEOUT);

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const dataDir = tempDir();
    const { start, restart } = await onBackend(backend);
    const service = await start(dataDir);
    const body = JSON.stringify({ workspaceName: 'admin', projectName: 'graceful', projectDescription: 'survives', isPublic: false });
    const url = new URL(service.url + fullPath(api.createProject));
    const pending = request(url, {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      pending.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      pending.on('error', reject);
    });
    pending.flushHeaders();
    await new Promise<void>((resolve) => pending.once('continue', () => resolve()));
    service.child.kill('SIGTERM');
    pending.end(body);
    const answered = await reply;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toHaveProperty('projectId');
    expect(await service.exited).toBe(0);

    const restarted = await restart(dataDir);
    try {
      const project = await restarted.call('getProject', { query: { workspaceName: 'admin', projectName: 'graceful' } });
      expect(project.body.projectDescription).toBe('survives');
    } finally {
      await restarted.close();
    }
  });
});
