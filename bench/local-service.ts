import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createBackend } from '../electron/backend/src/backend.ts';
import { detachedSpawner } from '../electron/backend/src/embedded/node-spawner.ts';
import { readServiceInfo } from '../electron/backend/src/embedded/service-files.ts';
import { stopService } from '../electron/backend/src/embedded/service-control.ts';
import { stopChild } from './children.ts';

const REPO = new URL('..', import.meta.url).pathname;
const ROUNDS = 5;
const UPGRADES = 3;
/** First starts (each builds the renderer and starts a service on an empty data folder): fewer, they take seconds each. */
const FIRST_STARTS = 3;
/** `npm start`'s entry: plain JavaScript that turns the compile cache on before any TypeScript module loads. */
const START_ENTRY = 'tools/start.mjs';
/** The entry `npm start` had before: TypeScript, stripped before the compile cache is on (measured beside it). */
const TYPESCRIPT_ENTRY = 'tools/start.ts';
/** The baseline: a bare Node HTTP server, plain JavaScript, printing its address. */
const BARE_SERVER = `const server = require('node:http').createServer((request, response) => response.end('{}'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;

/** Environment of an app that leaves its local service running when it stops (as a user's does). */
function appEnv(userDataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir, TRACKDESK_LOCAL_PORT: '0', ...extra };
  delete env.TRACKDESK_STOP_SERVICE_ON_EXIT;
  return env;
}

/** Spawns `args` with this Node; resolves with the first address it prints and the time it was spawned. */
async function spawnUntilAddress(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; started: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout as Readable })) {
    const url = /(?:listening on|running at) (http:\/\/\S+)/.exec(line)?.[1];
    if (url) return { child, url, started };
  }
  throw new Error(`${args.join(' ')} exited before printing its address`);
}

/** The local service's address once the app's `service.status` says ready (as the first screen waits for it). */
async function serviceReady(origin: string, token: string): Promise<string> {
  for (;;) {
    const response = await fetch(`${origin}/ipc/service.status`, { method: 'POST', headers: { 'x-trackdesk-token': token, 'content-type': 'application/json' }, body: '{}' });
    const envelope = (await response.json()) as { data?: { state: string; baseUrl?: string; message?: string } };
    if (envelope.data?.state === 'ready' && envelope.data.baseUrl) return envelope.data.baseUrl;
    if (envelope.data?.state === 'failed') throw new Error(`the local service failed: ${envelope.data.message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One app start (`npm start`, browser mode): ms until its page and its local service both answered. */
async function appStartToUsable(userDataDir: string, entry = START_ENTRY, extraEnv: Record<string, string> = {}): Promise<number> {
  const { child, url, started } = await spawnUntilAddress([entry, '--port', '0'], appEnv(userDataDir, extraEnv));
  try {
    const { origin, searchParams } = new URL(url);
    const token = searchParams.get('token') ?? '';
    const page = fetch(`${origin}/`, { headers: { cookie: `trackdesk_token=${token}` } }).then((response) => response.text());
    const service = serviceReady(origin, token).then((base) => fetch(`${base}/clientlib/isAlive/ver`));
    await Promise.all([page, service]);
    return performance.now() - started;
  } finally {
    await stopChild(child);
  }
}

/** Stops the local service an app left running on `userDataDir`, and removes the folder. */
async function removeUserDataDir(userDataDir: string): Promise<void> {
  const info = await readServiceInfo(join(userDataDir, 'service'));
  if (info) await stopService(info);
  rmSync(userDataDir, { recursive: true, force: true });
}

/**
 * A user's first start: a new user data dir (the service starts on an empty data folder), an empty compile cache, and a
 * renderer build (a VITE_ variable never seen before changes the build's inputs, as an edited source does).
 */
async function firstStartToUsable(): Promise<number> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-first-'));
  const compileCache = mkdtempSync(join(tmpdir(), 'trackdesk-bench-cache-'));
  try {
    return await appStartToUsable(userDataDir, START_ENTRY, { NODE_COMPILE_CACHE: compileCache, VITE_TRACKDESK_BENCH_BUILD: randomUUID() });
  } finally {
    await removeUserDataDir(userDataDir);
    rmSync(compileCache, { recursive: true, force: true });
  }
}

/** A bare Node HTTP server: ms from spawn to its first answer. */
async function bareStart(): Promise<number> {
  const { child, url, started } = await spawnUntilAddress(['-e', BARE_SERVER], process.env);
  try {
    await (await fetch(url)).text();
    return performance.now() - started;
  } finally {
    await stopChild(child);
  }
}

/** What a script polling the service saw while it was restarted: the longest time without an answer, and each failure's kind. */
interface RestartSeen {
  gapMs: number;
  refused: number;
  other: string[];
}

