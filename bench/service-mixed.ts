import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processMemory, resetPeak, startChild, stopChild } from './children.ts';

const API_KEY = 'bench-mixed-key-0123456789abcdefghij';
const MIB = 1024 * 1024;
const CONNECTIONS = 50;
/** Length of the load in seconds; `BENCH_MIXED_SECONDS` overrides it. */
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
/** When RSS is read after the load: soon after it, and once the service has settled. */
const AFTER_SECONDS = [2, 15];
const TARGET_GROWTH_BYTES = 64 * MIB;
const EXPERIMENTS = 10;
const SEEDED_POINTS = 1000;

/** The kinds of request in the mix, with their share of all requests. */
const MIX = [
  { kind: 'metric write (E29)', share: 0.7 },
  { kind: 'read', share: 0.2 },
  { kind: 'upload 10-100 KB (E44)', share: 0.1 },
] as const;
type Kind = (typeof MIX)[number]['kind'];

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: {
    setupRequest: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
const runAutocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** A multipart body of `size` random bytes in part `file`. */
function uploadBody(size: number, boundary: string): Buffer {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sample.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), randomBytes(size), Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/** Picks a kind of request by its share of the mix. */
function pickKind(): Kind {
  let draw = Math.random();
  for (const { kind, share } of MIX) {
    draw -= share;
    if (draw < 0) return kind;
  }
  return MIX[0].kind;
}

/** Creates the experiments written to and one seeded with SEEDED_POINTS values of `loss` to read. */
async function seed(url: string): Promise<{ written: string[]; read: string }> {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${url}/api/rest/v2/${path}`, {
      method: 'POST',
      headers: { authorization: API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { experimentKey: string };
  };
  const create = async () => (await call('write/experiment/create', { workspaceName: 'admin', projectName: 'mixed' })).experimentKey;
  const written = [];
  for (let index = 0; index < EXPERIMENTS; index += 1) written.push(await create());
  const read = await create();
  for (let step = 0; step < SEEDED_POINTS; step += 1) {
    await call('write/experiment/metric', { experimentKey: read, metricName: 'loss', metricValue: 1 / (step + 1), step });
  }
  return { written, read };
}

/** The request builder of the mix: each call picks a kind and returns a request of it. */
function mixedRequests(experiments: { written: string[]; read: string }, counts: Map<string, number>): AutocannonOptions['requests'] {
  const boundary = `mixed-${randomBytes(8).toString('hex')}`;
  const uploads = Array.from({ length: 32 }, () => uploadBody(10_000 + Math.floor(Math.random() * 90_001), boundary));
  const auth = { authorization: API_KEY };
  const anyOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  let step = 0;
  let uploadsSent = 0;
  const setupRequest = (_request: AutocannonRequest, context: Record<string, unknown>): AutocannonRequest => {
    const kind = pickKind();
    context.kind = kind;
    if (kind === 'read') {
      const path = Math.random() < 0.5 ? `experiment/metrics/summary?experimentKey=${experiments.read}` : `experiment/metrics/get-metric?experimentKey=${experiments.read}&metricName=loss`;
      return { method: 'GET', path: `/api/rest/v2/${path}`, headers: auth };
    }
    const experimentKey = anyOf(experiments.written);
    if (kind === 'metric write (E29)') {
      step += 1;
      const body = JSON.stringify({ experimentKey, metricName: 'loss', metricValue: Math.random(), step });
      return { method: 'POST', path: '/api/rest/v2/write/experiment/metric', headers: { ...auth, 'content-type': 'application/json' }, body };
    }
    uploadsSent += 1;
    return {
      method: 'POST',
      path: `/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=sample-${uploadsSent}.bin`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: anyOf(uploads),
    };
  };
  return [
    {
      setupRequest,
      onResponse: (status, _body, context) => {
        const key = `${String(context.kind)} ${status}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      },
    },
  ];
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/** `npm run bench -- service` (part): 50 clients of mixed writes, reads and small uploads against the service in a child process, and its RSS growth. */
export async function runMixedLoadBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-mixed-'));
  const service = await startChild('../server/src/process/cli.ts', ['--port', '0', '--data-dir', dir, '--throttle-off'], { TRACKDESK_BOOTSTRAP_API_KEY: API_KEY, TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123' });
  try {
    const pid = service.child.pid ?? 0;
    const experiments = await seed(service.url);
    await sleep(2000);
    const before = processMemory(pid).rss;
    resetPeak(pid);
    const counts = new Map<string, number>();
    const result = await runAutocannon({ url: service.url, connections: CONNECTIONS, duration: SECONDS, timeout: 10, requests: mixedRequests(experiments, counts) });
    const peak = processMemory(pid).peak;
    const growth: number[] = [];
    let waited = 0;
    for (const after of AFTER_SECONDS) {
      await sleep((after - waited) * 1000);
      waited = after;
      growth.push(processMemory(pid).rss - before);
    }
    const statuses = [...counts].map(([key, count]) => `${key}: ${count}`).join(', ');
    const failures = Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2') && status !== '429')
      .reduce((sum, [, { count }]) => sum + count, result.errors + result.timeouts);
    const mix = MIX.map(({ kind, share }) => `${Math.round(share * 100)}% ${kind}`).join(', ');
    console.log(`\nMixed load: ${CONNECTIONS} connections for ${SECONDS} s (${mix}); service in a child process, throttling off`);
    console.log(`  ${Math.round(result.requests.average)} req/s (${result.requests.total} requests), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`  replies by kind and status: ${statuses}; socket errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(`  service RSS before ${mib(before)}, peak during the load +${mib(peak - before)}`);
    console.log(`  RSS growth ${AFTER_SECONDS.map((after, index) => `${after} s after: ${mib(growth[index] ?? NaN)}`).join(', ')}`);
    const met = (growth[0] ?? Infinity) < TARGET_GROWTH_BYTES && failures === 0;
    console.log(`  target: growth ${AFTER_SECONDS[0]} s after < ${mib(TARGET_GROWTH_BYTES)}, 0 errors other than 429 (${failures}) -> ${met ? 'met' : 'NOT met'}`);
  } finally {
    await stopChild(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
