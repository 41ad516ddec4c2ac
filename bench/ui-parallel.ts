import type { Page } from 'playwright-core';
import type { ParallelProjects } from './ui-parallel-seed.ts';

const BRUSH_MS = 3000;
const FOLLOWS = 5;
/** First draws timed per panel and project, each on the view opened afresh (nothing cached): the median is quoted. */
const FIRST_DRAWS = 5;

/**
 * In the page, with the "Add panel" menu open: clicks the menu item `label` and answers the milliseconds until the panel
 * `testId` has drawn `runs` runs (its `attribute`), with their values where `valued` (a selector inside the panel that
 * matches only once values are drawn) says so, and a frame has painted; and its own draw time.
 */
export function timeAddPanel({ label, testId, attribute, runs, valued }: { label: string; testId: string; attribute: string; runs: number; valued?: string }): Promise<{ ms: number; drawMs: number; backMs: number }> {
  return new Promise((resolve) => {
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((one) => one.textContent?.startsWith(label));
    const start = performance.now();
    item?.click();
    const check = () => {
      const panel = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
      if (panel && Number(panel.dataset.draws ?? 0) > 0 && panel.getAttribute(attribute) === String(runs) && (!valued || panel.querySelector(valued))) {
        requestAnimationFrame(() => resolve({ ms: performance.now() - start, drawMs: Number(panel.dataset.drawMs), backMs: Number(panel.dataset.backMs) }));
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * In the page: frames per second and the p95 frame time for `durationMs`; with `brush`, a pointer drags up and down the
 * first axis of the parallel coordinates once per frame (a brush growing and shrinking), and the chart's redraws are counted.
 */
export function brushFrames({ durationMs, brush }: { durationMs: number; brush: boolean }): Promise<{ fps: number; p95FrameMs: number; draws: number; drawMs: number[] }> {
  return new Promise((resolve) => {
    const chart = document.querySelector<HTMLElement>('[data-testid="parallel-coordinates"]');
    const svg = chart?.querySelector('svg');
    const line = chart?.querySelector('line[data-axis-line]')?.getBoundingClientRect();
    const pointer = (type: string, y: number) =>
      svg?.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1, clientX: (line?.left ?? 0) + 0.5, clientY: y }));
    const bottom = (line?.bottom ?? 0) + 2;
    const height = line?.height ?? 0;
    const drawsBefore = Number(chart?.dataset.draws ?? 0);
    const drawMs: number[] = [];
    if (brush) pointer('pointerdown', bottom);
    const frames: number[] = [];
    const start = performance.now();
    let last = start;
    const frame = (now: number) => {
      frames.push(now - last);
      last = now;
      if (brush) {
        drawMs.push(Number(chart?.dataset.drawMs));
        const phase = ((now - start) / 1000) % 1;
        pointer('pointermove', bottom - 2 - height * (0.1 + 0.8 * (phase < 0.5 ? phase * 2 : 2 - phase * 2)));
      }
      if (now - start < durationMs) requestAnimationFrame(frame);
      else {
        if (brush) pointer('pointerup', bottom);
        const sorted = frames.slice(1).sort((a, b) => a - b);
        resolve({
          fps: (frames.length - 1) / ((now - start) / 1000),
          p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
          draws: Number(chart?.dataset.draws ?? 0) - drawsBefore,
          drawMs,
        });
      }
    };
    requestAnimationFrame(frame);
  });
}

/** What `brushFrames` answers, with the page's main thread's own work per frame (its thread time, which other processes on a shared machine do not inflate, unlike fps). */
type FrameFigures = Awaited<ReturnType<typeof brushFrames>> & { workMs: number };

/** `brushFrames` in `page` while Chromium traces its threads: adds the busiest renderer main thread's work per frame. */
async function tracedFrames(page: Page, options: { durationMs: number; brush: boolean }): Promise<FrameFigures> {
  const session = await page.context().newCDPSession(page);
  const events: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[] = [];
  session.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as typeof events)));
  await session.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const figures = await page.evaluate(brushFrames, options);
  const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.end');
  await done;
  await session.detach();
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map<string, number>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'RunTask' && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  }
  const frames = (figures.fps * options.durationMs) / 1000;
  return { ...figures, workMs: Math.max(0, ...busy.values()) / Math.max(1, frames) };
}

