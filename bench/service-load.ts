import { spawn } from 'node:child_process';
import { request, Agent } from 'node:http';
import { createRequire } from 'node:module';
import { coresBusy, readMeters, type CpuMeters } from './cpu-meters.ts';

/** What one load run measured: throughput, latency percentiles (ms) and anything that went wrong. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time this process (the server under test) spent per request, in µs: robust to other load on the machine. */
  cpuMicrosPerRequest?: number;
  /** Cores each of the run's CPU meters kept busy over the measured run (CPU time / wall time). */
  coresBusy?: Record<string, number>;
}

/** What to send in a load run. */
export interface LoadTarget {
  /** One address, or several (instances of one service): connections and requests are spread over them in turn. */
  url: string | string[];
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const autocannonScript = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function runAutocannon(target: LoadTarget, connections: number, seconds: number): Promise<AutocannonJson> {
  const args = [autocannonScript, '--json', '-c', String(connections), '-d', String(seconds), '-m', target.method];
  for (const [name, value] of Object.entries(target.headers)) args.push('-H', `${name}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(...[target.url].flat());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as AutocannonJson);
    });
  });
}

/** CPU time (user + system) this process has used so far, in µs. */
const ownCpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/**
 * Runs autocannon in a child process (so the load generator does not share the service's event loop)
 * for `seconds` after a separate one-second warm-up run, and measures the server's CPU time over the
 * measured run: this process's, unless `serverCpuMicros` reads another's; `meters` (ms) give `coresBusy`.
 * Latencies have autocannon's 1 ms resolution.
 */
export async function autocannon(target: LoadTarget, connections: number, seconds: number, serverCpuMicros = ownCpuMicros, meters: CpuMeters = {}): Promise<LoadFigures> {
  await runAutocannon(target, connections, 1);
  const cpuBefore = serverCpuMicros();
  const metersBefore = readMeters(meters);
  const started = performance.now();
  const result = await runAutocannon(target, connections, seconds);
  const busy = coresBusy(metersBefore, readMeters(meters), performance.now() - started);
  const cpu = serverCpuMicros() - cpuBefore;
  return {
    coresBusy: busy,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

const percentile = (sorted: readonly number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;

/**
 * Sends `count` requests one after another over one keep-alive connection (one per address, taken in turn, when
 * `target.url` lists several) and times each to the last byte (sub-millisecond resolution); the first `warmup` are not counted.
 */
export async function sequentialLatency(target: LoadTarget, count: number, warmup = 20): Promise<LoadFigures & { bytes: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const urls = [target.url].flat();
  const times: number[] = [];
  let failures = 0;
  let bytes = 0;
  const once = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const call = request(url, { method: target.method, headers: target.headers, agent }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => {
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.statusCode !== 200) failures += 1;
          bytes = size;
          resolve();
        });
      });
      call.on('error', reject);
      call.end(target.body);
    });
  for (let index = 0; index < warmup + count; index += 1) {
    await once(urls[index % urls.length] as string);
    if (index === warmup - 1) times.length = 0;
  }
  agent.destroy();
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, time) => sum + time, 0);
  return { requestsPerSecond: (1000 * times.length) / total, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), failures, bytes };
}
