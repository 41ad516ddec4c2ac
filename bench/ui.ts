import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { TOKEN_HEADER, TOKEN_STORAGE_KEY } from '../shared/security/shell-token.ts';
import { installFilterProbe, plainTablePage, scrollFrameRate, timeKeystrokes, timeNavigation } from './ui-measure.ts';
import { seedProjects, type SeededProject } from './ui-seed.ts';
import { mainThreadLoad, startLiveRuns, timeAllRows, timeLiveUpdates, type BenchService } from './ui-live.ts';
import { measureCharts, printChartFigures, seedChartExperiments } from './ui-charts.ts';
import { measureParallel, printParallelFigures } from './ui-parallel.ts';
import { seedParallelProjects } from './ui-parallel-seed.ts';
import { measureLineCharts, RUNS as LINE_RUNS, seedLineSweep } from './ui-lines.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';

const COUNTS = [0, 25_000, 100_000];
const LOADS = 3;
/** Typed and erased a key at a time: 64 keystrokes, so a p95 is not just the second worst of a few. */
const FILTER_WORDS = ['exp-1234', 'exp-99', 'exp-5678', 'sweep', 'exp-4'];
const SCROLL_MS = 3000;
const SCROLL_STEP_PX = 220;
const TABLE = '[data-filter]';
const FILTER_INPUT = 'input[placeholder*="name, key or tag" i]';
const LIVE_RUNS = 8;
const LIVE_PROBES = 5;
const LOAD_MS = 5_000;
const PLAIN_URL = 'http://plain-table.invalid/';

/** Starts the browser shell (`electron/web/cli.ts`) on a free port with the given user data dir; resolves with its address. */
export async function startShell(userDataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['electron/web/cli.ts', '--port', '0'], {
    env: { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the browser shell exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/**
 * Opens the app afresh on the projects screen (nothing cached), then navigates to the project as a click does,
 * `LOADS` times; answers the median time from that navigation to the first painted rows.
 */
async function timeFirstRows(page: Page, origin: string, project: SeededProject): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    await page.goto(`${origin}/?run=${run}#/projects`);
    await page.locator('[data-app-state="ready"]').waitFor();
    times.push(await page.evaluate(timeNavigation, { hash: `#/projects/${project.projectId}`, waitForRows: project.experiments > 0 }));
  }
  return median(times);
}

/** Like `timeFirstRows`, until every page of the project's first read is in (the table says ready). */
async function timeEveryRow(page: Page, origin: string, project: SeededProject): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    await page.goto(`${origin}/?all=${run}#/projects`);
    await page.locator('[data-app-state="ready"]').waitFor();
    times.push(await page.evaluate(timeAllRows, { hash: `#/projects/${project.projectId}` }));
  }
  return median(times);
}


interface Figures {
  label: string;
  firstRows?: number;
  filter?: number[];
  scroll?: { fps: number; p95FrameMs: number };
}

const fmt = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

function printFigures(rows: readonly Figures[]): void {
  console.log(`  ${''.padEnd(34)}${'first rows ms'.padStart(14)}${'filter p50'.padStart(12)}${'filter p95'.padStart(12)}${'scroll fps'.padStart(12)}${'frame p95'.padStart(11)}`);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(34)}${fmt(row.firstRows).padStart(14)}${fmt(row.filter && percentile(row.filter, 0.5), 1).padStart(12)}` +
        `${fmt(row.filter && percentile(row.filter, 0.95), 1).padStart(12)}${fmt(row.scroll?.fps, 1).padStart(12)}${fmt(row.scroll?.p95FrameMs, 1).padStart(11)}`,
    );
  }
}

/**
 * The table at the largest count while simulated runs log into its project: filter, scroll and how soon changes show;
 * then, the runs still logging, the plain baseline table in the same page, so both figures share the machine's load.
 */
async function measureWhileLive(page: Page, origin: string, project: SeededProject, apiKey: string) {
  const service: BenchService = { baseUrl: await serviceUrl(page), apiKey };
  await page.goto(`${origin}/?live#/projects/${project.projectId}`);
  await page.locator('[data-table-state="ready"]').waitFor({ timeout: 60_000 });
  const quiet = await mainThreadLoad(page, LOAD_MS);
  const runs = await startLiveRuns(service, project.projectName, LIVE_RUNS);
  try {
    await page.waitForTimeout(2_000);
    const busy = await mainThreadLoad(page, LOAD_MS);
    const before = runs.writes();
    const figures: Figures = { label: `same, ${LIVE_RUNS} runs logging live`, filter: await timeKeystrokes(page, FILTER_INPUT, FILTER_WORDS) };
    figures.scroll = await page.evaluate(scrollFrameRate, { selector: TABLE, durationMs: SCROLL_MS, step: SCROLL_STEP_PX });
    const lags = await timeLiveUpdates(page, service, project.projectName, LIVE_PROBES);
    const writes = runs.writes() - before;
    const plain = await measurePlainTable(page, `plain HTML table, ${LIVE_RUNS} runs logging`);
    return { figures, plain, lags, writes, quiet, busy };
  } finally {
    await runs.stop();
  }
}