/** In the page: brushes the first axis's lower `part` with one drag and answers the ms from release until the runs table below lists the runs passing and a frame has painted. */
export function timeTableFollows({ part }: { part: number }): Promise<number> {
  return new Promise((resolve) => {
    const chart = document.querySelector<HTMLElement>('[data-testid="parallel-coordinates"]');
    const svg = chart?.querySelector('svg');
    const line = chart?.querySelector('line[data-axis-line]')?.getBoundingClientRect();
    const table = document.querySelector<HTMLElement>('[data-testid="linked-runs"]');
    const pointer = (type: string, y: number) =>
      svg?.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1, clientX: (line?.left ?? 0) + 0.5, clientY: y }));
    const bottom = (line?.bottom ?? 0) + 2;
    pointer('pointerdown', bottom);
    pointer('pointermove', bottom - 2 - (line?.height ?? 0) * part);
    requestAnimationFrame(() => {
      const passing = chart?.dataset.passing;
      const start = performance.now();
      pointer('pointerup', bottom);
      const check = () => {
        if (table?.dataset.passing === passing && table?.querySelector('[data-testid="linked-runs-count"]')?.textContent?.includes(' pass the brushes')) {
          requestAnimationFrame(() => resolve(performance.now() - start));
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  });
}

/** A first draw's time and the panel's own draw time (see `timeAddPanel`). */
type FirstDraw = Awaited<ReturnType<typeof timeAddPanel>>;

/** What `measureParallel` found for one project. */
interface ProjectFigures {
  runs: number;
  parallel: FirstDraw[];
  follows: number[];
  scatter: FirstDraw[];
  brushing?: FrameFigures;
}

/** What `measureParallel` found: the large project, the baseline project, and the page's idle frame rate. */
export interface ParallelFigures {
  large: ProjectFigures;
  small: ProjectFigures;
  idle: FrameFigures;
}

/** The panel kinds whose first draw is timed, as `timeAddPanel` finds them. */
const PANELS = {
  // Values drawn: a numeric axis has its range (runs drawn before their values came would have none).
  parallel: { label: 'Parallel coordinates', testId: 'parallel-coordinates', attribute: 'data-runs', valued: 'g[data-axis][data-domain-min]' },
  scatter: { label: 'Scatter', testId: 'scatter-plot', attribute: 'data-points' },
} as const;

/** Opens a project's analysis view afresh (`n` makes the address new) and times adding a panel of `kind`; the panel stays. */
async function firstDraw(page: Page, origin: string, project: { projectId: string; runs: number }, kind: keyof typeof PANELS, n: number): Promise<FirstDraw> {
  await page.goto(`${origin}/?analysis=${project.runs}-${kind}-${n}#/projects/${project.projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  return page.evaluate(timeAddPanel, { ...PANELS[kind], runs: project.runs });
}

/** Times `FIRST_DRAWS` first draws of a panel of `kind`, removing it after each but the last (`keepLast`). */
async function firstDraws(page: Page, origin: string, project: { projectId: string; runs: number }, kind: keyof typeof PANELS, keepLast: boolean): Promise<FirstDraw[]> {
  const draws: FirstDraw[] = [];
  for (let n = 0; n < FIRST_DRAWS; n += 1) {
    draws.push(await firstDraw(page, origin, project, kind, n));
    if (!keepLast || n < FIRST_DRAWS - 1) await page.getByRole('button', { name: `Remove ${PANELS[kind].label}` }).click();
  }
  return draws;
}

/** Times first draws of parallel coordinates, brushes the last one, then times first draws of a scatter. */
async function measureProject(page: Page, origin: string, project: { projectId: string; runs: number }, withBrushing: boolean): Promise<ProjectFigures> {
  const parallel = await firstDraws(page, origin, project, 'parallel', true);
  await page.locator('[data-testid="linked-runs"]').waitFor();
  const brushing = withBrushing ? await tracedFrames(page, { durationMs: BRUSH_MS, brush: true }) : undefined;
  const follows: number[] = [];
  for (let n = 0; n < FOLLOWS; n += 1) {
    const clear = page.getByRole('button', { name: 'Clear brushes' });
    if (await clear.isEnabled()) await clear.click();
    await page.locator('[data-testid="linked-runs"]').and(page.locator(`[data-passing="${project.runs}"]`)).waitFor();
    follows.push(await page.evaluate(timeTableFollows, { part: 0.2 + n * 0.1 }));
  }
  await page.getByRole('button', { name: 'Remove Parallel coordinates' }).click();
  const scatter = await firstDraws(page, origin, project, 'scatter', false);
  return { runs: project.runs, parallel, follows, scatter, brushing };
}

/** Measures the analysis view's parallel coordinates, its linked table and the scatter over both seeded projects in `page`. */
export async function measureParallel(page: Page, origin: string, projects: ParallelProjects): Promise<ParallelFigures> {
  const small = await measureProject(page, origin, projects.small, false);
  const large = await measureProject(page, origin, projects.large, true);
  await page.goto(`${origin}/?idle#/projects/${projects.small.projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.evaluate(timeAddPanel, { label: 'Parallel coordinates', testId: 'parallel-coordinates', attribute: 'data-runs', runs: projects.small.runs });
  const idle = await tracedFrames(page, { durationMs: BRUSH_MS, brush: false });
  return { large, small, idle };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const meets = (ok: boolean) => (ok ? 'met' : 'MISSED');
/** The median of first draws' `field` (ms by default). */
const middle = (draws: readonly FirstDraw[], field: keyof FirstDraw = 'ms') => median(draws.map((draw) => draw[field]));
/** First draws as `median ms (each open's ms, in order)`. */
const spread = (draws: readonly FirstDraw[]) => `${ms(middle(draws))} (opens: ${draws.map((draw) => draw.ms.toFixed(0)).join(', ')})`;

/** Prints the analysis panels' figures next to their same-run baselines. */
export function printParallelFigures({ large, small, idle }: ParallelFigures): void {
  const runs = large.runs.toLocaleString('en-US');
  console.log(`Analysis view (Chromium; ${runs} runs × 7 parameters and a metric, against ${small.runs} runs as the baseline; each first draw includes the service read):`);
  console.log(
    `  parallel coordinates, 8 axes, first draw (median of ${FIRST_DRAWS} opens): ${spread(large.parallel)} (every run's picture ${middle(large.parallel, 'backMs').toFixed(1)} ms); ` +
      `${small.runs} runs: ${spread(small.parallel)}; ratio ${(middle(large.parallel) / middle(small.parallel)).toFixed(2)}×`,
  );
  if (large.brushing) {
    console.log(
      `  brushing ${runs} runs for ${BRUSH_MS / 1000} s (a drag step a frame): ${large.brushing.fps.toFixed(1)} fps, frame p95 ${large.brushing.p95FrameMs.toFixed(1)} ms, ` +
        `${large.brushing.draws} redraws, canvas median ${median(large.brushing.drawMs.filter(Number.isFinite)).toFixed(1)} ms; ` +
        `the same page idle: ${idle.fps.toFixed(1)} fps, frame p95 ${idle.p95FrameMs.toFixed(1)} ms; ratio to idle ${(large.brushing.fps / idle.fps).toFixed(2)}`,
    );
    console.log(
      `  main thread's own work a frame (thread time, not inflated by other processes): brushing ${large.brushing.workMs.toFixed(1)} ms, idle ${idle.workMs.toFixed(1)} ms ` +
        `(a 60 Hz frame lasts 16.7 ms)`,
    );
  }
  console.log(
    `  the runs table following a brush (release → rows listed, median of ${FOLLOWS}): ${runs} runs ${ms(median(large.follows))}, ` +
      `${small.runs} runs ${ms(median(small.follows))}`,
  );
  console.log(
    `  scatter first draw (median of ${FIRST_DRAWS} opens): ${runs} runs ${spread(large.scatter)} (uPlot ${middle(large.scatter, 'drawMs').toFixed(1)} ms); ` +
      `${small.runs} runs ${spread(small.scatter)}; ratio ${(middle(large.scatter) / middle(small.scatter)).toFixed(2)}×`,
  );
  console.log(
    `  targets at ${runs}: parallel first draw < 500 ms ${meets(middle(large.parallel) < 500)}, brushing ≥ 50 fps ${meets((large.brushing?.fps ?? 0) >= 50)}, ` +
      `table follows < 200 ms ${meets(median(large.follows) < 200)}, scatter first draw < 300 ms ${meets(middle(large.scatter) < 300)}`,
  );
}
