import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runBatchLoad, sdkBatchBodies, startChild, type BatchFigures, type ChildTarget } from './live-load.ts';
import { loadGeneratorCpuMs } from './cpu-meters.ts';
import { autocannon } from './service-load.ts';

const API_KEY = 'bench-admin-key-0123456789abcdefghij';
const RUNS = 8;
const POINTS = 1000;
const BODIES_PER_RUN = 20;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 5);
const ROUNDS = 2;
const E29_CONNECTIONS = 50;
const REPO = join(import.meta.dirname, '..');

const header = () =>
  `  ${''.padEnd(36)}${'points/s'.padStart(10)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU ms/1k pts'.padStart(15)}` +
  `${'main thread'.padStart(13)}${'written KiB/1k'.padStart(16)}${'failed'.padStart(8)}   cores busy`;
/** Cores kept busy by the server, its main thread and the load generator (CPU time / wall time). */
const busyText = (busy: Record<string, number>) =>
  Object.entries(busy)
    .map(([name, cores]) => `${name} ${cores.toFixed(2)}`)
    .join(', ');
const row = (label: string, figures: BatchFigures) =>
  `  ${label.padEnd(36)}${Math.round(figures.pointsPerSecond).toLocaleString('en').padStart(10)}${figures.p50.toFixed(1).padStart(8)}` +
  `${figures.p99.toFixed(1).padStart(8)}${figures.cpuMsPerThousand.toFixed(2).padStart(15)}` +
  `${(figures.mainThreadCpuMsPerThousand?.toFixed(2) ?? '').padStart(13)}${(figures.writtenKiBPerThousand?.toFixed(1) ?? '').padStart(16)}${String(figures.failures).padStart(8)}   ${busyText(figures.coresBusy)}`;
const best = (runs: BatchFigures[]) => runs.reduce((a, b) => (b.pointsPerSecond > a.pointsPerSecond ? b : a));

/** Starts the runs through the handshake, as `Experiment()` does, and returns their keys. */
async function startRuns(service: ChildTarget): Promise<string[]> {
  const keys = Array.from({ length: RUNS }, () => randomBytes(16).toString('hex'));
  for (const experimentKey of keys) {
    const response = await fetch(`${service.url}/clientlib/logger/add/run`, {
      method: 'POST',
      headers: { authorization: API_KEY, 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ apiKey: API_KEY, experimentKey, projectName: 'live-bench', teamName: null, offline: false, getOrCreateEnabled: false }),
    });
    if (response.status !== 200) throw new Error(`add/run answered ${response.status}: ${await response.text()}`);
  }
  return keys;
}

/** E29, one point per request, over autocannon with the server's CPU read from /proc. */
async function measureE29(service: ChildTarget, experimentKey: string): Promise<BatchFigures> {
  const body = JSON.stringify({ experimentKey, metricName: 'loss', metricValue: 0.4217, step: 12, epoch: 1, context: null, timestamp: 1_732_000_000_000 });
  const target = { url: `${service.url}/api/rest/v2/write/experiment/metric`, method: 'POST' as const, headers: { authorization: API_KEY, 'content-type': 'application/json' }, body };
  const figures = await autocannon(target, E29_CONNECTIONS, SECONDS, () => service.cpuMs() * 1000);
  return { pointsPerSecond: figures.requestsPerSecond, p50: figures.p50, p99: figures.p99, cpuMsPerThousand: figures.cpuMicrosPerRequest ?? NaN, failures: figures.failures, coresBusy: {} };
}

/**
 * `npm run bench -- live`: 8 simulated SDK runs sending gzip metric batches of 1,000 points to the clientlib route,
 * next to a bare Fastify handler fed the same bodies and E29 single-point ingest, each server in its own process.
 */
export async function runLiveBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-live-'));
  const service = await startChild([join(REPO, 'server/src/process/cli.ts'), '--port', '0', '--data-dir', dataDir, '--throttle-off', '--no-background-tiles'], { TRACKDESK_BOOTSTRAP_API_KEY: API_KEY, TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123' });
  const bare = await startChild([join(REPO, 'bench/live-bare.ts')]);
  try {
    const keys = await startRuns(service);
    const bodies = keys.map((key) => sdkBatchBodies(key, API_KEY, BODIES_PER_RUN, POINTS));
    const headers = { authorization: API_KEY, 'content-type': 'application/json;charset=utf-8', 'content-encoding': 'gzip', 'user-agent': 'python-requests/2.32.3' };
    const measure = async (target: ChildTarget, path: string) => {
      const meters = { server: () => target.cpuMs(), 'its main thread': () => target.mainThreadCpuMs(), 'load generator': loadGeneratorCpuMs };
      const load = { urls: [target.url + path], headers, bodiesPerRun: bodies, points: POINTS, serverCpuMs: () => target.cpuMs(), mainThreadCpuMs: () => target.mainThreadCpuMs(), writtenBytes: () => target.writtenBytes(), meters };
      await runBatchLoad({ ...load, seconds: 1 });
      return runBatchLoad({ ...load, seconds: SECONDS });
    };
    const runs: { bare: BatchFigures[]; service: BatchFigures[] } = { bare: [], service: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await measure(bare, '/bare'));
      runs.service.push(await measure(service, '/clientlib/batch/logger/experiment/metric'));
    }
    const e29 = await measureE29(service, keys[0] as string);
    const [bareBest, serviceBest] = [best(runs.bare), best(runs.service)];

    const bodyKiB = (bodies[0]?.[0]?.length ?? 0) / 1024;
    console.log(`Live ingest: ${RUNS} simulated SDK runs, gzip metric batches of ${POINTS} points (${bodyKiB.toFixed(0)} KiB each), one batch in flight per run`);
    console.log(`  best of ${ROUNDS} alternating ${SECONDS} s runs (1 s warm-up each); servers in their own processes, CPU from /proc/<pid>/stat; throttling and background tiling off`);
    console.log('  "main thread": CPU ms per 1k points of the server\'s main thread alone (JavaScript and SQLite writes: the serial part; decoding threads excluded)');
    console.log('  "written": KiB the server passed to write calls per 1k points (/proc/<pid>/io wchar: SQLite WAL frames and checkpoints, and the replies)');
    console.log(header());
    console.log(row('bare Fastify (gunzip + JSON parse)', bareBest));
    console.log(row('Trackdesk clientlib metric batch', serviceBest));
    console.log(row(`Trackdesk E29 single points (${E29_CONNECTIONS} conn)`, e29));
    const ratio = serviceBest.pointsPerSecond / bareBest.pointsPerSecond;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(`  clientlib batches: ${Math.round(serviceBest.pointsPerSecond).toLocaleString('en')} points/s (target >= 300,000) -> ${verdict(serviceBest.pointsPerSecond >= 300_000)}`);
    console.log(`  ratio to bare: ${(100 * ratio).toFixed(0)}% (target >= 40%) -> ${verdict(ratio >= 0.4)}`);
    console.log(`  batches vs E29: ${(serviceBest.pointsPerSecond / e29.pointsPerSecond).toFixed(0)}x the points/s, ${(e29.cpuMsPerThousand / serviceBest.cpuMsPerThousand).toFixed(0)}x less server CPU per point`);
    console.log(`  machine load average during the run: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
  } finally {
    await Promise.all([service.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
