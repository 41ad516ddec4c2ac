import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatchLoad, sdkBatchBodies, startChild, type BatchFigures, type ChildTarget } from './live-load.ts';

const API_KEY = 'bench-admin-key-0123456789abcdefghij';
const RUNS = 8;
const POINTS = 1000;
const BODIES_PER_RUN = 20;
const RULES = 100;
const SECONDS = Number(process.env.BENCH_ALERTS_SECONDS ?? 5);
const ROUNDS = 3;
const REPO = join(import.meta.dirname, '..');
const METRICS = ['loss', 'accuracy', 'val_loss', 'val_accuracy', 'lr', 'grad_norm', 'epoch_time'];

/** `RUNS` runs of a project started through the handshake, as `Experiment()` does. */
async function startRuns(service: ChildTarget, projectName: string): Promise<string[]> {
  const keys = Array.from({ length: RUNS }, () => randomBytes(16).toString('hex'));
  for (const experimentKey of keys) {
    const response = await fetch(`${service.url}/clientlib/logger/add/run`, {
      method: 'POST',
      headers: { authorization: API_KEY, 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ apiKey: API_KEY, experimentKey, projectName, teamName: null, offline: false, getOrCreateEnabled: false }),
    });
    if (response.status !== 200) throw new Error(`add/run answered ${response.status}: ${await response.text()}`);
  }
  return keys;
}

/** Rule `index` of the hundred: mostly thresholds and NaN checks on logged metrics, some plateaus, silences and ends (none meant to fire). */
function ruleBody(index: number, projectName: string): Record<string, unknown> {
  const metricName = METRICS[index % METRICS.length];
  const base = { workspaceName: 'admin', projectName, shared: true, name: `rule ${index}` };
  if (index % 10 < 5) return { ...base, kind: 'threshold', metricName, operator: index % 2 ? '>' : '<', threshold: index % 2 ? 1e9 : -1e9 };
  if (index % 10 < 8) return { ...base, kind: 'nonFinite', metricName };
  if (index % 10 === 8) return { ...base, kind: 'noImprovement', metricName, steps: 100_000_000, direction: 'min' };
  return { ...base, ...(index % 20 === 9 ? { kind: 'stale', metricName, minutes: 10_000 } : { kind: 'crashed' }) };
}

/**
 * `npm run bench -- alerts`: 8 simulated SDK runs sending gzip metric batches of 1,000 points, to a project with 100
 * shared alert rules and to one without rules, on one service, in alternating rounds.
 */
export async function runAlertsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-alerts-'));
  const service = await startChild([join(REPO, 'server/src/process/cli.ts'), '--port', '0', '--data-dir', dataDir, '--throttle-off', '--no-background-tiles'], {
    TRACKDESK_BOOTSTRAP_API_KEY: API_KEY,
  });
  try {
    const plain = await startRuns(service, 'alerts-plain');
    const ruled = await startRuns(service, 'alerts-ruled');
    for (let index = 0; index < RULES; index += 1) {
      const response = await fetch(`${service.url}/api/rest/v2/ext/alerts/rules`, {
        method: 'POST',
        headers: { authorization: API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(ruleBody(index, 'alerts-ruled')),
      });
      if (response.status !== 200) throw new Error(`creating rule ${index} answered ${response.status}: ${await response.text()}`);
    }
    const headers = { authorization: API_KEY, 'content-type': 'application/json;charset=utf-8', 'content-encoding': 'gzip', 'user-agent': 'python-requests/2.32.3' };
    const measure = async (keys: string[]) => {
      const bodies = keys.map((key) => sdkBatchBodies(key, API_KEY, BODIES_PER_RUN, POINTS));
      const load = { urls: [`${service.url}/clientlib/batch/logger/experiment/metric`], headers, bodiesPerRun: bodies, points: POINTS, serverCpuMs: () => service.cpuMs() };
      await runBatchLoad({ ...load, seconds: 1 });
      return runBatchLoad({ ...load, seconds: SECONDS });
    };
    const runs: { plain: BatchFigures[]; ruled: BatchFigures[] } = { plain: [], ruled: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.plain.push(await measure(plain));
      runs.ruled.push(await measure(ruled));
    }
    const best = (list: BatchFigures[]) => list.reduce((a, b) => (b.pointsPerSecond > a.pointsPerSecond ? b : a));
    const [without, withRules] = [best(runs.plain), best(runs.ruled)];
    const row = (label: string, figures: BatchFigures) =>
      `  ${label.padEnd(34)}${Math.round(figures.pointsPerSecond).toLocaleString('en').padStart(10)}${figures.p50.toFixed(1).padStart(8)}${figures.p99.toFixed(1).padStart(8)}${figures.cpuMsPerThousand.toFixed(2).padStart(15)}${String(figures.failures).padStart(8)}`;
    console.log(`Alert rules on ingest: ${RUNS} runs, gzip metric batches of ${POINTS} points, best of ${ROUNDS} alternating ${SECONDS} s rounds (1 s warm-up each)`);
    console.log(`  ${''.padEnd(34)}${'points/s'.padStart(10)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU ms/1k pts'.padStart(15)}${'failed'.padStart(8)}`);
    console.log(row('project without rules', without));
    console.log(row(`project with ${RULES} shared rules`, withRules));
    const ratio = withRules.pointsPerSecond / without.pointsPerSecond;
    console.log(`  with rules / without: ${(100 * ratio).toFixed(0)}% (target >= 90%) -> ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
