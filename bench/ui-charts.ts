import type { Page } from 'playwright-core';
import { openSqlite } from '../server/src/database/sql-sqlite.ts';
import { benchAdmin } from './seed-admin.ts';
import { createExperimentStore } from '../server/src/experiments/experiment-store.ts';
import { createLoggedValueStore } from '../server/src/logged-data/values.ts';
import type { BenchService } from './ui-live.ts';

/** The long series the charts must draw, and the short one they are compared with. */
export const LONG_POINTS = 1_000_000;
const SHORT_POINTS = 1_000;
const WARM_LOADS = 3;
const LIVE_APPENDS = 5;

/** The seeded experiments with a `loss` metric of LONG_POINTS and of SHORT_POINTS points. */
export interface ChartExperiments {
  long: string;
  short: string;
}

/**
 * Seeds, before the service starts (after `seedProjects`, which creates the admin workspace), a project with two
 * experiments whose `loss` holds 1,000,000 and 1,000 points (a noisy decay, a point per step, 50 ms apart).
 */
export async function seedChartExperiments(serviceDataDir: string): Promise<ChartExperiments> {
  const db = openSqlite(serviceDataDir);
  try {
    const now = Date.now();
    const { workspace, admin, newProject } = await benchAdmin(db);
    const project = await newProject('bench-charts', now);
    const experiments = createExperimentStore(db);
    const values = createLoggedValueStore(db);
    const seed = async (name: string, points: number) => {
      const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name, userId: admin.id }, now);
      const start = now - points * 50;
      for (let offset = 0; offset < points; offset += 10_000) {
        const batch = Array.from({ length: Math.min(10_000, points - offset) }, (_, index) => {
          const step = offset + index;
          return { name: 'loss', value: 2 / (1 + step / 1000) + Math.sin(step / 37) * 0.05 + ((step * 7919) % 97) / 1000, timestamp: start + step * 50, step, epoch: null, context: null };
        });
        await values.appendMetrics(experiment.id, batch, Number.POSITIVE_INFINITY);
      }
      return experiment.key;
    };
    return { long: await seed('long-run', LONG_POINTS), short: await seed('short-run', SHORT_POINTS) };
  } finally {
    await db.close();
  }
}

/**
 * In the page: opens the experiment's Metrics tab (as a click does) and answers the milliseconds until the chart of
 * `loss` is visible at its size, has drawn, and its legend counts every point (then a frame, so it is painted), and
 * the chart's own draw time.
 */
