import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import pg from 'pg';
import { REFERENCED_BLOBS } from './referenced-blobs.ts';

/** The URL with its password replaced by `***`, for messages. */
export const redactedUrl = (url: string): string => url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');

/** The pg_dump command that dumps the database at `url` into `file` (custom format, read by pg_restore). */
export const pgDumpArgs = (url: string, file: string, snapshot?: string): string[] => [
  '--format=custom',
  ...(snapshot === undefined ? [] : [`--snapshot=${snapshot}`]),
  `--file=${file}`,
  `--dbname=${url}`,
];

/** Runs a PostgreSQL client program; rejects with its stderr and `hint` when it fails or is not on PATH. */
export async function runPgTool(program: string, args: string[], hint: string): Promise<void> {
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // An 'error' (e.g. not on PATH) comes instead of 'exit'; events.once would reject on it, hence a promise of our own.
  const outcome = await new Promise<number | Error | null>((resolve) => {
    child.once('error', resolve);
    child.once('exit', resolve);
  });
  if (outcome instanceof Error) {
    const missing = (outcome as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(missing ? `${program} is not on PATH: install PostgreSQL's client programs (Debian: apt-get install postgresql-client, of the server's major version or newer). ${hint}` : `${program} could not start (${outcome.message}). ${hint}`);
  }
  if (outcome !== 0) throw new Error(`${program} failed (exit ${String(outcome)}): ${stderr.trim()}\n${hint}`);
}

/**
 * Dumps the PostgreSQL database at `url` to `target` with pg_dump while the service runs. A repeatable-read
 * transaction exports its snapshot, reads the blobs its rows reference, and stays open while pg_dump dumps that same
 * snapshot (`--snapshot`), so the blob list and the dump are one committed state. The dump file is created 0600
 * first: pg_dump writes into it (it would make it 0644).
 */
export async function snapshotPostgres(url: string, target: string, say: (line: string) => void): Promise<string[]> {
  const client = new pg.Client(url);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to ${redactedUrl(url)} (${(error as Error).message}): check --database and that PostgreSQL runs.`);
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const snapshot = rows[0]?.snapshot ?? '';
    const blobs = (await client.query<{ blob: string }>(REFERENCED_BLOBS)).rows.map((row) => row.blob);
    const command = `pg_dump ${pgDumpArgs(redactedUrl(url), target).join(' ')}`;
    say('Database: pg_dump of one snapshot running…');
    closeSync(openSync(target, 'wx', 0o600));
    await runPgTool('pg_dump', pgDumpArgs(url, target, snapshot), `Nothing was backed up. The database alone can be dumped with: ${command}`);
    await client.query('COMMIT');
    say('Database: pg_dump done.');
    return blobs;
  } finally {
    await client.end();
  }
}