/** The plain HTML baseline (1,000 rows, no framework) in `page`: filter keystrokes and scroll, measured as the app's. */
async function measurePlainTable(page: Page, label: string): Promise<Figures> {
  // A page of its own address, not `setContent`: `document.open` would drop the keystroke probe's listeners.
  await page.route(PLAIN_URL, (route) => route.fulfill({ contentType: 'text/html', body: plainTablePage(1000) }));
  await page.goto(PLAIN_URL);
  const figures: Figures = { label, filter: await timeKeystrokes(page, '#filter', FILTER_WORDS) };
  figures.scroll = await page.evaluate(scrollFrameRate, { selector: '#scroll', durationMs: SCROLL_MS, step: SCROLL_STEP_PX });
  return figures;
}

/** Starts the browser shell and opens the app in a fresh 1280×800 context of `browser` (filter probe installed), once ready. */
export async function openApp(browser: Browser, userDataDir: string): Promise<{ shell: ChildProcess; origin: string; context: BrowserContext; page: Page }> {
  const started = await startShell(userDataDir);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(installFilterProbe);
    const page = await context.newPage();
    await page.goto(started.url);
    await page.locator('[data-app-state="ready"]').waitFor();
    return { shell: started.child, origin: new URL(started.url).origin, context, page };
  } catch (error) {
    await stopShell(started.child);
    throw error;
  }
}

/** Stops the browser shell (SIGTERM) and waits for it to exit; nothing when it never started. */
export async function stopShell(shell: ChildProcess | undefined): Promise<void> {
  if (!shell) return;
  const exited = new Promise((resolve) => shell.once('exit', resolve));
  shell.kill('SIGTERM');
  await exited;
}

/** The embedded service's address, from the shell's `service.status` channel (with the token the page keeps for its tab). */
export async function serviceUrl(page: Page): Promise<string> {
  return page.evaluate(async ([storageKey, header]) => {
    const headers = { 'content-type': 'application/json', [header]: sessionStorage.getItem(storageKey) ?? '' };
    const response = await fetch('/ipc/service.status', { method: 'POST', headers, body: '{}' });
    const envelope = (await response.json()) as { data?: { baseUrl?: string } };
    return envelope.data?.baseUrl ?? '';
  }, [TOKEN_STORAGE_KEY, TOKEN_HEADER] as const);
}

