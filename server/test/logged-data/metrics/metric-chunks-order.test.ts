import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExperimentStore } from '../../../src/experiments/experiment-store.ts';
import { createLiveDataStore } from '../../../src/live/live-data-store.ts';
import type { MetricInput } from '../../../src/logged-data/append.ts';
import { createLoggedValueStore } from '../../../src/logged-data/values.ts';
import { createMetricTileStore } from '../../../src/logged-data/metrics/tile-store.ts';
import { arrivals, inSeriesOrder, openBackendFixture, stored, type BackendFixture, type ExpectedPoint } from './metric-chunks-fixtures.ts';
import { testBackends } from '../../support/test-database.ts';

/**
 * Points whose appends overlap and go back in steps: a step that cycles through the range, a timestamp that repeats
 * (ties on step and timestamp, kept in arrival order), stepless points, epochs, contexts and non-numeric values now and then.
 */
const scrambled = (count: number, stepRange: number): MetricInput[] =>
  Array.from({ length: count }, (_, k) => ({
    name: k % 3 === 0 ? 'acc' : 'loss',
    value: k % 13 === 0 ? 'nan-ish' : (k % 89) / 8,
    step: k % 11 === 0 ? null : (k * 7919) % stepRange,
    timestamp: 1_000 + ((k * 31) % 50),
    epoch: k % 5 === 0 ? Math.floor(k / 100) : null,
    context: k % 7 === 0 ? 'train' : null,
  }));

/** Appends `points` in batches of `size`, in arrival order. */
async function appendInBatches(fixture: BackendFixture, experimentId: number, points: readonly MetricInput[], size: number) {
  const values = createLoggedValueStore(fixture.db);
  for (let offset = 0; offset < points.length; offset += size) {
    expect(await values.appendMetrics(experimentId, points.slice(offset, offset + size), Infinity)).toEqual({ refusedSeries: null });
  }
}

const raw = ({ step, timestamp, value }: ExpectedPoint) => ({ step: step ?? -1, timestamp, value });

