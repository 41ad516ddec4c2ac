import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSql, type StorageLocation } from '../server/src/database/open-storage.ts';
import { startServer } from '../server/src/process/app.ts';
import { unlimitedThrottleLimits } from '../server/src/throttle/rate-limits.ts';
import { startPostgresCluster } from '../server/test/support/postgres-cluster.ts';
import { seedMetricPoints } from './seed-points.ts';

const API_KEY = 'bench-backup-key-0123456789abcdefghij';
const CLI = join(import.meta.dirname, '..', 'server', 'src', 'process', 'cli.ts');
const MIB = 1024 * 1024;
/** The data dir measured: experiments, each with metrics × steps points and one asset (`BENCH_BACKUP_ASSET_MIB` each). */
const EXPERIMENTS = 100;
const SHAPE = { metrics: 10, steps: 1000 };
const ASSET_MIB = Number(process.env.BENCH_BACKUP_ASSET_MIB ?? 2);

/** Runs the service's CLI with `args` and resolves with the seconds it took; rejects with its output when it fails. */
async function timedCli(args: string[]): Promise<{ seconds: number; summary: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`cli ${args[0]} failed (${code}): ${output}`);
  const phases = output.split('\n').filter((line) => /^(Database: .* in |Blobs: .*done in)/.test(line));
  return { seconds: (performance.now() - started) / 1000, summary: [...phases, output.trim().split('\n').at(-1) ?? ''].join('\n    ') };
}

/** fetch, tried once more on a network error (a loaded machine sometimes resets a kept-alive connection). */
const fetchAgain = (url: string, init: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

/** Creates the experiments over HTTP, seeds their points through the storage module and uploads one asset each. */
async function seed(url: string, location: StorageLocation): Promise<void> {
  const headers = { authorization: API_KEY };
  const keys: string[] = [];
  for (let index = 0; index < EXPERIMENTS; index += 1) {
    const response = await fetchAgain(`${url}/api/rest/v2/write/experiment/create`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceName: 'admin', projectName: 'backup-bench' }),
    });
    keys.push(((await response.json()) as { experimentKey: string }).experimentKey);
  }
  const sql = await openSql(location);
  try {
    for (const key of keys) await seedMetricPoints(sql, key, SHAPE);
  } finally {
    await sql.close();
  }
  for (const [index, key] of keys.entries()) {
    const form = new FormData();
    form.append('file', new Blob([randomBytes(ASSET_MIB * MIB)]), `weights-${index}.bin`);
    const response = await fetchAgain(`${url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${key}&type=asset&fileName=weights-${index}.bin`, { method: 'POST', headers, body: form });
    if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
  }
}

const databaseFlags = (location: StorageLocation) => (location.databaseUrl === undefined ? [] : ['--database', location.databaseUrl]);

/** Seeds a running service on `place` (a data dir, and a database on PostgreSQL), then times a plain copy, `backup` and `restore` into `restorePlace`. */
async function measure(label: string, root: string, place: StorageLocation, restorePlace: StorageLocation): Promise<void> {
  const server = await startServer({ host: '127.0.0.1', port: 0, ...place, bootstrapApiKey: API_KEY, throttle: unlimitedThrottleLimits, backgroundTiles: { enabled: false } });
  try {
    await seed(server.url, place);
    const copyStarted = performance.now();
    await cp(place.dataDir, join(root, 'plain-copy'), { recursive: true });
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const backup = await timedCli(['backup', '--data-dir', place.dataDir, ...databaseFlags(place), '--to', join(root, 'backup')]);
    const restore = await timedCli(['restore', '--from', join(root, 'backup'), '--data-dir', restorePlace.dataDir, ...databaseFlags(restorePlace)]);
    console.log(`  ${label}: ${EXPERIMENTS} experiments × ${SHAPE.metrics} metrics × ${SHAPE.steps} points, ${EXPERIMENTS} assets (${EXPERIMENTS * ASSET_MIB} MiB)`);
    console.log(`  plain copy of the data dir (baseline)  ${copySeconds.toFixed(1).padStart(6)} s`);
    console.log(`  backup of the running service          ${backup.seconds.toFixed(1).padStart(6)} s  (${(backup.seconds / copySeconds).toFixed(1)}× the plain copy; includes the CLI's start)`);
    console.log(`    ${backup.summary}`);
    console.log(`  restore into an empty place            ${restore.seconds.toFixed(1).padStart(6)} s`);
    console.log(`    ${restore.summary.slice(0, restore.summary.indexOf('. Start'))}`);
  } finally {
    await server.close();
  }
}

/**
 * `npm run bench -- backup`: `backup` of a running service (SQLite, then PostgreSQL in a throw-away cluster) holding
 * 100 experiments × 10 metrics × 1,000 points and 100 assets of 2 MiB, next to a plain copy of its data dir (`cp -r`)
 * in the same run; and `restore` into an empty place.
 */
export async function runBackupBench(): Promise<void> {
  const sqliteRoot = await mkdtemp(join(tmpdir(), 'trackdesk-bench-backup-'));
  try {
    await measure('SQLite', sqliteRoot, { dataDir: join(sqliteRoot, 'data') }, { dataDir: join(sqliteRoot, 'restored') });
  } finally {
    await rm(sqliteRoot, { recursive: true, force: true });
  }
  const postgresRoot = await mkdtemp(join(tmpdir(), 'trackdesk-bench-backup-pg-'));
  const cluster = await startPostgresCluster();
  try {
    const place = { dataDir: join(postgresRoot, 'data'), databaseUrl: await cluster.createDatabase('bench_backup') };
    const restorePlace = { dataDir: join(postgresRoot, 'restored'), databaseUrl: await cluster.createDatabase('bench_restored') };
    await measure('PostgreSQL', postgresRoot, place, restorePlace);
  } finally {
    await cluster.stop();
    await rm(postgresRoot, { recursive: true, force: true });
  }
}
