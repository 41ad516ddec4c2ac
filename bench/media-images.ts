import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import playwrightConfig from '../playwright.config.ts';
import { api, fullPath } from '../shared/api/index.ts';
import { TOKEN_HEADER, TOKEN_PARAMETER, TOKEN_STORAGE_KEY } from '../shared/security/shell-token.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';
import { openApp, serviceUrl, stopShell } from './ui.ts';
import { seedProjects } from './ui-seed.ts';
import { median, previewsMadeAhead } from './page-measures.ts';

const NAMES = 20;
const STEPS = 200;
/** Uploads in flight while seeding. */
const UPLOADERS = 6;
/** Slider moves timed (one step each). */
const SLIDER_MOVES = 15;

const p95 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? Number.NaN;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One small photo-like PNG per image name (192×144, smooth noise over a colour of its own). */
async function namePngs(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: NAMES }, (_, n) =>
      sharp({ create: { width: 192, height: 144, channels: 3, background: { r: (n * 53) % 256, g: (n * 97) % 256, b: (n * 151) % 256 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
        .blur(1.5)
        .png()
        .toBuffer(),
    ),
  );
}

/** Uploads 20 names × 200 steps through E44 (type=image); answers the run's key and each asset's size by id. */
async function seedRun(url: string, apiKey: string): Promise<{ experimentKey: string; sizes: Map<string, number> }> {
  const headers = { authorization: apiKey };
  const created = await fetch(`${url}${fullPath(api.createExperiment)}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ workspaceName: ADMIN_USER, projectName: 'bench-images' }) });
  const { experimentKey } = (await created.json()) as { experimentKey: string };
  const pngs = await namePngs();
  const jobs = Array.from({ length: NAMES * STEPS }, (_, n) => ({ name: n % NAMES, step: Math.floor(n / NAMES) }));
  const sizes = new Map<string, number>();
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const bytes = pngs[job.name] ?? Buffer.alloc(0);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `image-${job.name}.png`);
      const query = new URLSearchParams({ experimentKey, type: 'image', fileName: `image-${String(job.name).padStart(2, '0')}`, extension: 'png', step: String(job.step) });
      const reply = await fetch(`${url}${fullPath(api.uploadAsset)}?${query}`, { method: 'POST', headers, body: form });
      if (reply.status !== 200) throw new Error(`upload answered ${reply.status}: ${await reply.text()}`);
      sizes.set(((await reply.json()) as { assetId: string }).assetId, bytes.length);
    }
  };
  await Promise.all(Array.from({ length: UPLOADERS }, worker));
  return { experimentKey, sizes };
}

/** In the page: clicks the tab named `tab` and answers the ms until `selector` is painted (`count` of them). */
function timeTabOpen({ tab, selector, count }: { tab: string; selector: string; count: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((element) => element.textContent === tab);
    if (!button) return reject(new Error(`no tab ${tab}`));
    const start = performance.now();
    const check = () => {
      if (document.querySelectorAll(selector).length < count) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    button.click();
  });
}

/** In the page: arms a timer from the next keydown until an `img[alt="<alt>"]` is painted (read it with `slideTime`). */
function armSlideTimer(alt: string): void {
  const win = window as Window & { __slide?: Promise<number> };
  win.__slide = new Promise((resolve) => {
    let keyAt = 0;
    document.addEventListener('keydown', (event) => (keyAt = event.timeStamp), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!keyAt || !document.querySelector(`img[alt="${CSS.escape(alt)}"]`)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - keyAt);
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

/** In the page: the armed slide's time. */
const slideTime = (): Promise<number> => (window as Window & { __slide?: Promise<number> }).__slide ?? Promise.reject(new Error('no slide armed'));

/** Times one cached preview read through the backend alone, a few times (where the gallery's time goes). */
async function timePreviewRead(page: Page, experimentKey: string, assetId: string): Promise<number[]> {
  return page.evaluate(
    async ({ experimentKey, assetId, storageKey, header }) => {
      const times: number[] = [];
      for (let n = 0; n < 7; n += 1) {
        const start = performance.now();
        const body = JSON.stringify({ endpoint: 'assetPreview', query: { experimentKey, assetId, size: 256 }, maxBytes: 2097152, profileId: 'local' });
        await (await fetch('/ipc/transfers.preview', { method: 'POST', headers: { 'content-type': 'application/json', [header]: sessionStorage.getItem(storageKey) ?? '' }, body })).json();
        times.push(performance.now() - start);
      }
      return times;
    },
    { experimentKey, assetId, storageKey: TOKEN_STORAGE_KEY, header: TOKEN_HEADER },
  );
}

/** The renderer's JS heap in use (Chromium's `performance.memory`). */
const heapUsed = (page: Page): Promise<number> => page.evaluate(() => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN);

/** Counts what the page reads through `transfers.preview` and `transfers.previewMany` (assets asked for, bytes answered) while it is on. */
function countPreviewReads(page: Page) {
  const reads: { assetId: string; bytes: number }[] = [];
  page.on('response', (response) => {
    const many = response.url().endsWith('/ipc/transfers.previewMany');
    if (!many && !response.url().endsWith('/ipc/transfers.preview')) return;
    const input = JSON.parse(response.request().postData() ?? '{}') as { query?: { assetId?: string }; queries?: { assetId?: string }[] };
    void response.json().then(
      (envelope: { data?: { bytes?: number; items?: { bytes?: number }[] } }) => {
        if (!many) return reads.push({ assetId: input.query?.assetId ?? '', bytes: envelope.data?.bytes ?? 0 });
        (input.queries ?? []).forEach((query, index) => reads.push({ assetId: query.assetId ?? '', bytes: envelope.data?.items?.[index]?.bytes ?? 0 }));
      },
      () => undefined,
    );
  });
  return { take: () => reads.splice(0) };
}

/** Opens the run's page in a fresh context and the given tab; answers ms to `count` of `selector` painted, and the reads. */
async function openTab(page: Page, experimentKey: string, tab: string, selector: string, count: number) {
  const reads = countPreviewReads(page);
  await page.evaluate((hash) => (location.hash = hash), `#/experiments/${experimentKey}`);
  await page.getByRole('tab', { name: tab, exact: true }).waitFor();
  reads.take();
  const ms = await page.evaluate(timeTabOpen, { tab, selector, count });
  await page.waitForTimeout(1500);
  return { ms, reads: reads.take(), heap: await heapUsed(page) };
}

/** `npm run bench -- media-images`: a run with 20 image names × 200 steps; the Images tab against its originals' bytes and the Assets tab. */
export async function runMediaImagesBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-images-'));
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true, args: ['--enable-precise-memory-info'] });
  let shell: ChildProcess | undefined;
  try {
    await seedProjects(join(userDataDir, 'service'), []);
    const apiKey = (await issueApiKey({ dataDir: join(userDataDir, 'service'), userName: ADMIN_USER })).apiKey;
    const opened = await openApp(browser, userDataDir);
    shell = opened.shell;
    const seedStart = performance.now();
    const { experimentKey, sizes } = await seedRun(await serviceUrl(opened.page), apiKey);
    const originals = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    console.log(`Seeded ${NAMES} image names × ${STEPS} steps (${sizes.size} PNGs, ${mib(originals)}) through the upload endpoint in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);
    const ahead = await previewsMadeAhead(join(userDataDir, 'service'), seedStart);
    console.log(`  the service made ${ahead.count} gallery previews ahead meanwhile, the last ${ahead.seconds.toFixed(1)} s after the first upload`);
    const originalBytes = (reads: { assetId: string }[]) => reads.reduce((sum, read) => sum + (sizes.get(read.assetId) ?? 0), 0);
    const readBytes = (reads: { bytes: number }[]) => reads.reduce((sum, read) => sum + read.bytes, 0);
    const gallery = 'img[alt$=" at Step 0"]';

    // Each open in a new page: nothing cached in the renderer. The gallery's previews were made ahead, at upload.
    const token = await opened.page.evaluate((key) => sessionStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY);
    const fresh = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${opened.origin}/?${TOKEN_PARAMETER}=${token}`);
      await page.locator('[data-app-state="ready"]').waitFor();
      return { context, page };
    };
    const assets = await fresh();
    const assetsOpen = await openTab(assets.page, experimentKey, 'Assets', 'img[alt^="Preview of"]', 1);
    await assets.context.close();
    const cold = await fresh();
    const coldOpen = await openTab(cold.page, experimentKey, 'Images', gallery, 1);
    await cold.context.close();
    const first = await fresh();
    const firstOpen = await openTab(first.page, experimentKey, 'Images', gallery, 1);
    await first.context.close();
    const warm = await fresh();
    const warmAll = await openTab(warm.page, experimentKey, 'Images', gallery, NAMES);

    // One slider step on the focused group (its neighbours are read ahead), then a jump to a step never read (End).
    await warm.page.waitForTimeout(600);
    const card = warm.page.getByRole('group', { name: 'Images image-00' });
    await card.focus();
    const steps: number[] = [];
    for (let step = 1; step <= SLIDER_MOVES; step += 1) {
      await warm.page.evaluate(armSlideTimer, `image-00 at Step ${step}`);
      await warm.page.keyboard.press('ArrowRight');
      steps.push(await warm.page.evaluate(slideTime));
      // A user's pace: the next step's preview is read ahead meanwhile.
      await warm.page.waitForTimeout(600);
    }
    await warm.page.evaluate(armSlideTimer, `image-00 at Step ${STEPS - 1}`);
    await card.getByRole('slider').focus();
    await warm.page.keyboard.press('End');
    const jump = await warm.page.evaluate(slideTime);
    const alone = await timePreviewRead(warm.page, experimentKey, [...sizes.keys()][0] ?? '');
    await warm.context.close();

    const galleryRead = readBytes(coldOpen.reads);
    const galleryOriginals = originalBytes(coldOpen.reads);
    console.log(`Images tab, first thumbnail painted (the app's first opening): ${coldOpen.ms.toFixed(0)} ms; again: ${firstOpen.ms.toFixed(0)} ms (goal < 500 ms); all ${NAMES} groups: ${warmAll.ms.toFixed(0)} ms`);
    console.log(`  beside it, the Assets tab's first thumbnail (its rows show the same previews at 48 px): ${assetsOpen.ms.toFixed(0)} ms → Images/Assets ${(firstOpen.ms / assetsOpen.ms).toFixed(2)}×`);
    console.log(`Slider, one step (keydown → new thumbnail painted): median ${median(steps).toFixed(0)} ms, p95 ${p95(steps).toFixed(0)} ms (goal < 100 ms)`);
    console.log(`  baseline, a jump to a step never read (End): ${jump.toFixed(0)} ms → one step/jump ${(median(steps) / jump).toFixed(2)}×`);
    console.log(`One preview read alone through the backend (page → shell → service, cached): median ${median(alone).toFixed(0)} ms of ${alone.length}`);
    console.log(`Bytes the gallery read: ${kib(galleryRead)} for ${coldOpen.reads.length} previews; their originals: ${kib(galleryOriginals)} → ${((100 * galleryRead) / galleryOriginals).toFixed(1)}% (goal ≤ 10%)`);
    console.log(`  beside it, the Assets tab: ${kib(readBytes(assetsOpen.reads))} for ${assetsOpen.reads.length} thumbnails (${((100 * readBytes(assetsOpen.reads)) / Math.max(1, originalBytes(assetsOpen.reads))).toFixed(1)}% of their originals, which it read whole before)`);
    console.log(`Renderer JS heap: Images tab ${mib(firstOpen.heap)}, Assets tab ${mib(assetsOpen.heap)} → ${(firstOpen.heap / assetsOpen.heap).toFixed(2)}×`);
    await opened.context.close();
  } finally {
    await browser.close();
    await stopShell(shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
