import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { stopChild } from './children.ts';

const REPO = new URL('..', import.meta.url).pathname;
const ROUNDS = 5;
const EXPERIMENTS = 40;
const API_KEY = 'bench-admin-key-0123456789abcdefghij';
/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;
/** Another checkout (e.g. a worktree of the previous release, installed) whose starts are measured in the same rounds. */
const AGAINST = process.env.TRACKDESK_BENCH_START_AGAINST;
/** The baseline: a bare Node HTTP server, plain JavaScript (no type stripping), printing its address. */
const BARE_SERVER = `const server = require('node:http').createServer((request, response) => response.end('{"version":"bare"}'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;

/** Environment for a child: the caller's, without bootstrap secrets (a first start generates its own, as a user's does). */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['TRACKDESK_BOOTSTRAP_API_KEY', 'TRACKDESK_BOOTSTRAP_PASSWORD'] as const) if (!(name in extra)) delete env[name];
  return env;
}

/** Spawns `args` with this Node and resolves with the first address it prints (`listening on` or `running at`) and when. */
async function spawnUntilAddress(args: string[], env: NodeJS.ProcessEnv, cwd = REPO): Promise<{ child: ChildProcess; url: string; started: number; printed: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout as Readable })) {
    const url = /(?:listening on|running at) (http:\/\/\S+)/.exec(line)?.[1];
    if (url) return { child, url, started, printed: performance.now() };
  }
  throw new Error(`${args.join(' ')} exited before printing its address`);
}

/** Answers the body of a GET that must succeed. */
async function get(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Milliseconds from spawning a server (bare, or the service) to its first answered request, and the CPU it used until then. */
async function serverStart(args: string[], env: NodeJS.ProcessEnv, path: string, cwd = REPO): Promise<{ wall: number; cpu: number }> {
  const { child, url, started } = await spawnUntilAddress(args, env, cwd);
  try {
    await get(url + path);
    return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
  } finally {
    await stopChild(child);
  }
}

const serviceArgs = (dataDir: string) => ['server/src/process/cli.ts', '--port', '0', '--data-dir', dataDir];

/** The embedded service's address once the shell reports it ready (polling its ipc channel, as the renderer's first screen waits). */
async function embeddedServiceUrl(origin: string, token: string): Promise<string> {
  for (;;) {
    const response = await fetch(`${origin}/ipc/service.status`, { method: 'POST', headers: { 'x-trackdesk-token': token, 'content-type': 'application/json' }, body: '{}' });
    const envelope = (await response.json()) as { ok: boolean; data?: { state: string; baseUrl?: string; message?: string } };
    if (envelope.data?.state === 'ready' && envelope.data.baseUrl) return envelope.data.baseUrl;
    if (envelope.data?.state === 'failed') throw new Error(`the embedded service failed: ${envelope.data.message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One `npm start` (node tools/start.mjs, browser mode here): when the address was printed, the page answered and the embedded service answered. */
async function appStart(userDataDir: string, cwd = REPO): Promise<{ printed: number; page: number; service: number }> {
  // A checkout from before `npm start` had its JavaScript entry starts the TypeScript one.
  const entry = existsSync(join(cwd, 'tools/start.mjs')) ? 'tools/start.mjs' : 'tools/start.ts';
  const { child, url, started, printed } = await spawnUntilAddress([entry, '--port', '0'], childEnv({ TRACKDESK_USER_DATA_DIR: userDataDir }), cwd);
  try {
    const { origin, searchParams } = new URL(url);
    const token = searchParams.get('token') ?? '';
    const page = get(`${origin}/`).then(() => performance.now());
    const service = embeddedServiceUrl(origin, token).then((base) => get(`${base}/clientlib/isAlive/ver`)).then(() => performance.now());
    return { printed: printed - started, page: (await page) - started, service: (await service) - started };
  } finally {
    await stopChild(child);
  }
}

/** A data dir in use: a service started on it once, with EXPERIMENTS experiments holding metrics and parameters. */
async function dataDirInUse(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-start-'));
  const { child, url } = await spawnUntilAddress(serviceArgs(dataDir), childEnv({ TRACKDESK_BOOTSTRAP_API_KEY: API_KEY }));
  try {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${url}/api/rest/v2/write/${path}`, { method: 'POST', headers: { authorization: API_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<{ experimentKey?: string }>;
    };
    for (let index = 0; index < EXPERIMENTS; index += 1) {
      const { experimentKey } = await post('experiment/create', { workspaceName: 'admin', projectName: `project-${index % 4}` });
      for (let step = 0; step < 20; step += 1) await post('experiment/metric', { experimentKey, metricName: 'loss', metricValue: 1 / (step + 1), step });
      await post('experiment/parameter', { experimentKey, parameterName: 'lr', parameterValue: '0.001' });
    }
  } finally {
    await stopChild(child);
  }
  return dataDir;
}

/** `median min max` of a list of milliseconds. */
function spread(values: number[]): { median: number; text: string } {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const text = [median, sorted[0] ?? NaN, sorted.at(-1) ?? NaN].map((value) => value.toFixed(0).padStart(8)).join('');
  return { median, text };
}

/** The rows one checkout gets: its service's and its app's starts. */
interface CheckoutRows {
  empty: number[];
  emptyCpu: number[];
  inUse: number[];
  inUseCpu: number[];
  printed: number[];
  page: number[];
  service: number[];
  usable: number[];
}

/** One round of one checkout's starts, appended to its rows. */
async function measureCheckout(cwd: string, rows: CheckoutRows, emptyDir: string, inUse: string, userDataDir: string): Promise<void> {
  const empty = await serverStart(serviceArgs(emptyDir), childEnv(), '/clientlib/isAlive/ver', cwd);
  rows.empty.push(empty.wall);
  rows.emptyCpu.push(empty.cpu);
  const used = await serverStart(serviceArgs(inUse), childEnv(), '/clientlib/isAlive/ver', cwd);
  rows.inUse.push(used.wall);
  rows.inUseCpu.push(used.cpu);
  const app = await appStart(userDataDir, cwd);
  rows.printed.push(app.printed);
  rows.page.push(app.page);
  rows.service.push(app.service);
  rows.usable.push(Math.max(app.page, app.service));
}

const LABELS: Record<keyof CheckoutRows, string> = {
  empty: 'service, empty --data-dir (first start)',
  emptyCpu: '  its CPU time until then',
  inUse: `service, data dir in use (${EXPERIMENTS} experiments)`,
  inUseCpu: '  its CPU time until then',
  printed: 'app, second+ start: address printed',
  page: 'app, second+ start: page answered',
  service: 'app, second+ start: embedded service answered',
  usable: 'app usable (page and service answered)',
};

/**
 * `npm run bench -- start`: spawn to first answered request of the service (empty data dir, data dir in use) and of the
 * app's second and later starts (page and embedded service), next to a bare Node HTTP server, in alternating rounds.
 * With TRACKDESK_BENCH_START_AGAINST=<checkout> the same starts of that checkout run in the same rounds.
 */
export async function runStartBench(): Promise<void> {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-start-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const inUse = await dataDirInUse();
    dirs.push(inUse);
    const checkouts = [{ name: 'this checkout', cwd: REPO }, ...(AGAINST ? [{ name: AGAINST, cwd: AGAINST }] : [])].map((checkout) => ({
      ...checkout,
      userDataDir: fresh(),
      rows: { empty: [], emptyCpu: [], inUse: [], inUseCpu: [], printed: [], page: [], service: [], usable: [] } as CheckoutRows,
    }));
    for (const checkout of checkouts) {
      const first = await appStart(checkout.userDataDir, checkout.cwd);
      console.log(`${checkout.name}: first start on a new user data dir usable after ${Math.max(first.page, first.service).toFixed(0)} ms`);
    }
    const bare: number[] = [];
    const bareCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = await serverStart(['-e', BARE_SERVER], childEnv(), '/');
      bare.push(start.wall);
      bareCpu.push(start.cpu);
      for (const checkout of checkouts) await measureCheckout(checkout.cwd, checkout.rows, fresh(), inUse, checkout.userDataDir);
    }
    const baseline = spread(bare);
    const baselineCpu = spread(bareCpu);
    console.log(`Spawn to first answered request, ${ROUNDS} alternating rounds, ms (load average ${loadavg()[0]?.toFixed(1)} on this machine)`);
    console.log(`  ${''.padEnd(52)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}  × bare`);
    console.log(`  ${'bare Node http.createServer (baseline)'.padEnd(52)}${baseline.text}  ${'1.0'.padStart(6)}`);
    console.log(`  ${'  its CPU time until then'.padEnd(52)}${baselineCpu.text}  ${'1.0'.padStart(6)}`);
    for (const checkout of checkouts) {
      if (AGAINST) console.log(`  ${checkout.name}`);
      for (const [name, label] of Object.entries(LABELS)) {
        const { median, text } = spread(checkout.rows[name as keyof CheckoutRows]);
        const against = name.endsWith('Cpu') ? baselineCpu.median : baseline.median;
        console.log(`  ${label.padEnd(52)}${text}  ${(median / against).toFixed(1).padStart(6)}`);
      }
    }
    console.log("  (app: node tools/start.mjs, in browser mode where no Electron runtime can be had; `npm start` adds npm's own start)");
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
