import { performance } from 'node:perf_hooks';
import type { MetricItemRef, MetricTileStore } from './tile-store.ts';

/** How the keeper paces itself (tests shorten the waits). */
export interface TileKeeperOptions {
  /** False: no background tiling at all (reads tile what they need), as `--no-background-tiles` asks. */
  enabled?: boolean;
  /** Untiled points a series must hold before the keeper tiles it (fewer take a read a few ms to tile). */
  minPoints?: number;
  /** The pause between two transactions of tiling, and how often a busy service is looked at again (ms). */
  pauseMs?: number;
  /** Share of a pause the event loop may have been busy with other work for the keeper to go on. */
  maxBusy?: number;
  /** How long after the start the look for series left untiled begins (the app's first reads come first) (ms). */
  startDelayMs?: number;
}

/**
 * Tiles large metric series in the service's quiet moments, so that the first chart read of a run that logged
 * 1,000,000 points finds its tiles ready instead of tiling them (some 2 s). It tiles the series left untiled when the
 * service started, and those of each experiment that logged `minPoints` metric points since its last look. Each step
 * is one transaction of at most 20,000 points; between steps it pauses, and it waits while the event loop was busy
 * with other work during the pause, so ingest and requests keep their speed.
 */
export interface TileKeeper {
  /** Notes that an experiment logged `points` metric points. */
  logged(experimentId: number, points: number): void;
  /** Starts looking for the series left untiled (once; the service calls it when it starts listening). */
  start(): void;
  /** Stops; what is left untiled is tiled by the reads. */
  close(): Promise<void>;
}

/** Ids of logged items looked at per query of the start-up scan. */
const SCAN_SPAN = 5_000;
/** Experiments whose small counts of points are kept at most (past it they are forgotten: their reads tile them). */
const MAX_COUNTED = 10_000;

/** Creates the keeper over the tile store. */
export function createTileKeeper(tiles: MetricTileStore, options: TileKeeperOptions = {}): TileKeeper {
  const { enabled = true, minPoints = 20_000, pauseMs = 20, maxBusy = 0.5, startDelayMs = 10_000 } = options;
  /** Points logged per experiment since its series were last looked at, while fewer than minPoints. */
  const grown = new Map<number, number>();
  /** Experiments that logged minPoints or more since their series were last looked at. */
  const due = new Set<number>();
  const queue: MetricItemRef[] = [];
  let scanFrom: number | undefined;
  let scanEnd = 0;
  let running: Promise<void> | undefined;
  let closed = false;

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

  /** Fills the queue from the start-up scan or from an experiment that is due; false when there is nothing to do. */
  const refill = async (): Promise<boolean> => {
    if (scanFrom !== undefined) {
      const from = scanFrom;
      scanFrom = from + SCAN_SPAN < scanEnd ? from + SCAN_SPAN : undefined;
      queue.push(...(await tiles.laggingInRange(from, SCAN_SPAN, minPoints)));
      return true;
    }
    for (const experimentId of due) {
      due.delete(experimentId);
      queue.push(...(await tiles.lagging(experimentId, minPoints)));
      return true;
    }
    return false;
  };

  const work = async () => {
    let busyAt = performance.eventLoopUtilization();
    while (!closed) {
      await pause(pauseMs);
      const busy = performance.eventLoopUtilization(busyAt);
      busyAt = performance.eventLoopUtilization();
      if (closed || busy.utilization > maxBusy) continue;
      const next = queue[0];
      if (next === undefined) {
        if ((await refill()) || due.size > 0) continue;
        // Stopped in the same turn as the last look: an experiment that becomes due after it starts a new loop.
        running = undefined;
        return;
      }
      if (await tiles.catchUpStep(next)) queue.shift();
      busyAt = performance.eventLoopUtilization();
    }
  };

  const run = () => {
    if (running || closed) return;
    const current: Promise<void> = work()
      .catch((error: unknown) => console.error('background tiling stopped:', error))
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
  };

  return {
    logged(experimentId, points) {
      if (!enabled) return;
      const total = (grown.get(experimentId) ?? 0) + points;
      if (total < minPoints) {
        if (grown.size >= MAX_COUNTED && !grown.has(experimentId)) grown.clear();
        grown.set(experimentId, total);
        return;
      }
      grown.delete(experimentId);
      due.add(experimentId);
      run();
    },
    start() {
      if (!enabled) return;
      const scan = () => {
        if (closed) return;
        tiles.lastItemId().then(
          (last) => {
            scanEnd = last;
            if (last > 0) scanFrom = 0;
            run();
          },
          (error: unknown) => console.error('background tiling could not start:', error),
        );
      };
      setTimeout(scan, startDelayMs).unref();
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
