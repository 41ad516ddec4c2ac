import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { coresBusy, processCpuMs, readMeters, type CpuMeters } from './cpu-meters.ts';

/** A process under test, with the address it printed. */
export interface ChildTarget {
  url: string;
  child: ChildProcess;
  /** CPU time (user + system) the process has used so far, in ms (from /proc/<pid>/stat). */
  cpuMs(): number;
  /** CPU time of its main thread alone so far, in ms: the thread that runs JavaScript and writes SQLite. */
  mainThreadCpuMs(): number;
  /** Bytes the process has written so far with write calls, files and sockets alike (`wchar` of /proc/<pid>/io). */
  writtenBytes(): number;
  stop(): Promise<void>;
}

/** Bytes a process has passed to write calls so far (/proc/<pid>/io: its SQLite WAL and checkpoints, and its replies). */
function writtenBytes(pid: number): number {
  return Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
}

/** CPU time (user + system) of a process's main thread so far, in ms (/proc/<pid>/task/<pid>/stat, 100 ticks a second). */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** Starts `node <args>` and resolves once it printed a line with an http:// address. */
export async function startChild(args: string[], env: Record<string, string> = {}): Promise<ChildTarget> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /(http:\/\/\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before listening`)));
  });
  return {
    url,
    child,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    mainThreadCpuMs: () => mainThreadCpuMs(child.pid ?? 0),
    writtenBytes: () => writtenBytes(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** What one batch load run measured. */
export interface BatchFigures {
  pointsPerSecond: number;
  /** Milliseconds from sending a batch to its complete reply. */
  p50: number;
  p99: number;
  /** Server CPU time per 1,000 points, ms. */
  cpuMsPerThousand: number;
  /** The server main thread's CPU time per 1,000 points, ms (when the load measured it). */
  mainThreadCpuMsPerThousand?: number;
  /** KiB the server wrote per 1,000 points (when the load measured it). */
  writtenKiBPerThousand?: number;
  failures: number;
  /** Cores each of the load's CPU meters kept busy (CPU time / wall time). */
  coresBusy: Record<string, number>;
}

/** One batch load: simulated SDK runs posting gzip batches for `seconds`. */
export interface BatchLoad {
  /** Where the runs post; run i posts to `urls[i % urls.length]` (instances of one service). */
  urls: string[];
  headers: Record<string, string>;
  /** The bodies of each simulated run (one loop per entry). */
  bodiesPerRun: Buffer[][];
  /** Metric points per body. */
  points: number;
  seconds: number;
  /** CPU time of the server(s) under test so far, ms. */
  serverCpuMs: () => number;
  /** CPU time of the server's main thread so far, ms. */
  mainThreadCpuMs?: () => number;
  /** Bytes the server has written so far. */
  writtenBytes?: () => number;
  /** Further CPU readers (ms) reported as `coresBusy`. */
  meters?: CpuMeters;
}

/** Metric names a training loop logs each step (10 per step, 100 steps per 1,000-point batch). */
const NAMES = ['loss', 'accuracy', 'val_loss', 'val_accuracy', 'lr', 'grad_norm', 'sys.cpu.percent.avg', 'sys.ram.used', 'sys.gpu.0.gpu_utilization', 'epoch_time'];

/** `count` gzip bodies of `points` metric items each, as the SDK streamer sends them for one run. */
export function sdkBatchBodies(experimentKey: string, apiKey: string, count: number, points: number): Buffer[] {
  return Array.from({ length: count }, (_, batch) => {
    const values = Array.from({ length: points }, (_, index) => {
      const step = batch * (points / NAMES.length) + Math.floor(index / NAMES.length);
      return {
        metricName: NAMES[index % NAMES.length],
        metricValue: Math.exp(-step / 5000) + (index % 7) / 100,
        step,
        epoch: Math.floor(step / 1000),
        context: null,
        timestamp: 1_732_000_000_000 + step * 50,
      };
    });
    return gzipSync(JSON.stringify({ apiKey, experimentKey, values }));
  });
}

const percentile = (sorted: readonly number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;

/**
 * Runs one loop per entry of `bodiesPerRun` (a simulated SDK run: one keep-alive connection, one batch in flight,
 * as the streamer sends them) for `seconds`, cycling through that run's bodies.
 */
export async function runBatchLoad(load: BatchLoad): Promise<BatchFigures> {
  const { headers, points, meters = {} } = load;
  const times: number[] = [];
  let failures = 0;
  const deadline = performance.now() + load.seconds * 1000;
  const cpuBefore = load.serverCpuMs();
  const mainBefore = load.mainThreadCpuMs?.();
  const writtenBefore = load.writtenBytes?.();
  const metersBefore = readMeters(meters);
  const started = performance.now();
  const send = (url: string, agent: Agent, body: Buffer) =>
    new Promise<void>((resolve) => {
      const begun = performance.now();
      const call = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) times.push(performance.now() - begun);
          else failures += 1;
          resolve();
        });
      });
      call.on('error', () => {
        failures += 1;
        resolve();
      });
      call.end(body);
    });
  await Promise.all(
    load.bodiesPerRun.map(async (bodies, run) => {
      const url = load.urls[run % load.urls.length] as string;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let index = 0; performance.now() < deadline; index += 1) await send(url, agent, bodies[index % bodies.length] as Buffer);
      agent.destroy();
    }),
  );
  const elapsedMs = performance.now() - started;
  const elapsed = elapsedMs / 1000;
  const busy = coresBusy(metersBefore, readMeters(meters), elapsedMs);
  const cpu = load.serverCpuMs() - cpuBefore;
  const main = mainBefore === undefined ? undefined : (load.mainThreadCpuMs?.() ?? mainBefore) - mainBefore;
  const written = writtenBefore === undefined ? undefined : (load.writtenBytes?.() ?? writtenBefore) - writtenBefore;
  const sorted = [...times].sort((a, b) => a - b);
  const totalPoints = times.length * points;
  return {
    pointsPerSecond: totalPoints / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    cpuMsPerThousand: cpu / Math.max(1, totalPoints / 1000),
    mainThreadCpuMsPerThousand: main === undefined ? undefined : main / Math.max(1, totalPoints / 1000),
    writtenKiBPerThousand: written === undefined ? undefined : written / 1024 / Math.max(1, totalPoints / 1000),
    failures,
    coresBusy: busy,
  };
}
