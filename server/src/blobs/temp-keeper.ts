import type { Sql } from '../database/sql.ts';
import type { BlobStore } from './blob-store.ts';
import { createInstances } from './instances.ts';

/** Default time an instance may stay silent before its peers take it for dead and remove its unfinished uploads. */
export const DEFAULT_INSTANCE_TIMEOUT_MS = 60_000;

/** How many heartbeats (each followed by a sweep) an instance sends per timeout: a peer misses several before it is dead. */
const BEATS_PER_TIMEOUT = 6;

/** Keeps the blob directory's temp area clean of dead writers' files while the instance runs. */
export interface TempKeeper {
  /** Says this instance is alive and sweeps at once (dead peers' temp files, a restart's own), then every beat. */
  start(): Promise<void>;
  /** One heartbeat and sweep; resolves with the number of temp folders and files removed. */
  sweep(): Promise<number>;
  /** Stops the beats, removes this instance's temp folder and its row (after the last request finished). */
  close(): Promise<void>;
}

/**
 * Creates the keeper of `blobs`' temp area. Each instance writes its uploads' temp files under `tmp/<its id>/` and keeps
 * a row alive in the shared database every `timeoutMs / 6`, sweeping each time: the folder of an instance that is dead
 * (silent for its own timeout, or a gone process of this machine: a restart removes its predecessor's at once), of one with
 * no row untouched for `timeoutMs` (a row lost with a dead peer), and loose files of older versions untouched as long.
 */
export function createTempKeeper(sql: Sql, blobs: BlobStore, timeoutMs = DEFAULT_INSTANCE_TIMEOUT_MS): TempKeeper {
  const instances = createInstances(sql, blobs.owner, timeoutMs);
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const sweepOnce = async (): Promise<number> => {
    await instances.beat();
    // A folder whose owner the census does not know is spared while young: its instance may have started since.
    const census = await instances.census();
    const dead = new Set(census.dead.map((row) => row.id));
    const removed = await blobs.sweepTemp((owner, untouchedMs) => {
      if (owner === blobs.owner) return false;
      if (owner === undefined || !census.known.has(owner)) return untouchedMs > timeoutMs;
      return dead.has(owner);
    });
    for (const row of census.dead) await instances.forget(row);
    return removed;
  };
  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    async start() {
      started = true;
      await sweep();
      timer = setInterval(() => {
        sweep().catch((error: unknown) => console.error('The sweep of dead uploads failed; it is retried at the next heartbeat (check the database connection if this repeats):', error));
      }, timeoutMs / BEATS_PER_TIMEOUT);
      timer.unref();
    },
    sweep,
    async close() {
      if (!started) return;
      started = false;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await blobs.sweepTemp((owner) => owner === blobs.owner);
      await instances.leave();
    },
  };
}
