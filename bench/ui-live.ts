import type { Page } from 'playwright-core';

/** The embedded service as the bench reaches it: its address and a key issued into its data dir before it started. */
export interface BenchService {
  baseUrl: string;
  apiKey: string;
}

/** Simulated training runs logging over the v2 REST API, as a script does, until stopped. */
export interface LiveRuns {
  /** Requests answered so far. */
  writes(): number;
  /** Ends the runs (each is stopped through E6) and waits for them. */
  stop(): Promise<void>;
}

const STEP_MS = 250;
const BEAT_EVERY = 8;

async function post(service: BenchService, path: string, body?: unknown, query = ''): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.baseUrl}/api/rest/v2/${path}${query}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: service.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Starts `count` runs in a project: each logs two metrics and an output line every 250 ms and a keep-alive every 2 s
 * (E29, E34, E9), like a training loop with the SDK's default intervals.
 */
export async function startLiveRuns(service: BenchService, projectName: string, count: number): Promise<LiveRuns> {
  let writes = 0;
  let running = true;
  const loops = Array.from({ length: count }, async (_, run) => {
    const created = await post(service, 'write/experiment/create', { workspaceName: 'admin', projectName, experimentName: `live-${run}` });
    const experimentKey = String(created.experimentKey);
    for (let step = 0; running; step += 1) {
      await post(service, 'write/experiment/metric', { experimentKey, metricName: 'loss', metricValue: 1 / (step + 1), step });
      await post(service, 'write/experiment/metric', { experimentKey, metricName: 'sys.cpu.percent_utilization', metricValue: 50 + (step % 40), step });
      await post(service, 'write/experiment/output', { experimentKey, outputLines: [{ output: `run ${run} step ${step}\n` }] });
      if (step % BEAT_EVERY === 0) await post(service, 'write/experiment/set-status', undefined, `?experimentKey=${experimentKey}`);
      writes += step % BEAT_EVERY === 0 ? 4 : 3;
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    }
    await post(service, 'write/experiment/stop', undefined, `?experimentKey=${experimentKey}`);
  });
  return {
    writes: () => writes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * How long a change a script makes takes to show on the open table: creates an experiment in the project and waits
 * (polling every frame) until the table's count of rows grew; answers the milliseconds, `probes` times.
 */
export async function timeLiveUpdates(page: Page, service: BenchService, projectName: string, probes: number): Promise<number[]> {
  const lags: number[] = [];
  const count = () => page.getByTestId('experiment-count').textContent();
  for (let probe = 0; probe < probes; probe += 1) {
    const before = await count();
    const start = performance.now();
    await post(service, 'write/experiment/create', { workspaceName: 'admin', projectName, experimentName: `probe-${probe}` });
    await page.waitForFunction((text) => document.querySelector('[data-testid="experiment-count"]')?.textContent !== text, before, { polling: 'raf', timeout: 10_000 });
    lags.push(performance.now() - start);
  }
  return lags;
}

/** Navigates to the project and answers the milliseconds until every page of its first read is in (the table says ready). */
export function timeAllRows({ hash }: { hash: string }): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    location.hash = hash;
    const check = () => {
      if (document.querySelector('[data-table-state="ready"]') && document.querySelector('[data-row-key]')) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** How busy the page's main thread is over a span: milliseconds of tasks and of script per second (Chromium's own counters). */
export interface MainThreadLoad {
  taskMsPerS: number;
  scriptMsPerS: number;
}

/** Measures, through the DevTools protocol, how busy the page's main thread is for `ms` milliseconds while left alone. */
export async function mainThreadLoad(page: Page, ms: number): Promise<MainThreadLoad> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Performance.enable');
    const read = async () => {
      const { metrics } = await session.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
      return { task: value('TaskDuration'), script: value('ScriptDuration'), at: performance.now() };
    };
    const start = await read();
    await page.waitForTimeout(ms);
    const end = await read();
    const seconds = (end.at - start.at) / 1000;
    return { taskMsPerS: ((end.task - start.task) * 1000) / seconds, scriptMsPerS: ((end.script - start.script) * 1000) / seconds };
  } finally {
    await session.detach();
  }
}
