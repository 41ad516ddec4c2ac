import { performance } from 'node:perf_hooks';
import type { MetricItemRef, MetricTileStore } from './storage/metric-tiles.ts';

/** How the keeper paces itself (tests shorten the waits). */
export interface TileKeeperOptions {
  /** False: no background tiling at all (reads tile what they need), as `--no-background-tiles` asks. */
  enabled?: boolean;
  /** Untiled points a series must hold before the keeper tiles it (fewer take a read a few ms to tile). */
  minPoints?: number;
  /** How long an experiment must have logged no metric before its series are tiled (ms). */
  quietMs?: number;
  /** The pause between two transactions of tiling, and how often a busy service is looked at again (ms). */
  pauseMs?: number;
  /** Share of a pause the event loop may have been busy with other work for the keeper to go on. */
  maxBusy?: number;
  /** How long after the start the look for series left untiled begins (the app's first reads come first) (ms). */
  startDelayMs?: number;
}

/**
 * Tiles large metric series in the service's quiet moments, so that the first chart read of a run that logged
 * 1,000,000 points finds its tiles ready instead of tiling them (some 2 s). It tiles the series that were left
 * untiled when the service started, and those of experiments that stopped logging metrics for a while (a series that
 * keeps growing is tiled by the chart reads that follow it). Each step is one transaction of at most 20,000 points;
 * between steps it pauses, and it waits while the event loop was busy with other work during the pause, so ingest
 * and requests keep their speed.
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

/** Creates the keeper over the tile store. */
export function createTileKeeper(tiles: MetricTileStore, options: TileKeeperOptions = {}): TileKeeper {
  const { enabled = true, minPoints = 20_000, quietMs = 10_000, pauseMs = 20, maxBusy = 0.5, startDelayMs = 10_000 } = options;
  /** Points logged per experiment since its series were last looked at, and when it last logged. */
  const logging = new Map<number, { points: number; lastAt: number }>();
  const queue: MetricItemRef[] = [];
  let scanFrom: number | undefined;
  let scanEnd = 0;
  let running: Promise<void> | undefined;
  let closed = false;

  /** The pause under way: close() ends it at once. */
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** How long until the first experiment that logged goes quiet (ms). */
  const untilQuiet = (): number => {
    let first = Number.POSITIVE_INFINITY;
    for (const { lastAt } of logging.values()) first = Math.min(first, lastAt + quietMs - performance.now());
    return Math.max(pauseMs, first);
  };

  /** Fills the queue from the start-up scan or from the experiments that went quiet; false when there is nothing to do. */
  const refill = async (): Promise<boolean> => {
    if (scanFrom !== undefined) {
      const from = scanFrom;
      scanFrom = from + SCAN_SPAN < scanEnd ? from + SCAN_SPAN : undefined;
      queue.push(...(await tiles.laggingInRange(from, SCAN_SPAN, minPoints)));
      return true;
    }
    const now = performance.now();
    for (const [experimentId, { points, lastAt }] of logging) {
      if (now - lastAt < quietMs) continue;
      logging.delete(experimentId);
      if (points >= minPoints) queue.push(...(await tiles.lagging(experimentId, minPoints)));
      return true;
    }
    return false;
  };

  const work = async () => {
    let busyAt = performance.eventLoopUtilization();
    let wait = pauseMs;
    while (!closed) {
      await pause(wait);
      wait = pauseMs;
      const busy = performance.eventLoopUtilization(busyAt);
      busyAt = performance.eventLoopUtilization();
      if (closed || busy.utilization > maxBusy) continue;
      const next = queue[0];
      if (next === undefined) {
        if (await refill()) continue;
        if (logging.size === 0) return;
        wait = untilQuiet();
        continue;
      }
      if (await tiles.catchUpStep(next)) queue.shift();
      busyAt = performance.eventLoopUtilization();
    }
  };

  const run = () => {
    if (running || closed) return;
    running = work()
      .catch((error: unknown) => console.error('background tiling stopped:', error))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    logged(experimentId, points) {
      if (!enabled) return;
      const seen = logging.get(experimentId);
      logging.set(experimentId, { points: (seen?.points ?? 0) + points, lastAt: performance.now() });
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
      wake?.();
      await running;
    },
  };
}
