import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { startPostgresCluster } from '../server/test/support/postgres-cluster.ts';
import { DEPLOYMENT_API_KEY, startPostgresDeployments, startSqliteDeployment, type Deployment } from './backend-deployments.ts';
import { loadGeneratorCpuMs, type CpuMeters } from './cpu-meters.ts';
import { runBatchLoad, sdkBatchBodies, startChild, type BatchFigures, type ChildTarget } from './live-load.ts';
import { autocannon, sequentialLatency, type LoadFigures, type LoadTarget } from './service-load.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_BACKENDS_SECONDS ?? 3);
const ROUNDS = 2;
/**
 * Seconds of load per service process before a row's first round: V8 optimises the hot paths only as it serves
 * requests, so each instance of a two-instance row, serving half of them, gets as many as one instance does.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_BACKENDS_WARMUP ?? 8);
const RUNS = 8;
const POINTS = 1000;
const BODIES_PER_RUN = 20;
/** The read experiment: 10 metrics x 10,000 steps (the series read is as long as the in-process one; seeding PostgreSQL stays short). */
const SHAPE = { metrics: 10, steps: 10_000 };
const SERIES = `metric_${String(Math.floor(SHAPE.metrics / 2)).padStart(3, '0')}`;
const READS = 100;
const LABEL = 34;

/** One row of a table: the bare baseline or a deployment, with where its clients go and what its CPU meters read. */
interface Row {
  label: string;
  urls: string[];
  serverCpuMs: () => number;
  meters: CpuMeters;
  deployment?: Deployment;
}

const pad = (text: string, width: number) => text.padStart(width);
const busyText = (busy: Record<string, number> = {}) =>
  ['service', 'postgres', 'load generator'].map((name) => (busy[name] === undefined ? '-' : (busy[name] ?? 0).toFixed(2))).join(' / ');
const best = <T>(runs: T[], rate: (figures: T) => number) => runs.reduce((a, b) => (rate(b) > rate(a) ? b : a));
/** PostgreSQL's CPU µs per request (or per point: = ms per 1,000 points) from its cores busy and the rate. */
const perRequestPostgres = (figures: { coresBusy?: Record<string, number> }, perSecond: number) => ((figures.coresBusy?.postgres ?? 0) * 1e6) / Math.max(1, perSecond);

/** A row's E29 figures: its best round's, with the p99 of every round. */
type E29Figures = LoadFigures & { roundP99s: number[] };

/** E29 single points at CONNECTIONS connections (spread over the row's instances), best of ROUNDS rounds alternating over the rows. */
async function measureE29(rows: Row[]): Promise<Map<Row, E29Figures>> {
  const runs = new Map<Row, LoadFigures[]>(rows.map((row) => [row, []]));
  const targetOf = (row: Row): LoadTarget => {
    const experimentKey = row.deployment?.experiments.ingestKey ?? 'bare';
    const body = JSON.stringify({ experimentKey, metricName: 'loss', metricValue: 0.4217, step: 12, epoch: 1, context: 'train' });
    const paths = row.urls.map((url) => url + (row.deployment ? '/api/rest/v2/write/experiment/metric' : '/bare/point'));
    return { url: paths, method: 'POST', headers: { authorization: DEPLOYMENT_API_KEY, 'content-type': 'application/json' }, body };
  };
  for (const row of rows) await autocannon(targetOf(row), CONNECTIONS, WARMUP_SECONDS * row.urls.length);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const row of rows) runs.get(row)?.push(await autocannon(targetOf(row), CONNECTIONS, SECONDS, () => row.serverCpuMs() * 1000, row.meters));
  }
  return new Map(
    rows.map((row) => {
      const all = runs.get(row) ?? [];
      return [row, { ...best(all, (figures) => figures.requestsPerSecond), roundP99s: all.map((figures) => figures.p99) }];
    }),
  );
}

/** RUNS simulated SDK runs sending gzip batches (spread over the row's instances), best of ROUNDS rounds alternating over the rows. */
async function measureBatches(rows: Row[]): Promise<Map<Row, BatchFigures>> {
  const headers = { authorization: DEPLOYMENT_API_KEY, 'content-type': 'application/json;charset=utf-8', 'content-encoding': 'gzip', 'user-agent': 'python-requests/2.32.3' };
  const bodies = new Map<Row, Buffer[][]>();
  for (const row of rows) {
    const keys = row.deployment?.experiments.runKeys ?? Array.from({ length: RUNS }, (_, run) => `bare-run-${run}`);
    bodies.set(row, keys.map((key) => sdkBatchBodies(key, DEPLOYMENT_API_KEY, BODIES_PER_RUN, POINTS)));
  }
  const runs = new Map<Row, BatchFigures[]>(rows.map((row) => [row, []]));
  const loadOf = (row: Row) => {
    const urls = row.urls.map((url) => url + (row.deployment ? '/clientlib/batch/logger/experiment/metric' : '/bare'));
    return { urls, headers, bodiesPerRun: bodies.get(row) ?? [], points: POINTS, serverCpuMs: row.serverCpuMs, meters: row.meters };
  };
  for (const row of rows) await runBatchLoad({ ...loadOf(row), seconds: WARMUP_SECONDS * row.urls.length });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const row of rows) {
      await runBatchLoad({ ...loadOf(row), seconds: 1 });
      runs.get(row)?.push(await runBatchLoad({ ...loadOf(row), seconds: SECONDS }));
    }
  }
  return new Map(rows.map((row) => [row, best(runs.get(row) ?? [], (figures) => figures.pointsPerSecond)]));
}

