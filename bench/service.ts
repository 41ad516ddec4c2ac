import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { startServer } from '../server/src/process/app.ts';
import { openSqlite } from '../server/src/database/sql-sqlite.ts';
import { unlimitedThrottleLimits } from '../server/src/throttle/rate-limits.ts';
import { seedMetricPoints } from './seed-points.ts';
import { runServiceBackendsBench } from './service-backends.ts';
import { runMixedLoadBench } from './service-mixed.ts';
import { autocannon, sequentialLatency, type LoadFigures, type LoadTarget } from './service-load.ts';
import { runServiceSearchBench } from './service-search.ts';

const API_KEY = 'bench-admin-key-0123456789abcdefghij';
const SECONDS = 4;
const ROUNDS = 2;
const METRICS = 100;
const STEPS = 10_000;
const READS = 200;

/** A bare Fastify app answering a JSON POST with a JSON body: the baseline. */
async function startBareFastify(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.post('/bare', async (request) => ({ msg: 'Saved', received: typeof request.body }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => app.close() };
}

const row = (label: string, figures: LoadFigures) =>
  `  ${label.padEnd(28)}${Math.round(figures.requestsPerSecond).toString().padStart(9)}${figures.p50.toFixed(0).padStart(8)}${figures.p99.toFixed(0).padStart(8)}` +
  `${(figures.cpuMicrosPerRequest ?? NaN).toFixed(0).padStart(15)}${String(figures.failures).padStart(8)}`;

/** Inserts METRICS × STEPS points into the SQLite database through the storage module, one transaction per 10,000 points. */
async function insertPoints(dataDir: string, experimentKey: string): Promise<number> {
  const db = openSqlite(dataDir);
  try {
    return await seedMetricPoints(db, experimentKey, { metrics: METRICS, steps: STEPS });
  } finally {
    await db.close();
  }
}

/**
 * `npm run bench -- service`: E29 ingest vs bare Fastify, reads over 1,000,000 stored points, the same ingest and
 * reads on SQLite and PostgreSQL (one and two instances), search over 100,000 experiments, and the mixed load's memory.
 */
export async function runServiceBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-'));
  try {
    const bare = await startBareFastify();
    const bareTarget: LoadTarget = { url: bare.url, method: 'POST', headers: { 'content-type': 'application/json' } };
    const server = await startServer({ host: '127.0.0.1', port: 0, dataDir, bootstrapApiKey: API_KEY, throttle: unlimitedThrottleLimits });
    const headers = { authorization: API_KEY, 'content-type': 'application/json' };
    const create = async (projectName: string) => {
      const response = await fetch(`${server.url}/api/rest/v2/write/experiment/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ workspaceName: 'admin', projectName }),
      });
      return ((await response.json()) as { experimentKey: string }).experimentKey;
    };
    const ingestKey = await create('ingest');
    const body = JSON.stringify({ experimentKey: ingestKey, metricName: 'loss', metricValue: 0.4217, step: 12, epoch: 1, context: 'train' });
    const ingest: LoadTarget = { url: `${server.url}/api/rest/v2/write/experiment/metric`, method: 'POST', headers, body };
    bareTarget.body = body;

    console.log(`E29 metric ingest: best of ${ROUNDS} alternating ${SECONDS} s runs (1 s warm-up each), autocannon in a child process, throttling off`);
    console.log('  (server CPU µs: CPU time of the server process per request over the measured run)');
    console.log(`  ${''.padEnd(28)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'server CPU µs'.padStart(15)}${'failed'.padStart(8)}`);
    const figures: Record<string, LoadFigures> = {};
    const best = (runs: LoadFigures[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    for (const connections of [1, 50]) {
      const runs: { bare: LoadFigures[]; service: LoadFigures[] } = { bare: [], service: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.bare.push(await autocannon(bareTarget, connections, SECONDS));
        runs.service.push(await autocannon(ingest, connections, SECONDS));
      }
      figures[`bare${connections}`] = best(runs.bare);
      figures[`service${connections}`] = best(runs.service);
      console.log(row(`bare Fastify, ${connections} conn`, best(runs.bare)));
      console.log(row(`Trackdesk E29, ${connections} conn`, best(runs.service)));
    }
    await bare.close();
    const ratio = (connections: number) => (figures[`service${connections}`]?.requestsPerSecond ?? 0) / (figures[`bare${connections}`]?.requestsPerSecond ?? 1);
    const p99 = figures.service50?.p99 ?? NaN;
    const cpuRatio = (figures.bare50?.cpuMicrosPerRequest ?? NaN) / (figures.service50?.cpuMicrosPerRequest ?? NaN);
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(
      `  ratio to bare: ${(100 * ratio(1)).toFixed(0)}% at 1 connection, ${(100 * ratio(50)).toFixed(0)}% at 50 (target >= 60% at 50) -> ${verdict(ratio(50) >= 0.6)}`,
    );
    console.log(`  server CPU per request at 50 connections: bare / E29 = ${(100 * cpuRatio).toFixed(0)}% (the same ratio, free of other load on the machine)`);
    console.log(`  machine load average during the run: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
    console.log(`  p99 at 50 connections: ${p99} ms (target < 15 ms) -> ${verdict(p99 < 15)}`);

    const bigKey = await create('big');
    const insertMs = await insertPoints(dataDir, bigKey);
    const total = METRICS * STEPS;
    console.log(`\n${total.toLocaleString('en')} metric points in one experiment (${METRICS} metrics x ${STEPS.toLocaleString('en')} steps)`);
    console.log(`  inserted through the storage module in ${(insertMs / 1000).toFixed(1)} s (${Math.round(total / (insertMs / 1000)).toLocaleString('en')} points/s)`);
    const read = (path: string): LoadTarget => ({ url: `${server.url}/api/rest/v2/${path}`, method: 'GET', headers: { authorization: API_KEY } });
    const summary = await sequentialLatency(read(`experiment/metrics/summary?experimentKey=${bigKey}`), READS);
    const series = await sequentialLatency(read(`experiment/metrics/get-metric?experimentKey=${bigKey}&metricName=metric_042`), READS);
    const line = (label: string, result: LoadFigures & { bytes: number }) =>
      `  ${label.padEnd(44)} p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${(result.bytes / 1024).toFixed(0)} KiB, ${result.failures} failed)`;
    console.log(line(`metric summary read (${METRICS} summaries)`, summary));
    console.log(line(`one-metric series read (${STEPS.toLocaleString('en')} points)`, series));
    console.log(`  (${READS} sequential requests each over one keep-alive connection, timed to the last byte)`);
    await server.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await runServiceBackendsBench();
  await runServiceSearchBench();
  await runMixedLoadBench();
}
