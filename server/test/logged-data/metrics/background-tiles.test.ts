import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../src/database/database.ts';
import type { TileKeeperOptions } from '../../../src/logged-data/metrics/tile-keeper.ts';
import { addRunBody, metricItem, sdkCall, sdkExperimentKey } from '../../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../../support/harness.ts';

/** Series of experiments that logged 2,000 points since the last look, and series left with 2,000 untiled points, are tiled. */
const KEEPER: TileKeeperOptions = { minPoints: 2_000, pauseMs: 5, startDelayMs: 0 };
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A server on a data dir of its own (kept for a restart), with unlimited logging. */
async function serverOn(dataDir: string, backgroundTiles: TileKeeperOptions): Promise<TestServer> {
  return startTestServer({ backend: 'sqlite', dataDir, backgroundTiles, throttle: { metricsPerMinute: Infinity, valuesPerMetric: Infinity } });
}

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-tiles-'));
  dataDirs.push(dir);
  return dir;
};

/** Starts a run and logs `points` points of `loss` (a point per step) in batches of 1,000, as the SDK's streamer does. */
async function logRun(server: TestServer, points: number): Promise<string> {
  const key = sdkExperimentKey();
  expect((await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, 'tiles', 'admin') })).status).toBe(200);
  for (let from = 0; from < points; from += 1_000) {
    const values = Array.from({ length: Math.min(1_000, points - from) }, (_, index) => metricItem('loss', 1 / (1 + from + index), from + index));
    const reply = await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: { apiKey: TEST_ADMIN_KEY, experimentKey: key, values }, gzip: true, experimentKey: key });
    expect(reply.status).toBe(200);
  }
  return key;
}

/** How many points of the run's `loss` are tiled, read from the database file beside the service (0 before any). */
function tiledPoints(dataDir: string, experimentKey: string): number {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const row = db
      .prepare<[string], { tiled: number }>(
        `SELECT m.tiled_count AS tiled FROM metric_tile_marks m JOIN logged_items i ON i.id = m.item_id JOIN experiments e ON e.id = i.experiment_id
         WHERE e.key = ? AND i.name = 'loss' AND m.pass_upto = 0`,
      )
      .get(experimentKey);
    return row?.tiled ?? 0;
  } finally {
    db.close();
  }
}

/** Waits (up to 15 s) until `count` answers at least `least`, and answers it. */
async function eventually(count: () => number, least: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  while (count() < least && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(count()).toBeGreaterThanOrEqual(least);
  return count();
}

describe('background tiling of large metric series', () => {
  it('tiles the series of a run that logged enough points, with no chart read, and leaves small series to the reads', async () => {
    const dataDir = newDataDir();
    const server = await serverOn(dataDir, KEEPER);
    try {
      const large = await logRun(server, 4_000);
      const small = await logRun(server, 1_500);
      // Tiled as it grew: what is left untiled (the points after the keeper's last look) is less than minPoints.
      const tiled = await eventually(() => tiledPoints(dataDir, large), 4_000 - 2_000 + 1);
      expect(4_000 - tiled).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(tiledPoints(dataDir, small)).toBe(0);
      // What the keeper tiled is what a read would have: the chart read answers every point from the tiles.
      const read = await server.call('getMetricSeries', { query: { experimentKey: large, metricName: 'loss', buckets: 100 } });
      expect(read.status).toBe(200);
      expect(read.body.total).toBe(4_000);
    } finally {
      await server.close();
    }
  });

  it('tiles at start the large series a service left untiled', async () => {
    const dataDir = newDataDir();
    const first = await serverOn(dataDir, { enabled: false });
    let key: string;
    try {
      key = await logRun(first, 4_000);
    } finally {
      await first.close();
    }
    expect(tiledPoints(dataDir, key)).toBe(0);
    const second = await serverOn(dataDir, KEEPER);
    try {
      await eventually(() => tiledPoints(dataDir, key), 4_000);
    } finally {
      await second.close();
    }
  });
});