/** Polls `url` every 5 ms until `done` resolves, timing the window without answers. */
async function pollThrough(url: string, done: Promise<unknown>): Promise<RestartSeen> {
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const seen: RestartSeen = { gapMs: 0, refused: 0, other: [] };
  let firstMiss: number | undefined;
  const deadline = performance.now() + 60_000;
  while ((!finished || firstMiss !== undefined) && performance.now() < deadline) {
    const at = performance.now();
    const outcome = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => (response.status === 200 ? 'ok' : `HTTP ${response.status}`),
      (error: unknown) => ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : String((error as { cause?: { code?: string } }).cause?.code ?? error)),
    );
    if (outcome === 'ok') {
      if (firstMiss !== undefined) seen.gapMs = Math.max(seen.gapMs, at - firstMiss);
      firstMiss = undefined;
    } else {
      firstMiss ??= at;
      if (outcome === 'refused') seen.refused += 1;
      else seen.other.push(outcome);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return seen;
}

/** An app of version 0.0.2 opening on a data folder whose service an app of 0.0.1 left running: the restart as a script sees it. */
async function upgradeRestart(): Promise<RestartSeen & { appMs: number }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-upgrade-'));
  try {
    const older = createBackend({ userDataDir, spawnService: detachedSpawner(), embeddedLimits: { version: '0.0.1' } });
    const { baseUrl } = await older.embedded!.whenReady();
    await older.release();
    const started = performance.now();
    const newer = createBackend({ userDataDir, spawnService: detachedSpawner(), embeddedLimits: { version: '0.0.2' } });
    const ready = newer.embedded!.start();
    const seen = await pollThrough(`${baseUrl}/clientlib/isAlive/ver`, ready);
    const status = await ready;
    if (status.state !== 'ready' || status.baseUrl !== baseUrl) throw new Error(`the updated service is ${status.state} at ${status.baseUrl}: ${status.message}`);
    const appMs = performance.now() - started;
    await newer.close();
    return { ...seen, appMs };
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const row = (name: string, values: number[]) => console.log(`${name.padEnd(58)}${median(values).toFixed(0).padStart(8)}${Math.min(...values).toFixed(0).padStart(8)}${Math.max(...values).toFixed(0).padStart(8)}`);

/**
 * The local service's figures: the app's first start (renderer build included) and its later starts (the service already
 * running, through `npm start`'s entry and through the TypeScript entry it had before), next to a bare Node HTTP server
 * started in the same run; then an upgrade's restart gap.
 */
export async function runLocalServiceBench(): Promise<void> {
  console.log(`load average at start: ${loadavg().map((load) => load.toFixed(1)).join(' ')} (2 s goals are for an idle machine)`);
  const first: number[] = [];
  for (let round = 0; round < FIRST_STARTS; round += 1) first.push(await firstStartToUsable());
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-local-'));
  try {
    // The first start starts the service (and builds the renderer back from the first starts' variable); the ones
    // measured find it running (the common case from the second start on).
    await appStartToUsable(userDataDir);
    const bare: number[] = [];
    const app: number[] = [];
    const typescriptEntry: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await bareStart());
      app.push(await appStartToUsable(userDataDir));
      typescriptEntry.push(await appStartToUsable(userDataDir, TYPESCRIPT_ENTRY));
    }
    console.log(`${`ms (${ROUNDS} rounds, first starts ${FIRST_STARTS})`.padEnd(58)}  median     min     max`);
    row('bare Node HTTP server: spawn to first answer', bare);
    row('second+ start to usable, local service already running', app);
    row(`  the same through ${TYPESCRIPT_ENTRY} (types stripped uncached)`, typescriptEntry);
    row('first start to usable: renderer build, new service', first);
    console.log(`ratio second start / bare: ${(median(app) / median(bare)).toFixed(1)}× (goal: usable within 2000 ms); first start / bare: ${(median(first) / median(bare)).toFixed(1)}×`);
  } finally {
    await removeUserDataDir(userDataDir);
  }
  const upgrades: Awaited<ReturnType<typeof upgradeRestart>>[] = [];
  for (let round = 0; round < UPGRADES; round += 1) upgrades.push(await upgradeRestart());
  row('upgrade: longest time the service did not answer', upgrades.map((u) => u.gapMs));
  row('upgrade: app start to the updated service ready', upgrades.map((u) => u.appMs));
  const refused = upgrades.reduce((sum, u) => sum + u.refused, 0);
  const other = upgrades.flatMap((u) => u.other);
  console.log(`during the restarts a script polling every 5 ms saw ${refused} refused connections (the SDK retries them) and ${other.length} other failures${other.length ? `: ${[...new Set(other)].join(', ')}` : ''} (goal: gap under 2000 ms, no other failure)`);
}
