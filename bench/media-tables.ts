import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';
import { TOKEN_HEADER, TOKEN_STORAGE_KEY } from '../shared/security/shell-token.ts';
import { timeKeystrokes } from './ui-measure.ts';
import { seedProjects } from './ui-seed.ts';
import { openApp, serviceUrl, stopShell } from './ui.ts';
import { median, rendererHeapMb } from './page-measures.ts';

const ROWS = 100_000;
const LOADS = 3;
const FILTER_WORDS = ['name-4242', 'name-99', '517', 'zzz'];

/** A 100,000-row CSV (`id,name,score,split`), about 2.6 MB. */
function bigCsv(): string {
  const lines = ['id,name,score,split'];
  for (let i = 0; i < ROWS; i++) lines.push(`${i},name-${i},${((i * 7919) % 100_000) / 1000},${i % 5 === 0 ? 'val' : 'train'}`);
  return `${lines.join('\n')}\n`;
}

/** In the page: opens the Tables tab (as a click does) and answers the milliseconds until its first data row is painted. */
function timeTablesTab(): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    const check = () => {
      if (document.querySelector('[role="table"] [role="cell"]')) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'Tables')?.click();
    requestAnimationFrame(check);
  });
}

/** In the page: the baseline, the whole file read through the same path (the backend's `transfers.preview`), in ms. */
function timeWholeDownload({ experimentKey, assetId, storageKey, header }: { experimentKey: string; assetId: string; storageKey: string; header: string }): Promise<number> {
  const start = performance.now();
  const headers = { 'content-type': 'application/json', [header]: sessionStorage.getItem(storageKey) ?? '' };
  const body = JSON.stringify({ endpoint: 'downloadAsset', query: { experimentKey, assetId }, maxBytes: 16 * 1024 * 1024 });
  return fetch('/ipc/transfers.preview', { method: 'POST', headers, body })
    .then((response) => response.json())
    .then((envelope: { ok: boolean; data?: { dataUrl: string } }) => {
      if (!envelope.ok || !envelope.data) throw new Error('the download failed');
      return performance.now() - start;
    });
}

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Creates a run on the app's service and uploads the CSV to it; answers the run's key and the asset's id. */
async function seedRun(baseUrl: string, apiKey: string): Promise<{ experimentKey: string; assetId: string }> {
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${baseUrl}/api/rest/v2/${path}`, { ...init, headers: { Authorization: apiKey, ...init.headers } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const json = { 'content-type': 'application/json' };
  const { experimentKey = '' } = await call('write/experiment/create', { method: 'POST', headers: json, body: JSON.stringify({ workspaceName: ADMIN_USER, projectName: 'bench-tables', experimentName: 'big-table' }) });
  const form = new FormData();
  form.append('file', new Blob([bigCsv()]), 'big.csv');
  const { assetId = '' } = await call(`write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=big.csv`, { method: 'POST', body: form });
  return { experimentKey, assetId };
}

/** `npm run bench -- media-tables`: a 100,000-row CSV in the run page's Tables tab (first rows, filter keystrokes, memory) against downloading it whole. */
export async function runMediaTablesBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-media-tables-'));
  let shell: ChildProcess | undefined;
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  try {
    await seedProjects(join(userDataDir, 'service'), []);
    const apiKey = (await issueApiKey({ dataDir: join(userDataDir, 'service'), userName: ADMIN_USER })).apiKey;
    const opened = await openApp(browser, userDataDir);
    shell = opened.shell;
    const { origin, page } = opened;
    const run = await seedRun(await serviceUrl(page), apiKey);
    const open = async (label: string) => {
      await page.goto(`${origin}/?${label}#/experiments/${run.experimentKey}`);
      await page.getByRole('tab', { name: 'Tables' }).waitFor();
      return page.evaluate(timeTablesTab);
    };
    const baseline: number[] = [];
    for (let n = 0; n < LOADS; n++) {
      await page.goto(`${origin}/?baseline-${n}#/experiments/${run.experimentKey}`);
      await page.getByRole('tab', { name: 'Tables' }).waitFor();
      baseline.push(await page.evaluate(timeWholeDownload, { ...run, storageKey: TOKEN_STORAGE_KEY, header: TOKEN_HEADER }));
    }
    const heapBefore = await rendererHeapMb(page);
    // The first opening finds the service without the table parsed: its first page is streamed.
    const cold = await open('cold');
    const warm: number[] = [];
    for (let n = 0; n < LOADS; n++) warm.push(await open(`warm-${n}`));
    const heapOpen = await rendererHeapMb(page);
    const filter = await timeKeystrokes(page, 'input[id^="table-filter-"]', FILTER_WORDS);
    const heapFiltered = await rendererHeapMb(page);
    const base = median(baseline);
    console.log(`Chromium ${browser.version()}, headless; a ${ROWS.toLocaleString('en-US')}-row CSV (${(bigCsv().length / 2 ** 20).toFixed(1)} MiB) logged as an asset of one run.`);
    console.log(`  baseline, the whole file read through the same path (backend transfers.preview): median ${ms(base)} of ${LOADS}`);
    console.log(`  Tables tab → first rows painted: first opening (service streams the first page) ${ms(cold)} (${(cold / base).toFixed(2)}× the baseline); reopened (parsed form cached) median ${ms(median(warm))} (${(median(warm) / base).toFixed(2)}×)`);
    console.log(`  filter, ${filter.length} keystrokes (keydown → frame painted with that filter's rows): p50 ${ms(percentile(filter, 0.5))}, p95 ${ms(percentile(filter, 0.95))}, max ${ms(Math.max(...filter))}`);
    console.log(`  renderer JS heap: ${heapBefore.toFixed(1)} MB before, ${heapOpen.toFixed(1)} MB with the table open, ${heapFiltered.toFixed(1)} MB after filtering`);
    const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`  targets: first rows < 1000 ms ${meets(Math.max(cold, median(warm)) < 1000)}, filter p95 < 200 ms ${meets(percentile(filter, 0.95) < 200)}`);
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
