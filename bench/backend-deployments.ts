import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStorage } from '../server/src/database/open-storage.ts';
import type { PostgresCluster } from '../server/test/support/postgres-cluster.ts';
import { loadGeneratorCpuMs, postgresCpuMs, type CpuMeters } from './cpu-meters.ts';
import { startChild, type ChildTarget } from './live-load.ts';
import { seedMetricPoints, type PointsShape } from './seed-points.ts';

/** The admin key every bench deployment is started with. */
export const DEPLOYMENT_API_KEY = 'bench-backends-key-0123456789abcdefghij';
const CLI = join(import.meta.dirname, '..', 'server', 'src', 'process', 'cli.ts');

/** The experiments a deployment is measured on: one for E29 points, one holding the seeded points, the SDK runs. */
export interface DeploymentExperiments {
  ingestKey: string;
  readKey: string;
  runKeys: string[];
}

/** The service on one backend with one or more instances (CLI child processes), ready to measure. */
export interface Deployment {
  label: string;
  instances: ChildTarget[];
  experiments: DeploymentExperiments;
  /** CPU time of all its instances so far, ms. */
  serverCpuMs(): number;
  /** What `coresBusy` reports for it: its instances, PostgreSQL, the load generator. */
  meters: CpuMeters;
  stop(): Promise<void>;
}

const startInstance = (dataDir: string, databaseUrl?: string) =>
  startChild([CLI, '--port', '0', '--data-dir', dataDir, '--throttle-off', '--no-background-tiles', ...(databaseUrl ? ['--database', databaseUrl] : [])], {
    TRACKDESK_BOOTSTRAP_API_KEY: DEPLOYMENT_API_KEY,
    TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123',
  });

async function post(url: string, body: unknown): Promise<{ experimentKey?: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: DEPLOYMENT_API_KEY, 'content-type': 'application/json;charset=utf-8' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { experimentKey?: string };
}

/** Creates the experiments through the API (the SDK runs through the clientlib handshake, as `Experiment()` does). */
async function createExperiments(url: string, runs: number): Promise<DeploymentExperiments> {
  const create = async (projectName: string) => (await post(`${url}/api/rest/v2/write/experiment/create`, { workspaceName: 'admin', projectName })).experimentKey ?? '';
  const runKeys = Array.from({ length: runs }, () => randomBytes(16).toString('hex'));
  for (const experimentKey of runKeys) {
    await post(`${url}/clientlib/logger/add/run`, { apiKey: DEPLOYMENT_API_KEY, experimentKey, projectName: 'live-bench', teamName: null, offline: false, getOrCreateEnabled: false });
  }
  return { ingestKey: await create('ingest'), readKey: await create('big'), runKeys };
}

/** Opens the backend's database beside the running service and seeds the read experiment's points. */
async function seed(location: { dataDir: string; databaseUrl?: string }, readKey: string, shape: PointsShape): Promise<number> {
  const storage = await openStorage(location);
  try {
    return await seedMetricPoints(storage.sql, readKey, shape);
  } finally {
    await storage.close();
  }
}

function deployment(label: string, instances: ChildTarget[], experiments: DeploymentExperiments, dirs: string[], postgresPid?: number): Deployment {
  const serverCpuMs = () => instances.reduce((sum, instance) => sum + instance.cpuMs(), 0);
  const postgres: CpuMeters = postgresPid === undefined ? {} : { postgres: () => postgresCpuMs(postgresPid) };
  return {
    label,
    instances,
    experiments,
    serverCpuMs,
    meters: { service: serverCpuMs, ...postgres, 'load generator': loadGeneratorCpuMs },
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite in a fresh data dir, one instance, `shape` points seeded; resolves with the seeding time too. */
export async function startSqliteDeployment(shape: PointsShape, runs: number): Promise<{ deployment: Deployment; seedMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-sqlite-'));
  const instance = await startInstance(dataDir);
  const experiments = await createExperiments(instance.url, runs);
  const seedMs = await seed({ dataDir }, experiments.readKey, shape);
  return { deployment: deployment('SQLite, 1 instance', [instance], experiments, [dataDir]), seedMs };
}

/**
 * Two PostgreSQL deployments on `cluster` with identical starting data: a database is migrated (by a first
 * instance), given its experiments and seeded, then copied as a template: one instance serves the original, two
 * instances sharing one blob dir serve the copy.
 */
export async function startPostgresDeployments(cluster: PostgresCluster, shape: PointsShape, runs: number): Promise<{ one: Deployment; two: Deployment; seedMs: number }> {
  const [dirOne, dirTwo] = [mkdtempSync(join(tmpdir(), 'trackdesk-bench-pg1-')), mkdtempSync(join(tmpdir(), 'trackdesk-bench-pg2-'))];
  const urlOne = await cluster.createDatabase('bench_one_instance');
  const first = await startInstance(dirOne, urlOne);
  const experiments = await createExperiments(first.url, runs);
  await first.stop();
  const seedMs = await seed({ dataDir: dirOne, databaseUrl: urlOne }, experiments.readKey, shape);
  const admin = new pg.Client(cluster.url());
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE bench_two_instances TEMPLATE bench_one_instance');
  } finally {
    await admin.end();
  }
  const urlTwo = cluster.url('bench_two_instances');
  const one = [await startInstance(dirOne, urlOne)];
  const two = [await startInstance(dirTwo, urlTwo), await startInstance(dirTwo, urlTwo)];
  return {
    one: deployment('PostgreSQL, 1 instance', one, experiments, [dirOne], cluster.pid),
    two: deployment('PostgreSQL, 2 instances', two, experiments, [dirTwo], cluster.pid),
    seedMs,
  };
}
