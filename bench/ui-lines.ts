import type { Page } from 'playwright-core';
import { openSqlite } from '../server/src/database/sql-sqlite.ts';
import { benchAdmin } from './seed-admin.ts';
import { createExperimentStore } from '../server/src/experiments/experiment-store.ts';
import { createLoggedValueStore } from '../server/src/logged-data/values.ts';
import { createMetricTileStore } from '../server/src/logged-data/metrics/tile-store.ts';
import { timeChart, timeRead } from './ui-charts.ts';

/** The sweep the line charts draw: runs, and points of `loss` per run. */
export const RUNS = 1_000;
const POINTS = 10_000;
const RATES = [0.001, 0.003, 0.01, 0.03];
const LOADS = 3;

/** The seeded sweep: the project's id and its runs' keys. */
export interface LineSweep {
  projectId: string;
  keys: string[];
}

/**
 * Seeds, before the service starts (after `seedProjects`), a project of RUNS runs, each with a parameter `lr` (4 values)
 * and a `loss` of POINTS points, written by the storage module behind the batch metric write (E29 and the SDK's batches),
 * then tiled as the service's tile keeper tiles series in its quiet moments while runs log.
 */
export async function seedLineSweep(serviceDataDir: string): Promise<LineSweep> {
  const db = openSqlite(serviceDataDir);
  try {
    const now = Date.now();
    const { workspace, admin, newProject } = await benchAdmin(db);
    const project = await newProject('bench-lines', now);
    const experiments = createExperimentStore(db);
    const values = createLoggedValueStore(db);
    const tiles = createMetricTileStore(db);
    const keys: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: `sweep-${run}`, userId: admin.id }, now - (RUNS - run) * 1000);
      const lr = RATES[run % RATES.length] ?? 0.01;
      const start = now - POINTS * 50;
      const points = Array.from({ length: POINTS }, (_, step) => ({
        name: 'loss',
        value: 2 / (1 + (step * lr) / 3) + Math.sin((step + run) / 37) * 0.05 + (((step + run) * 7919) % 97) / 1000,
        timestamp: start + step * 50,
        step,
        epoch: null,
        context: null,
      }));
      await values.appendMetrics(experiment.id, points, Number.POSITIVE_INFINITY);
      await values.logValue(experiment.id, 'parameter', 'lr', { value: String(lr), number: lr, timestamp: now, step: null, context: null });
      const item = await tiles.item(experiment.id, 'loss');
      if (item) await tiles.catchUp(item);
      keys.push(experiment.key);
    }
    return { projectId: project.uuid, keys };
  } finally {
    await db.close();
  }
}

/**
 * In the page: goes to the analysis view (as a click does) and answers the milliseconds until its line chart holds
 * `lines` lines read afresh and has drawn them (then a frame, so they are painted).
 */
function timeLineView({ hash, lines, giveUpMs }: { hash: string; lines: number; giveUpMs: number }): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    location.hash = hash;
    const check = () => {
      if (performance.now() - start > giveUpMs) return resolve(Number.NaN);
      const panel = document.querySelector<HTMLElement>(`[data-testid="line-chart"][data-state="ready"][data-lines="${lines}"]`);
      const canvas = panel?.querySelector<HTMLElement>('[role="img"]');
      if (canvas && canvas.clientWidth > 0 && Number(canvas.dataset.draws ?? 0) > 0) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** How long an opening may take before it counts as failed (NaN, printed as MISSED). */
const GIVE_UP_MS = 60_000;

/** Opens the app afresh on the project's table, then the analysis view; the median of LOADS such openings. */
async function timeOpenings(page: Page, origin: string, projectId: string, lines: number, label: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    await page.goto(`${origin}/?${label}=${run}#/projects/${projectId}`);
    await page.locator('[data-app-state="ready"]').waitFor();
    times.push(await page.evaluate(timeLineView, { hash: `#/projects/${projectId}/analysis`, lines, giveUpMs: GIVE_UP_MS }));
  }
  return times;
}

/** The renderer's JavaScript heap (MB) as Chromium's DevTools protocol reports it. */
async function heapMb(page: Page): Promise<{ used: number; total: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? Number.NaN) / 2 ** 20;
  await cdp.detach();
  return { used: of('JSHeapUsedSize'), total: of('JSHeapTotalSize') };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The analysis view's line chart over RUNS runs of POINTS points, against the experiment page's chart of one run. */
export async function measureLineCharts(page: Page, origin: string, service: { baseUrl: string; apiKey: string }, sweep: LineSweep): Promise<void> {
  // What the line panel asks for 1,000 runs (use-series-many.ts): 50 buckets per run, only each bucket's first value.
  const body = { experimentKeys: sweep.keys, metricName: 'loss', axis: 'step', buckets: 50, fields: ['first'] };
  const first = sweep.keys[0] ?? '';
  const baseline: number[] = [];
  for (let run = 0; run < LOADS; run += 1) baseline.push((await timeChart(page, origin, first, POINTS, `line-baseline-${run}`)).ms);

  // The panel is added once through the UI (it is kept with the project).
  await page.goto(`${origin}/?lines-setup#/projects/${sweep.projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Line chart/ }).click();
  await page.locator(`[data-testid="line-chart"][data-state="ready"][data-lines="${RUNS}"]`).waitFor({ timeout: 60_000 });
  const perRun = await timeOpenings(page, origin, sweep.projectId, RUNS, 'lines');
  const heapPerRun = await heapMb(page);

  await page.getByLabel('Group by').click();
  await page.getByRole('option', { name: 'lr', exact: true }).click();
  await page.locator(`[data-testid="line-chart"][data-state="ready"][data-lines="${RATES.length}"]`).waitFor({ timeout: 60_000 });
  const grouped = await timeOpenings(page, origin, sweep.projectId, RATES.length, 'grouped');
  const heapGrouped = await heapMb(page);

  const reads: number[] = [];
  for (let run = 0; run < LOADS; run += 1) reads.push(await timeRead(service, 'ext/experiments/metric-series', body));

  const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`Line charts across runs (Chromium; the app opened afresh on the project's table, then a click to the analysis view → the chart drawn; median of ${LOADS}):`);
  console.log(`  baseline, the experiment page's chart of one ${POINTS.toLocaleString('en-US')}-point run: ${ms(median(baseline))}`);
  console.log(`  ${RUNS.toLocaleString('en-US')} runs × ${POINTS.toLocaleString('en-US')} points, a line per run: ${ms(median(perRun))} (${(median(perRun) / median(baseline)).toFixed(2)}× the baseline)`);
  console.log(`  same, grouped by lr (${RATES.length} means with min–max bands): ${ms(median(grouped))} (${(median(grouped) / median(baseline)).toFixed(2)}× the baseline)`);
  console.log(`  service read of the ${RUNS.toLocaleString('en-US')} series (ext.metricSeriesMany, 50 buckets per run, first values), from the bench process: ${ms(median(reads))}`);
  console.log(`  renderer JS heap with the view open: ${heapPerRun.used.toFixed(0)} MB used of ${heapPerRun.total.toFixed(0)} MB (a line per run), ${heapGrouped.used.toFixed(0)} MB of ${heapGrouped.total.toFixed(0)} MB (grouped)`);
  console.log(`  targets: a line per run < 1000 ms ${meets(median(perRun) < 1000)}, grouped < 1000 ms ${meets(median(grouped) < 1000)}, heap < 500 MB ${meets(Math.max(heapPerRun.total, heapGrouped.total) < 500)}`);
}