function printIngest(rows: Row[], e29: Map<Row, E29Figures>, batches: Map<Row, BatchFigures>): void {
  const head = (title: string, rate: string, cpu: string) =>
    `  ${title.padEnd(LABEL)}${pad(rate, 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad(cpu, 14)}${pad('PG CPU', 9)}${pad('failed', 8)}   cores busy: service / PG / load`;
  console.log(head(`E29 single points, ${CONNECTIONS} conn`, 'req/s', 'svc CPU µs'));
  for (const row of rows) {
    const figures = e29.get(row);
    if (!figures) continue;
    const pgCpu = figures.coresBusy?.postgres === undefined ? '-' : perRequestPostgres(figures, figures.requestsPerSecond).toFixed(0);
    console.log(
      `  ${row.label.padEnd(LABEL)}${pad(Math.round(figures.requestsPerSecond).toString(), 10)}${pad(figures.p50.toFixed(0), 8)}${pad(figures.p99.toFixed(0), 8)}` +
        `${pad((figures.cpuMicrosPerRequest ?? NaN).toFixed(0), 14)}${pad(pgCpu, 9)}${pad(String(figures.failures), 8)}   ${busyText(figures.coresBusy)}`,
    );
  }
  console.log(head(`batches of ${POINTS.toLocaleString('en')} points, ${RUNS} runs`, 'points/s', 'svc ms/1k pt'));
  for (const row of rows) {
    const figures = batches.get(row);
    if (!figures) continue;
    const pgCpu = figures.coresBusy?.postgres === undefined ? '-' : perRequestPostgres(figures, figures.pointsPerSecond).toFixed(2);
    console.log(
      `  ${row.label.padEnd(LABEL)}${pad(Math.round(figures.pointsPerSecond).toLocaleString('en'), 10)}${pad(figures.p50.toFixed(1), 8)}${pad(figures.p99.toFixed(1), 8)}` +
        `${pad(figures.cpuMsPerThousand.toFixed(2), 14)}${pad(pgCpu, 9)}${pad(String(figures.failures), 8)}   ${busyText(figures.coresBusy)}`,
    );
  }
}

async function measureReads(deployments: Deployment[]): Promise<void> {
  const title = `reads: ${SHAPE.metrics} summaries, series`;
  console.log(`  ${title.padEnd(LABEL)}${pad('summary p50 / p99 ms', 22)}${pad('series p50 / p99 ms', 21)}   (${READS} sequential requests each, one keep-alive connection per instance)`);
  for (const deployment of deployments) {
    const read = (path: string): LoadTarget => ({
      url: deployment.instances.map((instance) => `${instance.url}/api/rest/v2/${path}`),
      method: 'GET',
      headers: { authorization: DEPLOYMENT_API_KEY },
    });
    const key = deployment.experiments.readKey;
    const summary = await sequentialLatency(read(`experiment/metrics/summary?experimentKey=${key}`), READS);
    const series = await sequentialLatency(read(`experiment/metrics/get-metric?experimentKey=${key}&metricName=${SERIES}`), READS);
    const failed = summary.failures + series.failures;
    console.log(
      `  ${deployment.label.padEnd(LABEL)}${pad(`${summary.p50.toFixed(2)} / ${summary.p99.toFixed(2)}`, 22)}${pad(`${series.p50.toFixed(2)} / ${series.p99.toFixed(2)}`, 21)}` +
        `${failed > 0 ? `   ${failed} failed` : ''}`,
    );
  }
}

