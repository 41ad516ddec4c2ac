import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/database/sql.ts';
import type { MetricInput } from '../../src/logged-data/append.ts';
import { createGroupCommit } from '../../src/logged-data/batch.ts';
import { createLoggedTagStore } from '../../src/logged-data/tags.ts';
import { createLoggedValueStore, type LoggedValueStore } from '../../src/logged-data/values.ts';
import { openStorageFixture, type StorageFixture } from './logging-fixtures.ts';

const point = (value: number, step: number): MetricInput => ({ name: 'loss', value, timestamp: 1_000 + step, step, epoch: null, context: 'train' });

describe('metric appends run synchronously in their group commit on SQLite', () => {
  let fixture: StorageFixture;
  let values: LoggedValueStore;
  /** Transactions the group commit started (not savepoints), by kind. */
  let started: { now: number; async: number };
  let counting: Sql;
  beforeEach(async () => {
    fixture = await openStorageFixture();
    values = createLoggedValueStore(fixture.db);
    started = { now: 0, async: 0 };
    const { transactionNow } = fixture.db;
    if (!transactionNow) throw new Error('SQLite answers transactionNow');
    counting = {
      ...fixture.db,
      transaction: (work, scope) => ((started.async += fixture.db.inTransaction() ? 0 : 1), fixture.db.transaction(work, scope)),
      transactionNow: (work) => ((started.now += 1), transactionNow(work)),
    };
  });
  afterEach(() => fixture.close());

  const groupCommit = () => createGroupCommit(counting, { around: values.deferringWrites, aroundNow: values.deferringWritesNow });
  const appendNow = (experimentId: number, points: MetricInput[], max = 100) => {
    const now = values.appendMetricsNow;
    if (!now) throw new Error('SQLite answers appendMetricsNow');
    return { atomic: true, now: () => now(experimentId, points, max) };
  };
  const append = (experimentId: number, points: MetricInput[], max = 100) => () => values.appendMetrics(experimentId, points, max);
  const chunkRows = () => fixture.raw.prepare('SELECT count(*) FROM metric_point_chunks').pluck().get();

  it('writes the appends of one turn in one synchronous transaction: one chunk per series, summaries folded in order', async () => {
    const batch = groupCommit();
    const experimentId = await fixture.newExperiment();
    const turn = [point(0.5, 1), point(0.3, 2), point(0.3, 3), point(0.9, 4)].map((input) => batch.run([experimentId], append(experimentId, [input]), appendNow(experimentId, [input])));
    expect(await Promise.all(turn)).toEqual(Array.from({ length: 4 }, () => ({ refusedSeries: null })));
    expect(started).toEqual({ now: 1, async: 0 });
    expect(chunkRows()).toBe(1);
    await batch.run([experimentId], append(experimentId, [point(0.4, 5)]), appendNow(experimentId, [point(0.4, 5)]));
    expect(chunkRows()).toBe(2);
    expect((await values.series(experimentId, 'loss')).map((stored) => stored.value)).toEqual(['0.5', '0.3', '0.3', '0.9', '0.4']);
    const [summary] = await values.summaries(experimentId, 'metric');
    expect(summary?.summary).toMatchObject({ count: 5, current: { value: '0.4', step: 5 }, min: { value: '0.3', step: 2 }, max: { value: '0.9', step: 4 } });
  });

  it('refuses only the append whose series is full; the others of its transaction are stored', async () => {
    const batch = groupCommit();
    const experimentId = await fixture.newExperiment();
    const results = await Promise.all([
      batch.run([experimentId], append(experimentId, [point(1, 1)], 2), appendNow(experimentId, [point(1, 1)], 2)),
      batch.run([experimentId], append(experimentId, [point(2, 2), point(3, 3)], 2), appendNow(experimentId, [point(2, 2), point(3, 3)], 2)),
      batch.run([experimentId], append(experimentId, [point(4, 4)], 2), appendNow(experimentId, [point(4, 4)], 2)),
    ]);
    expect(results).toEqual([{ refusedSeries: null }, { refusedSeries: 'loss' }, { refusedSeries: null }]);
    expect(started).toEqual({ now: 1, async: 0 });
    expect((await values.series(experimentId, 'loss')).map((stored) => stored.value)).toEqual(['1', '4']);
  });

  it('runs a turn asynchronously when one of its writes has no synchronous form', async () => {
    const batch = groupCommit();
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    await Promise.all([
      batch.run([experimentId], append(experimentId, [point(1, 1)]), appendNow(experimentId, [point(1, 1)])),
      batch.run([experimentId], () => tags.add(experimentId, ['tagged'])),
    ]);
    expect(started).toEqual({ now: 0, async: 1 });
    expect((await values.series(experimentId, 'loss')).map((stored) => stored.value)).toEqual(['1']);
    expect(await tags.list(experimentId)).toEqual(['tagged']);
  });

  it('waits for a transaction that holds the connection, then writes: transactionNow runs nothing while it is held', async () => {
    const batch = groupCommit();
    const experimentId = await fixture.newExperiment();
    let release = () => {};
    const other = fixture.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    expect(fixture.db.transactionNow?.(() => 'ran')).toBeUndefined();
    const written = batch.run([experimentId], append(experimentId, [point(1, 1)]), appendNow(experimentId, [point(1, 1)]));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([other, written]);
    expect(started).toEqual({ now: 1, async: 1 });
    expect((await values.series(experimentId, 'loss')).map((stored) => stored.value)).toEqual(['1']);
  });
});
