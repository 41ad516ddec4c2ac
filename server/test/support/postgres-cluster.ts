import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The system user that runs test clusters when the tests run as root (PostgreSQL refuses to run as root). */
export const CLUSTER_USER = 'trackdesk-pg';

/** A throw-away PostgreSQL cluster on 127.0.0.1 (trust auth, fsync on): the one of a test run (postgres-global-setup.ts), or a test's own. */
export interface PostgresCluster {
  /** The cluster's port on 127.0.0.1. */
  port: number;
  /** The temporary directory holding the data dir, the socket and the log. */
  dir: string;
  /** The postmaster's process id (alive until stop). */
  pid: number;
  /** A URL for the `postgres` superuser on database `database` (default `postgres`). */
  url(database?: string): string;
  /** Creates a fresh empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the cluster and removes its directory. */
  stop(): Promise<void>;
  /** The same, synchronously and ignoring failures: for a process `exit` handler (e.g. Vitest ended by Ctrl-C). */
  stopNow(): void;
}

/** The directory of initdb/pg_ctl of the newest PostgreSQL major version under `root` (Debian's layout), or a clear error. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string {
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) {
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found under ${root}/<version>/bin: run tools/install-system-packages.sh to install them.`);
  }
  return join(root, newest, 'bin');
}

/** Creates the cluster user if it does not exist yet (two test files may race: the loser finds it there). */
async function ensureClusterUser(): Promise<void> {
  const exists = () => run('id', ['-u', CLUSTER_USER]).then(() => true, () => false);
  if (await exists()) return;
  try {
    await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', CLUSTER_USER]);
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

/** Binds 127.0.0.1:`port` (0: any free port) and releases it again: resolves with the port, rejects while something holds it. */
export function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a cluster in a new temp dir as the current user, or as CLUSTER_USER when that is root.
 * initdb skips its own fsync (the cluster is thrown away); the running server keeps fsync on.
 */
export async function startPostgresCluster(options: { binRoot?: string } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir(options.binRoot);
  const asRoot = userInfo().uid === 0;
  if (asRoot) await ensureClusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-pg-'));
  const dataDir = join(dir, 'data');
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', CLUSTER_USER, '--', join(bin, program), ...args]] : [join(bin, program), args];
  const exec = (program: string, args: string[]) => run(...command(program, args), { cwd: dir });
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', CLUSTER_USER]);
      chownSync(dir, Number(stdout.trim()), -1);
    }
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    writeFileSync(join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    const port = await freePort();
    // One cluster serves every test file of a run (postgres-global-setup.ts), each with its pools: room for many connections.
    const settings = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=on -c max_connections=300`;
    await exec('pg_ctl', ['-D', dataDir, '-l', join(dir, 'postgres.log'), '-w', '-o', settings, 'start']);
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      dir,
      pid,
      url,
      async createDatabase(name) {
        const client = new pg.Client(url());
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      async stop() {
        try {
          // Immediate: the data is thrown away, so the shutdown checkpoint of a fast stop (seconds after many databases) buys nothing.
          await exec('pg_ctl', ['-D', dataDir, '-w', '-m', 'immediate', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      stopNow() {
        try {
          execFileSync(...command('pg_ctl', ['-D', dataDir, '-w', '-m', 'immediate', 'stop']), { cwd: dir, stdio: 'ignore' });
        } catch {
          // already stopped, or beyond help in an exit handler: the directory goes either way
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await exec('pg_ctl', ['-D', dataDir, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
