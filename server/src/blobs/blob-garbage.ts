import type { BlobStore } from './blob-store.ts';
import type { Sql } from '../database/sql.ts';

/** Frees the bytes of deleted rows: the triggers of migrations 003/006 queue blobs in `blob_garbage`. */
export interface BlobCollector {
  /** Removes every queued blob file and its queue row; returns how many. */
  collect(): Promise<number>;
  /** True when some row still references the blob (assets, git patches, panels). */
  isReferenced(blob: string): Promise<boolean>;
}

/** Creates the collector over the database and the blob store; `onRemoved` hears of each blob removed (its cached derivatives go too). */
export function createBlobCollector(db: Sql, blobs: BlobStore, onRemoved: (blob: string) => Promise<void> = async () => undefined): BlobCollector {
  const queued = db.prepare<[], { blob: string }>('SELECT blob FROM blob_garbage LIMIT 1000');
  const dequeue = db.prepare('DELETE FROM blob_garbage WHERE blob = ?');
  const referenced = db.prepare<[string, string, string], { one: number }>(
    `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM assets WHERE blob = ?)
       OR EXISTS (SELECT 1 FROM git_patches WHERE blob = ?) OR EXISTS (SELECT 1 FROM panels WHERE blob = ?)`,
  );
  let running: Promise<number> | undefined;

  const collectAll = async (): Promise<number> => {
    let removed = 0;
    for (let batch = await queued.all(); batch.length > 0; batch = await queued.all()) {
      for (const { blob } of batch) {
        await blobs.remove(blob);
        await onRemoved(blob);
        await dequeue.run(blob);
        removed += 1;
      }
    }
    return removed;
  };

  return {
    collect() {
      running ??= collectAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    isReferenced: async (blob) => await referenced.get(blob, blob, blob) !== undefined,
  };
}
