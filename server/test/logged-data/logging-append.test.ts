import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RawValue } from '../../src/logged-data/summary.ts';
import type { MetricInput } from '../../src/logged-data/append.ts';
import { createLoggedValueStore, type LoggedValueStore } from '../../src/logged-data/values.ts';
import { openStorageFixture, type StorageFixture } from './logging-fixtures.ts';
import { pointRowsOf } from './metrics/metric-chunk-rows.ts';

/** Every stored point of an experiment (unpacked from its chunks), in key order, with its arrival number. */
const rowsOf = (fixture: StorageFixture, experimentId: number) => pointRowsOf(fixture.db, experimentId);

describe('metric appends of many points', () => {
  let fixture: StorageFixture;
  let store: LoggedValueStore;
  beforeEach(async () => {
    fixture = await openStorageFixture();
    store = createLoggedValueStore(fixture.db);
  });
  afterEach(() => fixture.close());

  it('stores a batch spanning several statements exactly as appending its points one at a time does', async () => {
    const pool: RawValue[] = [0.25, -3, '7', 'abc', true, 1e-9, 'NaN', 0.1 + 0.2, 42];
    const names = ['loss', 'acc', 'sys.ram.used', 'lr'];
    const points: MetricInput[] = Array.from({ length: 1234 }, (_, index) => ({
      name: names[(index * 7) % names.length] as string,
      value: pool[(index * 5) % pool.length] as RawValue,
      step: index % 13 === 0 ? null : Math.floor(index / 3),
      timestamp: 1_700_000_000_000 + (index % 17),
      epoch: index % 11 === 0 ? null : Math.floor(index / 100),
      context: index % 4 === 0 ? 'train' : null,
    }));
    const batched = await fixture.newExperiment();
    const single = await fixture.newExperiment();
    expect(await store.appendMetrics(batched, points.slice(0, 3), Infinity)).toEqual({ refusedSeries: null });
    expect(await store.appendMetrics(batched, points.slice(3), Infinity)).toEqual({ refusedSeries: null });
    for (const point of points) await store.appendMetrics(single, [point], Infinity);
    expect(await rowsOf(fixture, batched)).toHaveLength(points.length);
    expect(await rowsOf(fixture, batched)).toEqual(await rowsOf(fixture, single));
    expect(await store.summaries(batched, 'metric')).toEqual(await store.summaries(single, 'metric'));
  });

  it('names the series whose value limit the batch passes first in arrival order, and stores nothing of it', async () => {
    const experimentId = await fixture.newExperiment();
    const point = (name: string, step: number): MetricInput => ({ name, value: step, step, timestamp: step, epoch: null, context: null });
    expect((await store.appendMetrics(experimentId, [point('a', 0), point('a', 1), point('b', 0)], 3)).refusedSeries).toBeNull();
    // "a" comes first, but "b" passes its limit with the batch's fourth point and "a" only with its fifth.
    const batch = [point('a', 2), point('b', 1), point('b', 2), point('b', 3), point('a', 3)];
    expect((await store.appendMetrics(experimentId, batch, 3)).refusedSeries).toBe('b');
    expect((await store.appendMetrics(experimentId, batch.slice(0, 1).concat(batch.slice(4)), 3)).refusedSeries).toBe('a');
    expect((await store.summaries(experimentId, 'metric')).map(({ name, summary }) => [name, summary.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});
