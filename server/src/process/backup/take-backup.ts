import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createBlobCollector } from '../../blobs/blob-garbage.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { openBlobStore } from '../../blobs/open-blob-store.ts';
import { openSql, type StorageLocation } from '../../database/open-storage.ts';
import { copyHashing, fileChecksum } from './checksums.ts';
import { backupBlobPath, MANIFEST_FILE, type Manifest } from './manifest.ts';
import { COPY_LANES, inLanes } from './lanes.ts';
import { fileProgress, inMiB } from './progress.ts';
import { snapshotPostgres } from './snapshot-postgres.ts';
import { snapshotSqlite } from './snapshot-sqlite.ts';

/** Makes `folder` (it must be missing or empty: one folder per backup). */
function prepareFolder(folder: string): void {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: give each backup its own new folder (e.g. named by date).`);
  mkdirSync(join(folder, 'blobs'), { recursive: true, mode: 0o700 });
}

/**
 * Of blobs that could not be read, those the service has deleted since the snapshot (no live row references them any
 * more: their rows were deleted or replaced after it) are dropped; one still referenced means the store lost it: fails.
 */
async function droppedSinceSnapshot(location: StorageLocation, store: BlobStore, unreadable: Map<string, Error>): Promise<string[]> {
  if (unreadable.size === 0) return [];
  const sql = await openSql(location);
  try {
    const collector = createBlobCollector(sql, store);
    for (const [blob, error] of unreadable) {
      if (await collector.isReferenced(blob)) throw new Error(`Blob ${blob}, which rows of the service reference, cannot be read (${error.message}): the blob store has lost it or cannot be reached. Check the blob store (${location.dataDir}/blobs, or --blob-store), then back up again.`);
    }
    return [...unreadable.keys()];
  } finally {
    await sql.close();
  }
}

/** The backup's steps, into the prepared folder `to`. */
async function writeBackup(location: StorageLocation, store: BlobStore, to: string, say: (line: string) => void): Promise<Manifest> {
  const snapshotAt = new Date().toISOString();
  const kind = location.databaseUrl === undefined ? 'sqlite' : 'postgres';
  const file = kind === 'sqlite' ? 'trackdesk.sqlite' : 'database.pgdump';
  const started = performance.now();
  const referenced =
    location.databaseUrl === undefined ? await snapshotSqlite(location.dataDir, join(to, file), say) : await snapshotPostgres(location.databaseUrl, join(to, file), say);
  const database = { kind, file, ...(await fileChecksum(join(to, file))) } as const;
  say(`Database: ${inMiB(database.size)} MiB written and checksummed in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const progress = fileProgress('Blobs', { files: referenced.length }, say);
  const blobs: Manifest['blobs'] = [];
  const unreadable = new Map<string, Error>();
  await inLanes(referenced, COPY_LANES, async (blob) => {
    const path = backupBlobPath(to, blob);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      const copied = await copyHashing(store.read(blob), createWriteStream(path, { mode: 0o600, flush: true }));
      blobs.push({ blob, ...copied });
      progress.add(copied.size);
    } catch (error) {
      rmSync(path, { force: true });
      unreadable.set(blob, error as Error);
    }
  });
  progress.done();
  const droppedBlobs = await droppedSinceSnapshot(location, store, unreadable);
  blobs.sort((a, b) => (a.blob < b.blob ? -1 : 1));
  const manifest: Manifest = { format: 'trackdesk-backup', version: 1, snapshotAt, database, blobs, droppedBlobs };
  const temp = join(to, `${MANIFEST_FILE}.part`);
  writeFileSync(temp, `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600, flush: true });
  renameSync(temp, join(to, MANIFEST_FILE));
  return manifest;
}

/**
 * Backs up a running service into the empty folder `to`: a snapshot of its database first (SQLite online backup, or
 * pg_dump), then every blob the snapshot's rows reference, read through the blob store, each with size and SHA-256,
 * and last the manifest. Blobs are copied after the snapshot, so every blob its rows reference exists then, unless
 * the service deleted it meanwhile with its rows: such blobs are listed as dropped, and a restore deletes their rows.
 */
export async function takeBackup(location: StorageLocation, blobStore: string | undefined, to: string, say: (line: string) => void): Promise<Manifest> {
  prepareFolder(to);
  try {
    return await writeBackup(location, openBlobStore(location.dataDir, blobStore), to, say);
  } catch (error) {
    // The folder was new or empty: what is in it now is this failed backup's, and no use to anybody.
    for (const name of readdirSync(to)) rmSync(join(to, name), { recursive: true, force: true });
    throw error;
  }
}
