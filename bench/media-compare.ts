import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { api, fullPath } from '../shared/api/index.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';
import { SDK_MEDIA_DIR } from '../server/test/support/sdk-media-replay.ts';
import { openApp, serviceUrl, stopShell } from './ui.ts';
import { seedProjects } from './ui-seed.ts';
import { median, previewsMadeAhead, rendererHeapMb } from './page-measures.ts';

/** The runs of the measured panel, and the image steps each logged. */
const RUNS = 50;
const STEPS = 10;
/** Slider moves measured (each one step down from the latest), and openings of the view. */
const MOVES = 5;
const LOADS = 3;
const GIVE_UP_MS = 60_000;

/** The service's address and the admin's key. */
interface Service {
  baseUrl: string;
  apiKey: string;
}

/** Calls an endpoint of the wire contract with a JSON body; answers its JSON reply. */
async function call(service: Service, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { Authorization: service.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The median ms of LOADS reads of one image name's assets of the project's runs (`ext.mediaMany`), from the bench process. */
async function timeMediaRead(service: Service, projectId: string): Promise<number> {
  const listed = await fetch(`${service.baseUrl}${fullPath(api.listExperiments)}?projectId=${projectId}`, { headers: { Authorization: service.apiKey } });
  const experimentKeys = ((await listed.json()) as { experiments: { experimentKey: string }[] }).experiments.map((one) => one.experimentKey);
  const times: number[] = [];
  for (let load = 0; load < LOADS; load += 1) {
    const start = performance.now();
    await call(service, fullPath(api.getMediaMany), { experimentKeys, type: 'image', name: 'sample' });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Logs `runs` runs into a new project, each with the SDK's PNG as image `sample` at steps 0…STEPS-1 (E44, as the SDK's REST upload); answers the project's id. */
async function seedImageRuns(service: Service, projectName: string, runs: number): Promise<string> {
  const png = readFileSync(join(SDK_MEDIA_DIR, 'image-sample-step0.png'));
  let projectId = '';
  for (let run = 0; run < runs; run += 1) {
    const made = await call(service, fullPath(api.createExperiment), { workspaceName: ADMIN_USER, projectName, experimentName: `run-${run}` });
    const experimentKey = String(made.experimentKey);
    projectId ||= String((await (await fetch(`${service.baseUrl}${fullPath(api.getExperimentMetadata)}?experimentKey=${experimentKey}`, { headers: { Authorization: service.apiKey } })).json() as { projectId: string }).projectId);
    for (let step = 0; step < STEPS; step += 1) {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'sample.png');
      const query = new URLSearchParams({ experimentKey, fileName: 'sample', type: 'image', step: String(step) });
      const reply = await fetch(`${service.baseUrl}${fullPath(api.uploadAsset)}?${query}`, { method: 'POST', headers: { Authorization: service.apiKey }, body: form });
      if (!reply.ok) throw new Error(`upload answered ${reply.status}: ${await reply.text()}`);
    }
  }
  return projectId;
}

/** In the page: the ms until the images panel shows its first thumbnail, and until every one of `columns` runs shows its image at `step`. */
function timeThumbnails({ hash, columns, step, giveUpMs }: { hash: string | null; columns: number; step: number; giveUpMs: number }): Promise<{ first: number; all: number }> {
  return new Promise((resolve) => {
    const start = (window as unknown as { benchMoveStart?: number }).benchMoveStart ?? performance.now();
    if (hash !== null) location.hash = hash;
    let first = Number.NaN;
    const check = () => {
      const now = performance.now();
      if (now - start > giveUpMs) return resolve({ first, all: Number.NaN });
      const figures = [...document.querySelectorAll<HTMLElement>('[data-testid="images-panel"] figure')];
      const shown = figures.filter((figure) => figure.dataset.step === String(step) && [...figure.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth > 0 && img.alt.endsWith(`step ${step}`)));
      if (shown.length > 0 && Number.isNaN(first)) first = now - start;
      if (shown.length === columns) requestAnimationFrame(() => resolve({ first, all: performance.now() - start }));
      else requestAnimationFrame(check);
    };
    check();
  });
}

const ms = (value: number) => (Number.isNaN(value) ? 'MISSED' : `${value.toFixed(0)} ms`);

/** One project's images panel: its first openings (thumbnails first made by the service, then cached) and slider moves (first visit of a step, then again). */
async function measurePanel(page: Page, origin: string, projectId: string, columns: number) {
  const hash = `#/projects/${projectId}/analysis`;
  await page.goto(`${origin}/?media-setup-${columns}#/projects/${projectId}`);
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.evaluate((to) => (location.hash = to), hash);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Images side by side/ }).click();
  const cold = await page.evaluate(timeThumbnails, { hash: null, columns, step: STEPS - 1, giveUpMs: GIVE_UP_MS });
  const openings: { first: number; all: number }[] = [];
  for (let load = 0; load < LOADS; load += 1) {
    await page.goto(`${origin}/?media-${columns}-${load}#/projects/${projectId}`);
    await page.locator('[data-app-state="ready"]').waitFor();
    openings.push(await page.evaluate(timeThumbnails, { hash, columns, step: STEPS - 1, giveUpMs: GIVE_UP_MS }));
  }
  const heap = await rendererHeapMb(page);
  const slider = page.getByRole('slider', { name: 'Step' });
  const move = async (key: 'ArrowLeft' | 'ArrowRight', step: number) => {
    await slider.focus();
    await page.evaluate(() => ((window as unknown as { benchMoveStart?: number }).benchMoveStart = performance.now()));
    await page.keyboard.press(key);
    const time = await page.evaluate(timeThumbnails, { hash: null, columns, step, giveUpMs: GIVE_UP_MS });
    await page.evaluate(() => delete (window as unknown as { benchMoveStart?: number }).benchMoveStart);
    return time.all;
  };
  const firstVisits: number[] = [];
  for (let moved = 1; moved <= MOVES; moved += 1) firstVisits.push(await move('ArrowLeft', STEPS - 1 - moved));
  const revisits: number[] = [];
  for (let moved = MOVES - 1; moved >= 0; moved -= 1) revisits.push(await move('ArrowRight', STEPS - 1 - moved));
  return { cold, first: median(openings.map((one) => one.first)), all: median(openings.map((one) => one.all)), heap, firstVisit: median(firstVisits), revisit: median(revisits) };
}

