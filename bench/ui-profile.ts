// Diagnostic, not a suite (`node bench/ui-profile.ts`; PROFILE_IDLE=1 and PROFILE_SCROLL=1 add an idle span and a scroll): what a filter keystroke costs on
// the 100,000-row table, quiet and while 8 runs log. Traces Chromium's main thread and profiles the page's script while
// typing the bench's words, then prints the latencies, the main thread's time by trace event and the script's self time
// by function (build with `vite build --minify false` for readable names); writes the live trace and profile to PROFILE_OUT.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type CDPSession } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { printSelfTime, type CpuProfile } from './cpu-profile.ts';
import { scrollFrameRate, timeKeystrokes } from './ui-measure.ts';
import { seedProjects } from './ui-seed.ts';
import { startLiveRuns } from './ui-live.ts';
import { openApp, serviceUrl, stopShell } from './ui.ts';
import { ADMIN_USER } from '../server/src/accounts/ensure-user.ts';
import { issueApiKey } from '../server/src/accounts/keys.ts';

const WORDS = ['exp-1234', 'exp-99'];
const INPUT = 'input[placeholder="Name, key or tag"]';
const out = process.env.PROFILE_OUT ?? tmpdir();

const type = (page: Page) => timeKeystrokes(page, INPUT, WORDS);

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown>; cat?: string }

async function traced(session: CDPSession, work: () => Promise<number[]>): Promise<{ latencies: number[]; events: TraceEvent[]; profile: unknown }> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Tracing.start', { categories: 'devtools.timeline,v8,blink,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await session.send('Profiler.start');
  const latencies = await work();
  const { profile } = await session.send('Profiler.stop');
  const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.end');
  await done;
  return { latencies, events, profile };
}

function summarise(label: string, result: { latencies: number[]; events: TraceEvent[]; profile: unknown }): void {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1);
  console.log(`\n## ${label}`);
  if (sorted.length > 0) console.log(`${sorted.length} keys, p50 ${pct(0.5)} p95 ${pct(0.95)} max ${sorted.at(-1)?.toFixed(1)}; all: ${result.latencies.map((v) => v.toFixed(0)).join(' ')}`);
  const main = result.events.find((e) => e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain');
  const onMain = result.events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const start = Math.min(...onMain.map((e) => e.ts));
  const end = Math.max(...onMain.map((e) => e.ts + (e.dur ?? 0)));
  const byName = new Map<string, { total: number; count: number; max: number }>();
  for (const e of onMain) {
    const entry = byName.get(e.name) ?? { total: 0, count: 0, max: 0 };
    entry.total += (e.dur ?? 0) / 1000;
    entry.count += 1;
    entry.max = Math.max(entry.max, (e.dur ?? 0) / 1000);
    byName.set(e.name, entry);
  }
  console.log(`main thread over ${((end - start) / 1e6).toFixed(1)} s (inclusive ms by event name):`);
  for (const [name, v] of [...byName].sort((a, b) => b[1].total - a[1].total).slice(0, 22)) console.log(`  ${name.padEnd(36)} ${v.total.toFixed(0).padStart(7)} ms  n=${String(v.count).padStart(5)}  max ${v.max.toFixed(1)}`);
  const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 16000);
  console.log(`long tasks > 16 ms: ${long.length}, total ${(long.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000).toFixed(0)} ms`);
  printSelfTime(result.profile as CpuProfile, 30);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-profile-ui-'));
let shell: ChildProcess | undefined;
const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
try {
  const [project] = await seedProjects(join(userDataDir, 'service'), [100_000]);
  if (!project) throw new Error('no project');
  const apiKey = (await issueApiKey({ dataDir: join(userDataDir, 'service'), userName: ADMIN_USER })).apiKey;
  const opened = await openApp(browser, userDataDir);
  shell = opened.shell;
  const { origin, page } = opened;
  const baseUrl = await serviceUrl(page);
  await page.goto(`${origin}/?p#/projects/${project.projectId}`);
  await page.locator('[data-table-state="ready"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  const session = await page.context().newCDPSession(page);
  const quiet = await traced(session, () => type(page));
  summarise('quiet', quiet);
  const runs = await startLiveRuns({ baseUrl, apiKey }, project.projectName, 8);
  try {
    await page.waitForTimeout(2000);
    if (process.env.PROFILE_IDLE) {
      const idle = await traced(session, async () => {
        await page.waitForTimeout(5000);
        return [];
      });
      summarise('left alone for 5 s, 8 runs logging', idle);
    }
    const live = await traced(session, () => type(page));
    summarise('8 runs logging', live);
    if (process.env.PROFILE_SCROLL) {
      await page.locator(INPUT).fill('');
      await page.waitForTimeout(500);
      const scroll = await traced(session, async () => {
        const figures = await page.evaluate(scrollFrameRate, { selector: '[data-filter]', durationMs: 3000, step: 220 });
        console.log(`\nscroll: ${figures.fps.toFixed(1)} fps, frame p95 ${figures.p95FrameMs.toFixed(1)} ms`);
        return [];
      });
      summarise('scroll, 8 runs logging', scroll);
    }
    writeFileSync(join(out, 'trace-live.json'), JSON.stringify({ traceEvents: live.events }));
    writeFileSync(join(out, 'profile-live.cpuprofile'), JSON.stringify(live.profile));
  } finally {
    await runs.stop();
  }
} finally {
  await browser.close();
  await stopShell(shell);
  rmSync(userDataDir, { recursive: true, force: true });
}