/** `npm run bench -- ui`: the experiments table at 25,000 and 100,000 rows and charts of a 1,000,000-point metric in Chromium, against baselines measured in the same run. */
export async function runUiBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-ui-'));
  let shell: ChildProcess | undefined;
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  try {
    const seedStart = performance.now();
    const projects = await seedProjects(join(userDataDir, 'service'), COUNTS);
    const benchKey = (await issueApiKey({ dataDir: join(userDataDir, 'service'), userName: ADMIN_USER })).apiKey;
    console.log(`Seeded ${COUNTS.filter((n) => n > 0).map((n) => n.toLocaleString('en-US')).join(' and ')} experiments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (storage modules, one transaction).`);
    const chartSeedStart = performance.now();
    const charted = await seedChartExperiments(join(userDataDir, 'service'));
    console.log(`Seeded a 1,000,000-point and a 1,000-point metric in ${((performance.now() - chartSeedStart) / 1000).toFixed(1)} s.`);
    const sweeps = await seedParallelProjects(join(userDataDir, 'service'), 10_000, 100);
    const lineSeedStart = performance.now();
    const sweep = await seedLineSweep(join(userDataDir, 'service'));
    console.log(`Seeded ${LINE_RUNS.toLocaleString('en-US')} runs × 10,000 points in ${((performance.now() - lineSeedStart) / 1000).toFixed(1)} s.`);
    const opened = await openApp(browser, userDataDir);
    shell = opened.shell;
    const { origin, context, page } = opened;

    const plain = await context.newPage();
    const baseline = await measurePlainTable(plain, 'plain HTML table, 1,000 rows');
    await plain.close();

    const results: Figures[] = [baseline];
    for (const project of projects) {
      const label = project.experiments === 0 ? 'same page, empty project' : `experiments table, ${project.experiments.toLocaleString('en-US')} rows`;
      const figures: Figures = { label, firstRows: await timeFirstRows(page, origin, project) };
      if (project.experiments > 0) {
        figures.filter = await timeKeystrokes(page, FILTER_INPUT, FILTER_WORDS);
        figures.scroll = await page.evaluate(scrollFrameRate, { selector: TABLE, durationMs: SCROLL_MS, step: SCROLL_STEP_PX });
      }
      results.push(figures);
    }
    const charts = await measureCharts(page, origin, { baseUrl: await serviceUrl(page), apiKey: benchKey }, charted);
    const analysis = await measureParallel(page, origin, sweeps);
    const largest = projects.at(-1);
    const everyRow = largest ? await timeEveryRow(page, origin, largest) : Number.NaN;
    const live = largest ? await measureWhileLive(page, origin, largest, benchKey) : undefined;
    if (live) results.push(live.figures, live.plain);
    console.log(`Chromium ${browser.version()}, 1280×800, headless; first rows: median of ${LOADS} navigations from a fresh projects screen to the project (→ rows painted);`);
    console.log(`filter: ${results[0]?.filter?.length ?? 0} keystrokes, timed in the page (keydown → first frame painted with the new filter); scroll: ${SCROLL_STEP_PX} px per frame for ${SCROLL_MS / 1000} s.`);
    printFigures(results);
    const [plainTable, empty, at25k, at100k] = results;
    const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
    for (const [label, figures] of [['25,000', at25k], ['100,000', at100k]] as const) {
      console.log(
        `  ratios at ${label}: first rows ${ratio(figures?.firstRows, empty?.firstRows)} the empty project, filter p95 ` +
          `${ratio(figures?.filter && percentile(figures.filter, 0.95), plainTable?.filter && percentile(plainTable.filter, 0.95))} the plain table, ` +
          `scroll fps ${ratio(figures?.scroll?.fps, plainTable?.scroll?.fps)} the plain table`,
      );
    }
    const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`  100,000 rows: every page of the first read in after ${fmt(everyRow)} ms (first rows show before, see above).`);
    if (live) {
      console.log(
        `  while ${LIVE_RUNS} runs log (${live.writes} writes in the measurement): a new experiment shows in the open table after ` +
          `p50 ${fmt(percentile(live.lags, 0.5))} ms, max ${fmt(Math.max(...live.lags))} ms (${LIVE_PROBES} probes).`,
      );
      const p95 = (figures: Figures | undefined) => (figures?.filter ? percentile(figures.filter, 0.95) : undefined);
      console.log(
        `  while ${LIVE_RUNS} runs log: filter p95 ${ratio(p95(live.figures), p95(live.plain))} the plain table under the same load, scroll fps ` +
          `${ratio(live.figures.scroll?.fps, live.plain.scroll?.fps)}; the load itself takes the plain table's filter p95 from ${fmt(p95(plainTable), 1)} to ${fmt(p95(live.plain), 1)} ms.`,
      );
      console.log(
        `  the open table's main thread, left alone for ${LOAD_MS / 1000} s: ${fmt(live.busy.taskMsPerS)} ms of tasks per second ` +
          `(${fmt(live.busy.scriptMsPerS)} ms script) while ${LIVE_RUNS} runs log, ${fmt(live.quiet.taskMsPerS)} ms (${fmt(live.quiet.scriptMsPerS)} ms script) before they start.`,
      );
      console.log(
        `  targets at 100,000: first rows < 1000 ms ${meets((at100k?.firstRows ?? Infinity) < 1000)}, while ${LIVE_RUNS} runs log: filter p95 < 100 ms ` +
          `${meets(percentile(live.figures.filter ?? [], 0.95) < 100)}, scroll ≥ 50 fps ${meets((live.figures.scroll?.fps ?? 0) >= 50)}, ` +
          `changes shown < 2000 ms ${meets(Math.max(...live.lags) < 2000)}`,
      );
    }
    console.log(
      `  targets at 25,000: first rows < 1500 ms ${meets((at25k?.firstRows ?? Infinity) < 1500)}, filter p95 < 100 ms ` +
        `${meets(percentile(at25k?.filter ?? [], 0.95) < 100)}, scroll ≥ 50 fps ${meets((at25k?.scroll?.fps ?? 0) >= 50)}`,
    );
    printChartFigures(charts);
    printParallelFigures(analysis);
    await measureLineCharts(page, origin, { baseUrl: await serviceUrl(page), apiKey: benchKey }, sweep);
    await context.close();
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- ui-lines`: only the analysis view's line charts (the whole `ui` suite measures them too). */
export async function runUiLinesBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-lines-'));
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  let shell: ChildProcess | undefined;
  try {
    const serviceDir = join(userDataDir, 'service');
    await seedProjects(serviceDir, [0]);
    const seedStart = performance.now();
    const sweep = await seedLineSweep(serviceDir);
    console.log(`Seeded ${LINE_RUNS.toLocaleString('en-US')} runs × 10,000 points in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);
    const apiKey = (await issueApiKey({ dataDir: serviceDir, userName: ADMIN_USER })).apiKey;
    const opened = await openApp(browser, userDataDir);
    shell = opened.shell;
    await measureLineCharts(opened.page, opened.origin, { baseUrl: await serviceUrl(opened.page), apiKey }, sweep);
    await opened.context.close();
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