/** `npm run bench -- media-compare`: the analysis view's images side by side over 50 runs, against the same panel over one run measured in the same run. */
export async function runMediaCompareBench(): Promise<void> {
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
    const service = { baseUrl: await serviceUrl(opened.page), apiKey };
    const seedStart = performance.now();
    const many = await seedImageRuns(service, 'bench-media', RUNS);
    const one = await seedImageRuns(service, 'bench-media-one', 1);
    console.log(`Seeded ${RUNS + 1} runs × ${STEPS} image steps through the service in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);
    const ahead = await previewsMadeAhead(serviceDir, seedStart);
    console.log(`  the service made ${ahead.count} previews ahead meanwhile, the last ${ahead.seconds.toFixed(1)} s after the first upload`);
    const reads = { one: await timeMediaRead(service, one), many: await timeMediaRead(service, many) };
    const baseline = await measurePanel(opened.page, opened.origin, one, 1);
    const measured = await measurePanel(opened.page, opened.origin, many, RUNS);
    const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}× the baseline`;
    const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`Images side by side (Chromium; the app opened afresh on the project's table, then to the analysis view; median of ${LOADS} openings and ${MOVES} slider moves):`);
    console.log(`  baseline, the same panel over 1 run: first thumbnail ${ms(baseline.first)}, all ${ms(baseline.all)}; a slider move ${ms(baseline.firstVisit)} (step seen first), ${ms(baseline.revisit)} (seen before); heap ${baseline.heap.toFixed(0)} MB`);
    console.log(`  ${RUNS} runs: first thumbnails ${ms(measured.first)} (${ratio(measured.first, baseline.first)}), all ${RUNS} ${ms(measured.all)} (${ratio(measured.all, baseline.all)})`);
    console.log(`  ${RUNS} runs, the panel's first opening (added to the view): first ${ms(measured.cold.first)}, all ${ms(measured.cold.all)}`);
    console.log(`  ${RUNS} runs, a slider move until every run shows the new step: ${ms(measured.firstVisit)} on a step seen first (${ratio(measured.firstVisit, baseline.firstVisit)}), ${ms(measured.revisit)} on one seen before (${ratio(measured.revisit, baseline.revisit)})`);
    console.log(`  service read of one image name's assets and steps (ext.mediaMany), from the bench process: ${ms(reads.many)} for ${RUNS} runs, ${ms(reads.one)} for 1`);
    console.log(`  renderer JS heap with the ${RUNS}-run panel open: ${measured.heap.toFixed(0)} MB used`);
    console.log(`  targets: first thumbnails < 500 ms ${meets(measured.first < 500)}, a slider move < 100 ms ${meets(measured.firstVisit < 100)} (seen before: ${meets(measured.revisit < 100)})`);
    await opened.context.close();
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