function printVerdicts(rows: Row[], e29: Map<Row, E29Figures>, batches: Map<Row, BatchFigures>): void {
  const [, sqlite, pgOne, pgTwo] = rows as [Row, Row, Row, Row];
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const cores = availableParallelism();
  const total = (busy: Record<string, number> = {}) => Object.values(busy).reduce((sum, value) => sum + value, 0);
  const e29Ratio = (e29.get(pgOne)?.requestsPerSecond ?? 0) / (e29.get(sqlite)?.requestsPerSecond ?? 1);
  const batchRatio = (batches.get(pgTwo)?.pointsPerSecond ?? 0) / (batches.get(pgOne)?.pointsPerSecond ?? 1);
  console.log(`  PostgreSQL 1 instance / SQLite on E29: ${(100 * e29Ratio).toFixed(0)}% (target >= 50%) -> ${verdict(e29Ratio >= 0.5)}`);
  const one = batches.get(pgOne);
  // CPU per 1,000 points of everything the row runs (service, PostgreSQL, load generator): the cores divided by it
  // is the most points/s any number of instances can reach on this machine.
  const msPerThousand = (total(one?.coresBusy) * 1e6) / Math.max(1, one?.pointsPerSecond ?? 0);
  const ceiling = (cores * 1e6) / msPerThousand;
  const allowed = ceiling / Math.max(1, one?.pointsPerSecond ?? 0);
  const batchVerdict =
    batchRatio >= 1.5 ? 'met' : allowed < 1.5 ? `out of reach here: the cores allow ${allowed.toFixed(2)}x, and ${(100 * (batchRatio / allowed)).toFixed(0)}% of that was reached` : 'NOT met';
  console.log(`  PostgreSQL 2 instances / 1 on batch ingest: ${batchRatio.toFixed(2)}x (target >= 1.5x where the cores allow) -> ${batchVerdict}`);
  console.log(
    `  what the cores allow: one instance's batches cost ${msPerThousand.toFixed(1)} ms CPU per 1,000 points (service, PostgreSQL and load generator),` +
      ` so ${cores} cores carry at most ${Math.round(ceiling).toLocaleString('en')} points/s = ${allowed.toFixed(2)}x one instance`,
  );
  const p99s = rows.slice(1).map((row) => e29.get(row)?.p99 ?? NaN);
  const rounds = (row: Row) => (e29.get(row)?.roundP99s ?? []).join(', ');
  console.log(
    `  p99 at ${CONNECTIONS} connections: ${rows.slice(1).map((row, index) => `${row.label} ${p99s[index]} ms (rounds: ${rounds(row)})`).join('; ')}` +
      ` (target < 25 ms) -> ${verdict(p99s.every((p99) => p99 < 25))}`,
  );
  const twoBatch = batches.get(pgTwo)?.coresBusy;
  console.log(
    `  cores busy during the 2-instance batch run: ${total(twoBatch).toFixed(2)} of ${cores} (service ${twoBatch?.service?.toFixed(2)}, PostgreSQL ${twoBatch?.postgres?.toFixed(2)},` +
      ` load generator ${twoBatch?.['load generator']?.toFixed(2)}); the rest went to other processes: load average ${loadavg()[0]?.toFixed(1)}`,
  );
}

/**
 * `npm run bench -- service` (backends part): E29 single points at 50 connections, gzip metric batches and the
 * metric reads on SQLite, PostgreSQL with one instance and with two (clients spread over both), every server a
 * child process, next to a bare Fastify process; PostgreSQL is a throw-away cluster started and stopped here.
 */
export async function runServiceBackendsBench(): Promise<void> {
  const cluster = await startPostgresCluster();
  const started: { stop(): Promise<void> }[] = [];
  try {
    const bare: ChildTarget = await startChild([join(import.meta.dirname, 'live-bare.ts')]);
    started.push(bare);
    const sqlite = await startSqliteDeployment(SHAPE, RUNS);
    started.push(sqlite.deployment);
    const postgres = await startPostgresDeployments(cluster, SHAPE, RUNS);
    started.push(postgres.one, postgres.two);
    const deployments = [sqlite.deployment, postgres.one, postgres.two];
    const rows: Row[] = [
      { label: 'bare Fastify', urls: [bare.url], serverCpuMs: () => bare.cpuMs(), meters: { service: () => bare.cpuMs(), 'load generator': loadGeneratorCpuMs } },
      ...deployments.map((deployment) => ({ label: deployment.label, urls: deployment.instances.map((instance) => instance.url), serverCpuMs: () => deployment.serverCpuMs(), meters: deployment.meters, deployment })),
    ];
    const points = (SHAPE.metrics * SHAPE.steps).toLocaleString('en');
    console.log(`\nBackends: SQLite, PostgreSQL with 1 and with 2 instances (clients spread over both), bare Fastify as baseline`);
    console.log(`  every server the CLI in its own process (--throttle-off --no-background-tiles); PostgreSQL ${cluster.url().replace(/^postgres:\/\/[^@]*@/, '')}: a throw-away cluster on this machine, fsync on`);
    console.log(`  ${WARMUP_SECONDS} s of each load per service process first, then best of ${ROUNDS} rounds alternating over the rows, ${SECONDS} s each`);
    console.log(`  (1 s warm-up); CPU from /proc: per request of the service`);
    console.log(`  process(es) and of PostgreSQL (µs; batches: ms per 1,000 points); cores busy = CPU time / wall time over the run`);
    console.log(`  reads: the summaries and one ${SHAPE.steps.toLocaleString('en')}-point series of an experiment of ${SHAPE.metrics} metrics (${points} points seeded through`);
    console.log(`  the storage module: SQLite ${(sqlite.seedMs / 1000).toFixed(1)} s, PostgreSQL ${(postgres.seedMs / 1000).toFixed(1)} s)`);
    const e29 = await measureE29(rows);
    const batches = await measureBatches(rows);
    printIngest(rows, e29, batches);
    await measureReads(deployments);
    printVerdicts(rows, e29, batches);
  } finally {
    for (const part of started.reverse()) await part.stop();
    await cluster.stop();
  }
}
