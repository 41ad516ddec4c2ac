import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { openBlobStore } from '../../blobs/open-blob-store.ts';
import { databaseFile } from '../../database/database.ts';
import { openSql, type StorageLocation } from '../../database/open-storage.ts';
import { fileChecksum, hashing, sameChecksum } from './checksums.ts';
import { backupBlobPath, readManifest, type Checksum, type Manifest } from './manifest.ts';
import { COPY_LANES, inLanes } from './lanes.ts';
import { fileProgress } from './progress.ts';
import { ROWS_OF_BLOB } from './referenced-blobs.ts';
import { redactedUrl, runPgTool } from './snapshot-postgres.ts';

const damaged = (what: string, actual: Checksum, expected: Checksum) =>
  new Error(`${what} in the backup is damaged (${actual.size} bytes, SHA-256 ${actual.sha256}; the manifest says ${expected.size} bytes, ${expected.sha256}): restore from another backup. Nothing was restored.`);

/** Refuses a data dir holding anything, and a PostgreSQL database holding any relation: a restore never overwrites. */
async function checkEmpty(location: StorageLocation): Promise<void> {
  if (existsSync(location.dataDir) && readdirSync(location.dataDir).length > 0) {
    throw new Error(`${location.dataDir} is not empty: a restore only goes into an empty (or new) data dir. Pass another --data-dir, or move this one away first.`);
  }
  if (location.databaseUrl === undefined) return;
  const client = new pg.Client(location.databaseUrl);
  try {
    await client.connect();
    const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'");
    if ((rows[0]?.count ?? 0) > 0) throw new Error(`The database ${redactedUrl(location.databaseUrl)} is not empty: a restore only goes into an empty one. Create a new database (createdb) and pass it to --database.`);
  } catch (error) {
    if ((error as Error).message.includes('is not empty')) throw error;
    throw new Error(`Cannot check ${redactedUrl(location.databaseUrl)} (${(error as Error).message}): create the database first (createdb) and check --database.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Writes every blob of the manifest into the blob store under its own name, each verified by size and SHA-256; records each name in `written`. */
async function restoreBlobs(from: string, manifest: Manifest, store: BlobStore, written: string[], say: (line: string) => void): Promise<void> {
  const progress = fileProgress('Blobs', { files: manifest.blobs.length, bytes: manifest.blobs.reduce((sum, entry) => sum + entry.size, 0) }, say);
  await inLanes(manifest.blobs, COPY_LANES, async (entry) => {
    const path = backupBlobPath(from, entry.blob);
    if (!existsSync(path)) throw new Error(`Blob ${entry.blob} is missing from the backup (${path}): restore from another backup. Nothing was restored.`);
    const hashed = hashing();
    written.push(entry.blob);
    await store.writeAs(entry.blob, Readable.from(hashed.pass(createReadStream(path))), Number.MAX_SAFE_INTEGER);
    const actual = hashed.result();
    if (!sameChecksum(actual, entry)) throw damaged(`Blob ${entry.blob}`, actual, entry);
    progress.add(entry.size);
  });
  progress.done();
}

/** Puts the database back: the SQLite file into the data dir (0600, whatever the backup's mode), or the dump into the empty PostgreSQL database (one transaction). */
async function restoreDatabase(from: string, manifest: Manifest, location: StorageLocation): Promise<void> {
  const file = join(from, manifest.database.file);
  if (manifest.database.kind === 'sqlite') {
    await pipeline(createReadStream(file), createWriteStream(databaseFile(location.dataDir), { flags: 'wx', mode: 0o600, flush: true }));
    return;
  }
  if (location.databaseUrl === undefined) return;
  const command = `pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=${redactedUrl(location.databaseUrl)} ${file}`;
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${location.databaseUrl}`, file], `The database was left unchanged. The command was: ${command}`);
}

/** Deletes the restored rows whose blobs the service deleted between the backup's snapshot and their copy. */
async function dropRowsOfDroppedBlobs(manifest: Manifest, location: StorageLocation): Promise<void> {
  if (manifest.droppedBlobs.length === 0) return;
  const sql = await openSql(location);
  try {
    const statements = ROWS_OF_BLOB.map((text) => sql.prepare<[string]>(text));
    await sql.transaction(async () => {
      for (const blob of manifest.droppedBlobs) for (const statement of statements) await statement.run(blob);
    });
  } finally {
    await sql.close();
  }
}

/**
 * Restores the backup in `from` into an empty place (data dir, and PostgreSQL database when the backup holds one):
 * checks the manifest and the database file's checksum, writes the blobs verifying each, then the database. On a
 * failure it removes what it wrote (the place was empty), so a retry starts clean.
 */
export async function restoreBackup(from: string, location: StorageLocation, blobStore: string | undefined, say: (line: string) => void): Promise<Manifest> {
  const manifest = readManifest(from);
  if (manifest.database.kind === 'sqlite' && location.databaseUrl !== undefined) {
    throw new Error('This backup holds a SQLite database: restore it without --database (and without TRACKDESK_DATABASE_URL); then "migrate" moves it into PostgreSQL.');
  }
  if (manifest.database.kind === 'postgres' && location.databaseUrl === undefined) {
    throw new Error('This backup holds a PostgreSQL dump: pass --database postgres://… naming an empty database to restore it into.');
  }
  await checkEmpty(location);
  const databaseChecksum = await fileChecksum(join(from, manifest.database.file)).catch(() => undefined);
  if (databaseChecksum === undefined) throw new Error(`The backup's database file ${join(from, manifest.database.file)} is missing: restore from another backup.`);
  if (!sameChecksum(databaseChecksum, manifest.database)) throw damaged(`The database file ${manifest.database.file}`, databaseChecksum, manifest.database);
  mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
  const store = openBlobStore(location.dataDir, blobStore);
  const written: string[] = [];
  try {
    await restoreBlobs(from, manifest, store, written, say);
    await restoreDatabase(from, manifest, location);
    say(`Database: restored (${manifest.database.kind}).`);
  } catch (error) {
    // An object store outlives the data dir: take back the blobs this restore wrote there.
    if (blobStore) await Promise.all(written.map((blob) => store.remove(blob).catch(() => undefined)));
    for (const name of readdirSync(location.dataDir)) rmSync(join(location.dataDir, name), { recursive: true, force: true });
    throw error;
  }
  await dropRowsOfDroppedBlobs(manifest, location);
  return manifest;
}
