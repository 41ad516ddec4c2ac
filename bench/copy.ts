import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CopyJobView } from '../shared/ipc/index.ts';
import { createBackend, type Backend } from '../electron/backend/src/backend.ts';
import { ServiceClient } from '../electron/backend/src/client/service-client.ts';
import { dispatch } from '../electron/backend/src/ipc/dispatch.ts';
import { startChild, stopChild } from './children.ts';
import { assetFiles, inParallel, metricBatches, sendBatches, type CopyShape } from './copy-seed.ts';

const API_KEY = 'bench-copy-key-0123456789abcdefghij';
const MIB = 1024 * 1024;
/** Experiments copied at once by the job, and batch senders at once in the baseline. */
const CONCURRENCY = 2;

/** The issue's shape (100 experiments × 10 metrics × 10,000 points, 100 MiB of assets) times `scale` (BENCH_COPY_SCALE or --scale). */
function shapeOf(scale: number): CopyShape {
  return { experiments: Math.max(1, Math.round(100 * scale)), metrics: 10, points: 10_000, assetExperiments: Math.max(1, Math.round(10 * scale)), assetMib: Math.max(1, Math.round(100 * scale)) };
}

async function ipc<T>(backend: Backend, channel: string, input: unknown): Promise<T> {
  const envelope = await dispatch(backend.handlers, channel as never, input as never);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.data as T;
}

/** Starts a copy job of `keys` into `projectName` and answers its wall time in seconds once done (verification included). */
async function timedCopy(backend: Backend, targetProfileId: string, sourceProfileId: string, keys: string[], projectName: string): Promise<number> {
  const started = performance.now();
  const job = await ipc<CopyJobView>(backend, 'copies.start', { sourceProfileId, targetProfileId, workspaceName: 'admin', projectName, experimentKeys: keys, mode: 'copy' });
  for (;;) {
    const { jobs } = await ipc<{ jobs: CopyJobView[] }>(backend, 'copies.list', {});
    const current = jobs.find((j) => j.jobId === job.jobId);
    if (current && current.state !== 'running') {
      if (current.state !== 'done') throw new Error(`The copy ended ${current.state}: ${current.message ?? ''} ${current.experiments.flatMap((e) => e.problems).join(' ')}`);
      return (performance.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `npm run bench -- copy`: copying experiments between two local services (a copy job, verification included) next to the batch path alone. */
export async function runCopyBench(): Promise<void> {
  const scale = Number(process.env.BENCH_COPY_SCALE ?? 1);
  const shape = shapeOf(scale);
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-copy-'));
  const children: ChildProcess[] = [];
  const backend = createBackend({ userDataDir: join(dir, 'app'), copyJobs: { concurrency: CONCURRENCY } });
  try {
    const start = async (name: string) => {
      const service = await startChild('../server/src/process/cli.ts', ['--port', '0', '--data-dir', join(dir, name), '--throttle-off', '--no-background-tiles'], {
        TRACKDESK_BOOTSTRAP_API_KEY: API_KEY,
        TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123',
      });
      children.push(service.child);
      return new ServiceClient({ baseUrl: service.url, apiKey: API_KEY }, { timeoutMs: 120_000 });
    };
    const [source, target] = [await start('source'), await start('target')];
    const profile = async (name: string, client: ServiceClient) =>
      (await ipc<{ profile: { id: string } }>(backend, 'profiles.create', { name, baseUrl: client.target.baseUrl, apiKey: API_KEY, keyStorage: 'session' })).profile.id;
    const [sourceId, targetId] = [await profile('Laptop', source), await profile('Team', target)];
    const create = async (client: ServiceClient, projectName: string) => (await client.call('createExperiment', { body: { workspaceName: 'admin', projectName } })).experimentKey;

    // Seeding (untimed): the metric experiments, then the asset experiments.
    const batches = Array.from({ length: shape.experiments }, (_, i) => metricBatches(shape, i));
    const metricKeys: string[] = [];
    for (const experimentBatches of batches) {
      const key = await create(source, 'metrics');
      await sendBatches(source, key, experimentBatches);
      metricKeys.push(key);
    }
    const files = await assetFiles(dir, shape);
    const assetKeys: string[] = [];
    for (const filePath of files) {
      const key = await create(source, 'assets');
      await source.upload('uploadAsset', { query: { experimentKey: key }, filePath });
      assetKeys.push(key);
    }
    const points = shape.experiments * shape.metrics * shape.points;
    const mib = files.reduce((sum, file) => sum + statSync(file).size, 0) / MIB;

    // Baseline: the same data sent by the batch path alone (bodies built beforehand), and the same files uploaded from disk.
    let began = performance.now();
    await inParallel(batches, CONCURRENCY, async (experimentBatches) => sendBatches(target, await create(target, 'baseline-metrics'), experimentBatches));
    const batchSeconds = (performance.now() - began) / 1000;
    began = performance.now();
    await inParallel(files, CONCURRENCY, async (filePath) => void (await target.upload('uploadAsset', { query: { experimentKey: await create(target, 'baseline-assets') }, filePath })));
    const uploadSeconds = (performance.now() - began) / 1000;

    const copyMetricsSeconds = await timedCopy(backend, targetId, sourceId, metricKeys, 'copied-metrics');
    const copyAssetsSeconds = await timedCopy(backend, targetId, sourceId, assetKeys, 'copied-assets');

    const rate = (amount: number, seconds: number) => amount / seconds;
    const row = (label: string, copy: number, baseline: number, unit: string) =>
      `  ${label.padEnd(8)}${copy.toFixed(copy < 100 ? 1 : 0).padStart(14)} ${unit}${baseline.toFixed(baseline < 100 ? 1 : 0).padStart(16)} ${unit}${`${((copy / baseline) * 100).toFixed(0)}%`.padStart(9)}`;
    console.log(`${shape.experiments} experiments × ${shape.metrics} metrics × ${shape.points} points (${points.toLocaleString('en')} points), ${shape.assetExperiments} assets of ${mib.toFixed(0)} MiB in all (scale ${scale}); two local services, no throttling`);
    console.log(`  copy: a job of the desktop backend (reads on the source, batch writes on the target, ${CONCURRENCY} experiments at once, then the count and SHA-256 check); baseline: the batch path alone, ${CONCURRENCY} senders`);
    console.log(`  ${''.padEnd(8)}${'copy job'.padStart(21)}${'batch path alone'.padStart(23)}${'ratio'.padStart(9)}`);
    console.log(row('points', rate(points, copyMetricsSeconds), rate(points, batchSeconds), 'pts/s'));
    console.log(row('assets', rate(mib, copyAssetsSeconds), rate(mib, uploadSeconds), 'MiB/s'));
    console.log(`  wall time: copy ${copyMetricsSeconds.toFixed(1)} s + ${copyAssetsSeconds.toFixed(1)} s, baseline ${batchSeconds.toFixed(1)} s + ${uploadSeconds.toFixed(1)} s`);
  } finally {
    await backend.close();
    for (const child of children) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
