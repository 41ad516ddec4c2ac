import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { noteStreamedBytes } from './young-garbage.ts';

/** Thrown when a blob being written exceeds its size limit (the handler answers 413). */
export class BlobTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`the upload exceeds the size limit of ${limit} bytes`);
    this.name = 'BlobTooLargeError';
    this.limit = limit;
  }
}

/** Thrown when the blob store cannot be reached or refuses a call (the handler answers 503); the message says what to do. */
export class BlobStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BlobStoreUnavailableError';
  }
}

/** A blob just written: its opaque name and size in bytes. */
export interface WrittenBlob {
  blob: string;
  size: number;
}

/**
 * Says whether temporary files are dead: those of instance `owner` (its folder in `tmp/`), or, for `owner` undefined, a
 * loose file in `tmp/` (written by a version before per-instance folders); `untouchedMs` is how long ago the newest of
 * them was last modified.
 */
export type TempOwnerDead = (owner: string | undefined, untouchedMs: number) => boolean;

/** Byte storage for assets, patches and panels under random names: a directory, or an S3-compatible object store. */
export interface BlobStore {
  /** The instance writing through this store: its uploads' temp files go to `tmp/<owner>/`. */
  readonly owner: string;
  /** Streams `source` into a new blob (temp file, fsync, rename); on any failure nothing is left behind. */
  write(source: Readable, limit: number): Promise<WrittenBlob>;
  /** Like `write`, under a given name (a restore puts blobs back under the names their rows hold); refuses a name already stored. */
  writeAs(blob: string, source: Readable, limit: number): Promise<WrittenBlob>;
  /** A read stream over a blob, optionally a byte range (inclusive end); it opens the blob when first read. */
  read(blob: string, range?: { start: number; end: number }): Readable;
  /** The size of a stored blob in bytes. */
  size(blob: string): Promise<number>;
  /** Removes one blob; a missing one is fine. */
  remove(blob: string): Promise<void>;
  /** Removes the temp folders (and loose temp files) that `isDead` calls dead; returns how many folders and files. */
  sweepTemp(isDead: TempOwnerDead): Promise<number>;
  /**
   * Removes blobs for which `isReferenced` is false (run at start), once untouched for an hour: a younger one may be
   * another instance's blob whose row is being written.
   */
  sweepOrphans(isReferenced: (blob: string) => boolean | Promise<boolean>): Promise<number>;
}

/**
 * How long an unreferenced blob must have been left untouched before a sweep removes it. Instances sharing the blob
 * directory sweep at their start while others run, and a blob is renamed into place just before its row is
 * committed, so a younger one may be alive.
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** A blob's name: a random UUID. */
export const BLOB_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * How much the temp-file writer buffers before it writes: socket chunks (~64 KiB) are gathered into
 * one `writev` of up to this size instead of one write per chunk and a pause after each.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Streams `source` into a new file at `path`, fsyncs it (`flush`) and closes it; resolves with the
 * number of bytes. The size is counted as the bytes go by (no extra stream stage): once more than
 * `limit` have arrived the source is destroyed with BlobTooLargeError, which fails the pipeline.
 */
async function writeFile(source: Readable, path: string, limit: number): Promise<number> {
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    noteStreamedBytes(chunk.length);
    if (bytes > limit) source.destroy(new BlobTooLargeError(limit));
  };
  source.on('data', count);
  try {
    await pipeline(source, createWriteStream(path, { mode: 0o600, flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES, flush: true }));
  } finally {
    source.off('data', count);
  }
  return bytes;
}

/**
 * Makes a rename into `directory` durable (fsync of the directory), so that a row committed after it never names a
 * blob lost with the machine's power. Windows cannot open a directory for this; NTFS journals the rename itself.
 */
async function syncDirectory(directory: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** When the file or folder at `path` was last modified (ms since the epoch), or with a folder, the newest of it and its files; undefined when gone. */
async function lastModified(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    if (!info.isDirectory()) return info.mtimeMs;
    let newest = info.mtimeMs;
    for (const name of await readdir(path)) newest = Math.max(newest, (await lastModified(join(path, name))) ?? 0);
    return newest;
  } catch {
    return undefined;
  }
}

/** Whether the file at `path` was last modified before `before` (ms since the epoch); false when it is gone. */
async function untouchedSince(path: string, before: number): Promise<boolean> {
  try {
    return (await stat(path)).mtimeMs < before;
  } catch {
    return false;
  }
}

/**
 * Creates the blob store in `<dataDir>/blobs` (created if needed) for instance `owner`. Several instances may share the
 * directory (a network file system): a blob appears under its name only complete (written to `tmp/<owner>/`, fsynced,
 * renamed), names are random UUIDs, so two writers never share one, and sweeps leave live instances' files alone.
 */
export function createBlobStore(dataDir: string, owner: string = randomUUID()): BlobStore {
  const root = join(dataDir, 'blobs');
  const tmp = join(root, 'tmp');
  const ownTmp = join(tmp, owner);
  mkdirSync(tmp, { recursive: true, mode: 0o700 });

  const pathOf = (blob: string): string => {
    if (!BLOB_NAME.test(blob)) throw new Error(`not a blob name: ${blob}`);
    return join(root, blob.slice(0, 2), blob);
  };

  /** Streams `source` into blob `blob` (temp file, fsync, rename): names are random UUIDs, or, in a restore, the stored ones. */
  async function writeNamed(blob: string, source: Readable, limit: number): Promise<WrittenBlob> {
    const temp = join(ownTmp, `${blob}.part`);
    try {
      // Made on each write (one cheap call): a peer that took this instance for dead may have removed it.
      await mkdir(ownTmp, { recursive: true, mode: 0o700 });
      const size = await writeFile(source, temp, limit);
      const shard = join(root, blob.slice(0, 2));
      mkdirSync(shard, { recursive: true, mode: 0o700 });
      await rename(temp, pathOf(blob));
      await syncDirectory(shard);
      return { blob, size };
    } catch (error) {
      source.resume();
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    owner,
    write: (source, limit) => writeNamed(randomUUID(), source, limit),
    writeAs(blob, source, limit) {
      if (existsSync(pathOf(blob))) return Promise.reject(new Error(`blob ${blob} is already stored`));
      return writeNamed(blob, source, limit);
    },
    read(blob, range) {
      const stream = createReadStream(pathOf(blob), range);
      // Paused first, so that this listener does not start the flow: the stream flows once it is piped.
      stream.pause().on('data', (chunk) => noteStreamedBytes(chunk.length));
      return stream;
    },
    size: async (blob) => (await stat(pathOf(blob))).size,
    remove: (blob) => rm(pathOf(blob), { force: true }),
    async sweepTemp(isDead) {
      let removed = 0;
      for (const entry of await readdir(tmp, { withFileTypes: true })) {
        const path = join(tmp, entry.name);
        const modified = await lastModified(path);
        if (modified === undefined || !isDead(entry.isDirectory() ? entry.name : undefined, Date.now() - modified)) continue;
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
      return removed;
    },
    async sweepOrphans(isReferenced) {
      const before = Date.now() - ORPHAN_AGE_MS;
      let removed = 0;
      const removeIfOld = async (path: string) => {
        if (!(await untouchedSince(path, before))) return;
        await rm(path, { force: true });
        removed += 1;
      };
      for (const shard of readdirSync(root)) {
        if (shard === 'tmp') continue;
        for (const name of readdirSync(join(root, shard))) {
          if (BLOB_NAME.test(name) && (await isReferenced(name))) continue;
          await removeIfOld(join(root, shard, name));
        }
      }
      return removed;
    },
  };
}
