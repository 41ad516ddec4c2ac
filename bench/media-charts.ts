import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';
import { addRunBody, sdkCall, sdkExperimentKey, sdkUpload } from '../server/test/support/clientlib-sdk.ts';
import { DEFAULT_HISTOGRAM_LAYOUT, histogramBinIndex, histogramEdges } from '../shared/media/histogram3d.ts';
import { openApp, serviceUrl, stopShell } from './ui.ts';
import { seedProjects } from './ui-seed.ts';
import { median, rendererHeapMb } from './page-measures.ts';

/** The steps of the measured histogram, and of the baseline's (the same canvas, few steps). */
const STEPS = 1_000;
const BASELINE_STEPS = 10;
/** Values counted per step, and how many uploads run at once while seeding. */
const VALUES_PER_STEP = 2_000;
const UPLOADS_AT_ONCE = 8;
const LOADS = 3;

/** One step's `histogram3d` file as comet_ml writes it: weights drifting and narrowing over training, binned by the SDK's edges. */
function histogramFile(step: number): string {
  const edges = histogramEdges();
  const counts = new Map<number, number>();
  const centre = step / STEPS;
  const spread = 1 - (0.8 * step) / STEPS;
  for (let i = 0; i < VALUES_PER_STEP; i += 1) {
    // A deterministic, roughly normal spread: the sum of three evenly spaced sequences.
    const u = ((i * 0.618034) % 1) + ((i * 0.414214) % 1) + ((i * 0.732051 + step * 0.1) % 1) - 1.5;
    const index = histogramBinIndex(edges, centre + u * spread);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return JSON.stringify({ version: 2, index_values: [...counts.entries()].sort(([a], [b]) => a - b), values: null, ...DEFAULT_HISTOGRAM_LAYOUT });
}

/** Logs a run with a `weights` histogram of `steps` steps through /clientlib, as the SDK's `log_histogram_3d` does; answers its key. */
async function logHistogramRun(url: string, apiKey: string, steps: number): Promise<string> {
  const experimentKey = sdkExperimentKey();
  const started = await sdkCall(url, { path: 'logger/add/run', body: { ...addRunBody(experimentKey, 'bench-media', ADMIN_USER), apiKey }, experimentKey, key: apiKey });
  if (started.status !== 200) throw new Error(`logger/add/run answered ${started.status}`);
  let next = 0;
  const worker = async () => {
    for (let step = next++; step < steps; step = next++) {
      const query = { experimentId: experimentKey, apiKey, runId: experimentKey, assetId: `${experimentKey.slice(0, 20)}${String(step).padStart(12, '0')}`, fileName: 'weights', type: 'histogram3d', step, overwrite: 'False' };
      const reply = await sdkUpload(url, { path: 'asset/upload', query, parts: [{ name: 'file', value: histogramFile(step), filename: 'file' }], experimentKey, key: apiKey });
      if (reply.status !== 200) throw new Error(`asset/upload answered ${reply.status}: ${JSON.stringify(reply.json)}`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
  return experimentKey;
}

/** What one opening of the Histograms tab cost: until its heatmap was painted, and the paint itself. */
interface Opening {
  openMs: number;
  paintMs: number;
}

/** Opens the run's page afresh, clicks its Histograms tab, and times until the heatmap of all `steps` steps is painted. */
async function timeOpening(page: Page, origin: string, experimentKey: string, steps: number, label: string): Promise<Opening> {
  await page.goto(`${origin}/?${label}#/experiments/${experimentKey}`);
  await page.getByRole('tab', { name: 'Histograms' }).waitFor();
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('tab', { name: 'Histograms' }).click();
  const canvas = page.locator(`canvas[data-rows="${steps}"][data-draw-ms]`);
  await canvas.waitFor({ timeout: 120_000 });
  return page.evaluate(
    ([begin, rows]) =>
      new Promise<Opening>((resolve) =>
        requestAnimationFrame(() => {
          const drawn = document.querySelector<HTMLElement>(`canvas[data-rows="${rows}"]`);
          resolve({ openMs: performance.now() - begin, paintMs: Number(drawn?.dataset.drawMs) });
        }),
      ),
    [started, steps] as const,
  );
}

/** Times moving the selected step with the keyboard: from the key press until the step's table and the canvas are redrawn. */
async function timeStepMoves(page: Page, name: string): Promise<number[]> {
  const slider = page.getByRole('slider', { name: `Step of ${name}` });
  await slider.focus();
  const times: number[] = [];
  for (let move = 0; move < 10; move += 1) {
    const draws = Number(await page.locator('canvas[data-rows]').getAttribute('data-draws'));
    const started = await page.evaluate(() => performance.now());
    await slider.press('ArrowLeft');
    await page.locator(`canvas[data-draws="${draws + 1}"]`).waitFor();
    times.push(await page.evaluate((begin) => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now() - begin))), started));
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Medians of LOADS openings. */
async function openings(page: Page, origin: string, experimentKey: string, steps: number, label: string): Promise<Opening> {
  const all: Opening[] = [];
  for (let load = 0; load < LOADS; load += 1) all.push(await timeOpening(page, origin, experimentKey, steps, `${label}-${load}`));
  return { openMs: median(all.map((one) => one.openMs)), paintMs: median(all.map((one) => one.paintMs)) };
}

/** `npm run bench -- media-charts`: the Histograms tab's heatmap of 1,000 steps, against the same canvas of 10 steps in the same run. */
export async function runMediaChartsBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-media-'));
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  let shell: ChildProcess | undefined;
  try {
    const serviceDir = join(userDataDir, 'service');
    await seedProjects(serviceDir, [0]);
    const apiKey = (await issueApiKey({ dataDir: serviceDir, userName: ADMIN_USER })).apiKey;
    const opened = await openApp(browser, userDataDir);
    shell = opened.shell;
    const url = await serviceUrl(opened.page);
    const seedStart = performance.now();
    const [large, small] = [await logHistogramRun(url, apiKey, STEPS), await logHistogramRun(url, apiKey, BASELINE_STEPS)];
    console.log(`Logged ${STEPS.toLocaleString('en-US')} + ${BASELINE_STEPS} histogram3d steps through /clientlib in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);
    const page = opened.page;
    const heapBefore = await rendererHeapMb(page);
    const baseline = await openings(page, opened.origin, small, BASELINE_STEPS, 'baseline');
    const heapBaseline = await rendererHeapMb(page);
    const measured = await openings(page, opened.origin, large, STEPS, 'large');
    const heapLarge = await rendererHeapMb(page);
    const moves = await timeStepMoves(page, 'weights');
    await opened.context.close();
    const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`Histograms tab (Chromium, a run's page opened afresh, then a click on the tab; median of ${LOADS}):`);
    console.log(`  baseline, the same heatmap canvas of ${BASELINE_STEPS} steps: painted in ${ms(baseline.paintMs)}; tab click → painted ${ms(baseline.openMs)}`);
    console.log(`  ${STEPS.toLocaleString('en-US')} steps: painted in ${ms(measured.paintMs)} (${(measured.paintMs / baseline.paintMs).toFixed(2)}× the baseline); tab click → every step read and painted ${ms(measured.openMs)} (${(measured.openMs / baseline.openMs).toFixed(2)}× the baseline)`);
    console.log(`  moving the step by one key (heatmap outline and the step's table redrawn): median ${ms(median(moves))}`);
    console.log(`  renderer JS heap used: ${heapBefore.toFixed(0)} MB before, ${heapBaseline.toFixed(0)} MB with ${BASELINE_STEPS} steps open, ${heapLarge.toFixed(0)} MB with ${STEPS.toLocaleString('en-US')} steps open`);
    console.log(`  target: ${STEPS.toLocaleString('en-US')} steps draw < 300 ms ${meets(measured.paintMs < 300)}`);
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
