// Diagnostic, not a suite (`node bench/ui-parallel-profile.ts`): where a brush frame's time goes on 10,000 runs. Seeds the
// bench's sweep, opens its parallel coordinates, then traces Chromium's main thread and profiles the page's script while a
// pointer drags the first axis's brush once a frame; prints fps, the main thread's time by trace event and the script's
// self time by function (the renderer is built unminified for readable names).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { printSelfTime, type CpuProfile } from './cpu-profile.ts';
import { openApp, stopShell } from './ui.ts';
import { brushFrames, timeAddPanel, timeTableFollows } from './ui-parallel.ts';
import { seedParallelProjects } from './ui-parallel-seed.ts';
import { seedProjects } from './ui-seed.ts';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, unknown> }

const top = <T,>(map: Map<string, T>, by: (v: T) => number, n: number) => [...map].sort((a, b) => by(b[1]) - by(a[1])).slice(0, n);

/** Prints fps, the busy time per frame of each thread, the main thread's time by trace event and the script's self time. */
function summarise(label: string, figures: { fps: number; p95FrameMs: number; draws: number }, events: TraceEvent[], profile: CpuProfile): void {
  const frames = figures.fps * 3;
  console.log(`\n## ${label}: ${figures.fps.toFixed(1)} fps, frame p95 ${figures.p95FrameMs.toFixed(1)} ms, ${figures.draws} redraws`);
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const byThread = new Map<string, Map<string, { total: number; count: number }>>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
    const names = byThread.get(thread) ?? new Map<string, { total: number; count: number }>();
    const entry = names.get(e.name) ?? { total: 0, count: 0 };
    entry.total += (e.tdur ?? e.dur) / 1000;
    entry.count += 1;
    names.set(e.name, entry);
    byThread.set(thread, names);
  }
  for (const [thread, names] of byThread) {
    const busy = names.get('RunTask')?.total ?? 0;
    if (busy < 30) continue;
    console.log(`${thread}: busy ${(busy / frames).toFixed(1)} ms of thread time a frame; inclusive thread ms by event:`);
    for (const [name, v] of top(names, (v) => v.total, thread === 'CrRendererMain' ? 40 : 6)) console.log(`  ${name.padEnd(48)} ${v.total.toFixed(0).padStart(7)} ms  n=${v.count}`);
  }
  // What the main thread does inside its commits (the blocking hand-over to the compositor).
  const main = [...threads].find(([, name]) => name === 'CrRendererMain')?.[0];
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main);
  const commits = onMain.filter((e) => e.name === 'Commit');
  const inside = new Map<string, number>();
  for (const e of onMain) {
    if (e.name === 'Commit' || !commits.some((c) => e.ts >= c.ts && e.ts < c.ts + (c.dur ?? 0))) continue;
    inside.set(e.name, (inside.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  }
  console.log('inside Commit (thread ms):', top(inside, (v) => v, 8).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join('; '));
  printSelfTime(profile, 20);
}

const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--minify', 'false'], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('the renderer did not build');
const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-profile-parallel-'));
const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
let opened: Awaited<ReturnType<typeof openApp>> | undefined;
try {
  await seedProjects(join(userDataDir, 'service'), []);
  const { large } = await seedParallelProjects(join(userDataDir, 'service'), 10_000, 100);
  opened = await openApp(browser, userDataDir);
  const { page, origin } = opened;
  await page.goto(`${origin}/?profile#/projects/${large.projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.evaluate(timeAddPanel, { label: 'Parallel coordinates', testId: 'parallel-coordinates', attribute: 'data-runs', runs: large.runs });
  await page.locator('[data-testid="linked-runs"]').waitFor();
  await page.waitForTimeout(1000);
  const session = await page.context().newCDPSession(page);
  for (const brush of [true, false]) {
    const events: TraceEvent[] = [];
    const collect = (data: { value: unknown }) => events.push(...(data.value as TraceEvent[]));
    session.on('Tracing.dataCollected', collect);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 250 });
    await session.send('Tracing.start', { categories: 'devtools.timeline,v8,blink,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
    await session.send('Profiler.start');
    const figures = await page.evaluate(brushFrames, { durationMs: 3000, brush });
    const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await done;
    session.off('Tracing.dataCollected', collect);
    summarise(brush ? 'brushing' : 'idle', figures, events, profile);
  }
  // A one-step brush and its release, as the bench times the table following it: the main thread's tasks over 5 ms.
  await page.getByRole('button', { name: 'Clear brushes' }).click();
  await page.locator(`[data-testid="linked-runs"][data-passing="${large.runs}"]`).waitFor();
  await page.waitForTimeout(500);
  const events: TraceEvent[] = [];
  const collect = (data: { value: unknown }) => events.push(...(data.value as TraceEvent[]));
  session.on('Tracing.dataCollected', collect);
  await session.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  const followMs = await page.evaluate(timeTableFollows, { part: 0.5 });
  const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.end');
  await done;
  console.log(`\n## the table following a brush: ${followMs.toFixed(0)} ms`);
  const mainThread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.ph === 'X' && mainThread && e.pid === mainThread.pid && e.tid === mainThread.tid);
  const start = Math.min(...onMain.map((e) => e.ts));
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 5000)) {
    const children = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && (e.dur ?? 0) > 2000);
    console.log(`  at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms — ${children.map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', ')}`);
  }
  await opened.context.close();
} finally {
  await browser.close();
  await stopShell(opened?.shell);
  rmSync(userDataDir, { recursive: true, force: true });
}
