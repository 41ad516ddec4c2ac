import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';

/** A process under test, with the address it printed. */
export interface ChildTarget {
  url: string;
  child: ChildProcess;
  /** CPU time (user + system) the process has used so far, in ms (from /proc/<pid>/stat). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

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
    cpuMs() {
      // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    },
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
  failures: number;
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
 * as the streamer sends them) against `url` for `seconds`, cycling through that run's bodies.
 */
export async function runBatchLoad(url: string, headers: Record<string, string>, bodiesPerRun: Buffer[][], points: number, seconds: number, target: ChildTarget): Promise<BatchFigures> {
  const times: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const cpuBefore = target.cpuMs();
  const started = performance.now();
  const send = (agent: Agent, body: Buffer) =>
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
    bodiesPerRun.map(async (bodies) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let index = 0; performance.now() < deadline; index += 1) await send(agent, bodies[index % bodies.length] as Buffer);
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = target.cpuMs() - cpuBefore;
  const sorted = [...times].sort((a, b) => a - b);
  const totalPoints = times.length * points;
  return {
    pointsPerSecond: totalPoints / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    cpuMsPerThousand: cpu / Math.max(1, totalPoints / 1000),
    failures,
  };
}