describe.each(testBackends())('packed metric points on %s', (backend) => {
  let fixture: BackendFixture;
  beforeEach(async () => {
    fixture = await openBackendFixture(backend);
  });
  afterEach(() => fixture.close());

  it('reads chunks that arrived out of order in series order: series, all series, live reads and range reads', async () => {
    const experimentId = await fixture.newExperiment();
    const points = scrambled(3_000, 500);
    await appendInBatches(fixture, experimentId, points, 250);
    const values = createLoggedValueStore(fixture.db);
    const loss = inSeriesOrder(arrivals(points, 'loss'));
    const acc = inSeriesOrder(arrivals(points, 'acc'));
    expect(await values.series(experimentId, 'loss')).toEqual(loss.map(stored));
    expect(await values.allSeries(experimentId)).toEqual([...acc.map((p) => ({ name: 'acc', ...stored(p) })), ...loss.map((p) => ({ name: 'loss', ...stored(p) }))]);

    const live = createLiveDataStore(fixture.db);
    const item = (await live.metricItems(experimentId)).find((metric) => metric.name === 'loss');
    expect(item?.count).toBe(2_000);
    const itemId = item?.id ?? 0;
    expect(await live.pointsAfter(itemId, 1_234)).toEqual(arrivals(points, 'loss').slice(1_234));
    expect(await live.pointsAfter(itemId, 2_000)).toEqual([]);
    expect(await live.maxStep(itemId)).toBe(Math.max(...loss.map((p) => p.step ?? -1)));

    const tiles = createMetricTileStore(fixture.db);
    const inSteps = (lo: number, hi: number) => loss.filter((p) => (p.step ?? -1) >= lo && (p.step ?? -1) <= hi);
    expect(await tiles.rawBySteps(itemId, 100, 300, 50)).toEqual(inSteps(100, 300).slice(0, 50).map(raw));
    expect(await tiles.rawBySteps(itemId, 0, 499, Number.MAX_SAFE_INTEGER)).toEqual(inSteps(0, 499).map(raw));
    const inTime = inSteps(-1, 250).filter((p) => p.timestamp >= 1_010 && p.timestamp <= 1_020);
    expect(await tiles.rawByTime(itemId, -1, 250, 1_010, 1_020, 40)).toEqual(inTime.slice(0, 40).map(raw));
  });

  it('packs what one group commit writes for a series into one chunk, without the points of a nested write that failed', async () => {
    const experimentId = await fixture.newExperiment();
    const values = createLoggedValueStore(fixture.db);
    const batch = (from: number, count: number): MetricInput[] =>
      Array.from({ length: count }, (_, index) => ({ name: 'loss', value: from + index, step: from + index, timestamp: 5_000 + from + index, epoch: null, context: null }));
    await fixture.db.transaction(() =>
      values.deferringWrites(async () => {
        await values.appendMetrics(experimentId, batch(0, 100), Infinity);
        const failing = fixture.db.transaction(() =>
          values.deferringWrites(async () => {
            await values.appendMetrics(experimentId, batch(100, 50), Infinity);
            throw new Error('refused after its append');
          }),
        );
        await expect(failing).rejects.toThrow('refused after its append');
        await values.appendMetrics(experimentId, batch(100, 100), Infinity);
      }),
    );
    const chunks = await fixture.db.prepare<[], unknown[]>('SELECT first_seq, last_seq, point_count FROM metric_point_chunks').raw().all();
    expect(chunks).toEqual([[1, 200, 200]]);
    expect(await values.series(experimentId, 'loss')).toEqual(
      batch(0, 200).map(({ value, timestamp, step }) => ({ value: String(value), timestamp, step, epoch: null, context: null })),
    );
  });

  it('answers a lone surrogate as U+FFFD, as a text column stored it, in the series and in its summary alike', async () => {
    const experimentId = await fixture.newExperiment();
    const values = createLoggedValueStore(fixture.db);
    const point = (value: string, context: string | null, step: number): MetricInput => ({ name: 'notes', value, step, timestamp: 1, epoch: null, context });
    await values.appendMetrics(experimentId, [point('a\ud800b', 'c\udc00', 0), point('\ud83d\ude00', null, 1), point('\\ud800 as text', null, 2)], Infinity);
    const series = await values.series(experimentId, 'notes');
    expect(series.map((p) => [p.value, p.context])).toEqual([
      ['a\ufffdb', 'c\ufffd'],
      ['\ud83d\ude00', null],
      ['\\ud800 as text', null],
    ]);
    await values.appendMetrics(experimentId, [{ ...point('x\udbff', 'y\ud800', 0), name: 'lone' }], Infinity);
    const [lone] = await values.series(experimentId, 'lone');
    const summary = (await values.summaries(experimentId, 'metric')).find((item) => item.name === 'lone')?.summary.current;
    expect([lone?.value, lone?.context]).toEqual(['x\ufffd', 'y\ufffd']);
    expect([summary?.value, summary?.context]).toEqual(['x\ufffd', 'y\ufffd']);
  });

  it('removes a series\' chunks with its experiment (a foreign key on SQLite, a delete trigger on PostgreSQL), and only its chunks', async () => {
    const purged = await fixture.newExperiment();
    const kept = await fixture.newExperiment();
    const points = scrambled(600, 100);
    await appendInBatches(fixture, purged, points, 100);
    await appendInBatches(fixture, kept, points, 300);
    const chunks = fixture.db.prepare<[], number>('SELECT count(*) FROM metric_point_chunks').pluck();
    expect(await chunks.get()).toBe(2 * 6 + 2 * 2);
    await createExperimentStore(fixture.db).purge(purged);
    expect(await chunks.get()).toBe(2 * 2);
    expect(await createLoggedValueStore(fixture.db).series(kept, 'loss')).toEqual(inSeriesOrder(arrivals(points, 'loss')).map(stored));
  });

  it('tiles points that arrived in overlapping chunks as it tiles the same points stored at once, over several tiling transactions', async () => {
    const points = scrambled(45_000, 30_000).map((point) => ({ ...point, name: 'loss' }));
    const scattered = await fixture.newExperiment();
    const whole = await fixture.newExperiment();
    await appendInBatches(fixture, scattered, points, 500);
    await appendInBatches(fixture, whole, points, points.length);
    const tiles = createMetricTileStore(fixture.db);
    const tileRows = async (experimentId: number) => {
      const ref = await tiles.item(experimentId, 'loss');
      if (!ref) throw new Error('no series');
      const levels = await tiles.catchUp(ref);
      const rows = await fixture.db
        .prepare<[number], unknown[]>('SELECT axis, level, tile, count, skipped, min, max, first_x, first_y, last_x, last_y, min_step, max_step FROM metric_tiles WHERE item_id = ? ORDER BY axis, level, tile')
        .raw()
        .all(ref.id);
      return { levels, rows };
    };
    const expected = await tileRows(whole);
    expect(expected.rows.length).toBeGreaterThan(100);
    // Every point is tiled once: the top level of the time axis holds them all (numeric or skipped).
    const top = expected.rows.filter((row) => row[0] === 1 && row[1] === 8);
    expect(top.reduce((sum, row) => sum + Number(row[3]) + Number(row[4]), 0)).toBe(points.length);
    expect(await tileRows(scattered)).toEqual(expected);
  });

  it('tiles up to its own count when it finishes a pass another caller started with an older one (the tile keeper, another instance)', async () => {
    const points = scrambled(45_000, 30_000).map((point) => ({ ...point, name: 'loss' }));
    const experiments = [await fixture.newExperiment(), await fixture.newExperiment()];
    for (const experimentId of experiments) await appendInBatches(fixture, experimentId, points, 5_000);
    const tiles = createMetricTileStore(fixture.db);
    const rowsOf = async (experimentId: number) => {
      const ref = await tiles.item(experimentId, 'loss');
      if (!ref) throw new Error('no series');
      return fixture.db.prepare<[number], unknown[]>('SELECT axis, level, tile, count, min, max, first_x, last_x FROM metric_tiles WHERE item_id = ? ORDER BY axis, level, tile').raw().all(ref.id);
    };
    const [interrupted, whole] = experiments as [number, number];
    const ref = await tiles.item(interrupted, 'loss');
    if (!ref) throw new Error('no series');
    // A keeper that looked when the series held 30,000 points tiles one 20,000-point step and stops mid-pass.
    expect(await tiles.catchUpStep({ ...ref, count: 30_000 })).toBe(false);
    await tiles.catchUp(ref);
    const wholeRef = await tiles.item(whole, 'loss');
    if (!wholeRef) throw new Error('no series');
    await tiles.catchUp(wholeRef);
    expect(await rowsOf(interrupted)).toEqual(await rowsOf(whole));
    expect(await tiles.catchUpStep(ref)).toBe(true);
  }, 60_000);
});