function timeChartTab({ points }: { points: string }): Promise<{ ms: number; drawMs: number }> {
  return new Promise((resolve) => {
    const start = performance.now();
    document.querySelector<HTMLElement>('#experiment-tab-metrics')?.click();
    const check = () => {
      const chart = document.querySelector<HTMLElement>('[role="img"][aria-label^="Chart of loss"]');
      const legend = document.querySelector('[aria-label="Legend"]');
      const shown = chart !== null && chart.checkVisibility() && chart.clientWidth > 0 && legend?.checkVisibility();
      if (shown && Number(chart.dataset.draws ?? 0) > 0 && legend?.textContent?.includes(`(${points} points)`)) {
        requestAnimationFrame(() => resolve({ ms: performance.now() - start, drawMs: Number(chart?.dataset.drawMs ?? Number.NaN) }));
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Opens an experiment's page afresh (nothing cached) and times its chart tab (also the line-chart bench's baseline). */
export async function timeChart(page: Page, origin: string, experimentKey: string, points: number, run: string) {
  await page.goto(`${origin}/?chart=${run}#/experiments/${experimentKey}`);
  await page.locator('#experiment-tab-metrics').waitFor();
  return page.evaluate(timeChartTab, { points: String(points) });
}

/** Milliseconds of one service read, from the bench process. */
export async function timeRead(service: BenchService, path: string, body?: unknown): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${service.baseUrl}/api/rest/v2/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: service.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - start;
}

/** What `measureCharts` found. */
export interface ChartFigures {
  longCold: { ms: number; drawMs: number };
  longWarm: { ms: number; drawMs: number }[];
  short: { ms: number; drawMs: number }[];
  seriesRead: number[];
  oldThinned: number;
  oldFull: number;
  appends: { lagMs: number; drawMs: number }[];
  builds: string | null;
}

/** Draws the long and short series in Chromium, times the old chart read, and appends live points to the long chart. */
export async function measureCharts(page: Page, origin: string, service: BenchService, seeded: ChartExperiments): Promise<ChartFigures> {
  const longCold = await timeChart(page, origin, seeded.long, LONG_POINTS, 'cold');
  const longWarm = [];
  const short = [];
  for (let run = 0; run < WARM_LOADS; run += 1) {
    longWarm.push(await timeChart(page, origin, seeded.long, LONG_POINTS, `warm-${run}`));
    short.push(await timeChart(page, origin, seeded.short, SHORT_POINTS, `short-${run}`));
  }
  const query = `ext/experiment/metric-series?experimentKey=${seeded.long}&metricName=loss&buckets=1000`;
  const seriesRead = [];
  for (let run = 0; run < WARM_LOADS; run += 1) seriesRead.push(await timeRead(service, query));
  const chartBody = (fetchFull: boolean) => ({ targetedExperiments: [seeded.long], metrics: ['loss'], independentMetrics: true, fetchFull });
  const oldThinned = await timeRead(service, 'experiments/multi-metric-chart', chartBody(false));
  const oldFull = await timeRead(service, 'experiments/multi-metric-chart', chartBody(true));

  // Live points, logged as a script does, reach the open chart (the page asks every second) without a rebuild. Into the
  // 1,000-point series: the service refuses values past 15,000 per metric (the hosted limit, compat.md §2); the chart
  // holds about as many buckets either way.
  await timeChart(page, origin, seeded.short, SHORT_POINTS, 'live');
  const chart = page.locator('[role="img"][aria-label^="Chart of loss"]');
  const appends = [];
  for (let point = 1; point <= LIVE_APPENDS; point += 1) {
    const draws = Number(await chart.getAttribute('data-draws'));
    const start = performance.now();
    await timeRead(service, 'write/experiment/metric', { experimentKey: seeded.short, metricName: 'loss', metricValue: 0.01, step: SHORT_POINTS + point });
    await page.getByLabel('Legend').getByText(`(${SHORT_POINTS + point} points)`, { exact: false }).waitFor({ timeout: 10_000 });
    await page.waitForFunction((before) => Number(document.querySelector<HTMLElement>('[role="img"][aria-label^="Chart of loss"]')?.dataset.draws) > before, draws);
    appends.push({ lagMs: performance.now() - start, drawMs: Number(await chart.getAttribute('data-draw-ms')) });
  }
  return { longCold, longWarm, short, seriesRead, oldThinned, oldFull, appends, builds: await chart.getAttribute('data-builds') };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Prints the chart figures with their same-run baselines. */
export function printChartFigures(figures: ChartFigures): void {
  const warm = median(figures.longWarm.map((one) => one.ms));
  const short = median(figures.short.map((one) => one.ms));
  console.log(`Charts (Chromium, click on the Metrics tab → the loss chart drawn with its legend; median of ${WARM_LOADS} fresh pages):`);
  console.log(`  1,000,000-point metric, first read (seeded before the service started, which tiles it in its quiet moments): ${ms(figures.longCold.ms)}`);
  console.log(`  1,000,000-point metric, later reads: ${ms(warm)} (uPlot draw ${median(figures.longWarm.map((one) => one.drawMs)).toFixed(1)} ms)`);
  console.log(`  baseline, 1,000-point metric: ${ms(short)} (uPlot draw ${median(figures.short.map((one) => one.drawMs)).toFixed(1)} ms); ratio ${(warm / short).toFixed(2)}×`);
  console.log(
    `  service reads of the 1,000,000 points: ext.metricSeries (1,000 buckets) ${ms(median(figures.seriesRead))}; ` +
      `old chart read thinned to 1,000 points ${ms(figures.oldThinned)}, in full ${ms(figures.oldFull)}`,
  );
  const lags = figures.appends.map((one) => one.lagMs);
  console.log(
    `  live append (${figures.appends.length} points logged one by one into the open 1,000-point chart): shown after p50 ${ms(median(lags))}, max ${ms(Math.max(...lags))} ` +
      `(the page asks every second); setData → drawn ${median(figures.appends.map((one) => one.drawMs)).toFixed(1)} ms; chart builds: ${figures.builds ?? '—'}`,
  );
  const slowest = Math.max(figures.longCold.ms, warm);
  console.log(`  target: a 1,000,000-point metric drawn < 200 ms ${slowest < 200 ? 'met' : 'MISSED'} (first and later reads)`);
}
