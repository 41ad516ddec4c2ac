import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { foldSummary, loggedPoint, numberOf, type RawValue, type Summary } from '../../src/logged-data/summary.ts';
import { createGroupCommit } from '../../src/logged-data/batch.ts';
import type { MetricInput } from '../../src/logged-data/append.ts';
import { createLoggedValueStore, type LoggedValueStore } from '../../src/logged-data/values.ts';
import { openStorageFixture, type StorageFixture } from './logging-fixtures.ts';

const fold = (values: RawValue[]): Summary | undefined =>
  values.reduce<Summary | undefined>((summary, value, index) => foldSummary(summary, loggedPoint(value, 1000 + index, index, null)), undefined);

describe('summary maintenance (pure)', () => {
  it('reads numbers, decimal strings and nothing else as numeric', () => {
    expect(numberOf(2.5)).toBe(2.5);
    expect(numberOf(' -1e3 ')).toBe(-1000);
    expect(numberOf('.5')).toBe(0.5);
    expect(numberOf('12abc')).toBeNull();
    expect(numberOf('')).toBeNull();
    expect(numberOf(true)).toBeNull();
  });

  it('keeps the latest as current and the numeric extremes with their steps and timestamps', () => {
    const summary = fold([3, 1, 4, 1, 5, 9, 2, 6]);
    expect(summary?.count).toBe(8);
    expect(summary?.current).toMatchObject({ value: '6', step: 7, timestamp: 1007 });
    expect(summary?.min).toMatchObject({ value: '1', step: 1, timestamp: 1001 });
    expect(summary?.max).toMatchObject({ value: '9', step: 5, timestamp: 1005 });
  });

  it('compares numbers numerically, not as text', () => {
    const summary = fold([9, 10, '100', 2]);
    expect(summary?.max.value).toBe('100');
    expect(summary?.min.value).toBe('2');
  });

  it('ranks numeric values before non-numeric ones for both extremes, strings by code point among themselves', () => {
    expect(fold(['b', 'a', 'c'])).toMatchObject({ min: { value: 'a' }, max: { value: 'c' } });
    const mixed = fold(['zzz', 5, true, 'aaa', 3]);
    expect(mixed).toMatchObject({ min: { value: '3' }, max: { value: '5' }, current: { value: '3' } });
  });

  it('keeps the earlier value on ties', () => {
    const summary = fold([7, 7, 7]);
    expect(summary?.min.step).toBe(0);
    expect(summary?.max.step).toBe(0);
    expect(summary?.current.step).toBe(2);
  });
});

describe('logged value storage', () => {
  let fixture: StorageFixture;
  let store: LoggedValueStore;
  beforeEach(async () => {
    fixture = await openStorageFixture();
    store = createLoggedValueStore(fixture.db);
  });
  afterEach(() => fixture.close());

  const metric = (name: string, value: RawValue, step: number | null, timestamp: number): MetricInput => ({
    name,
    value,
    step,
    timestamp,
    epoch: null,
    context: null,
  });

  it('maintains summaries on write that match a recomputation over the whole series', async () => {
    const experimentId = await fixture.newExperiment();
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 100;
    const points = Array.from({ length: 600 }, (_, index) => metric(index % 3 === 0 ? 'loss' : 'acc', Math.round(random() * 1000) / 1000, index, 5000 + index));
    for (let start = 0; start < points.length; start += 50) {
      expect(await store.appendMetrics(experimentId, points.slice(start, start + 50), Infinity)).toEqual({ refusedSeries: null });
    }
    for (const { name, summary } of await store.summaries(experimentId, 'metric')) {
      const values = points.filter((point) => point.name === name);
      const numbers = values.map((point) => point.value as number);
      expect(summary.count).toBe(values.length);
      expect(Number(summary.max.value)).toBe(Math.max(...numbers));
      expect(Number(summary.min.value)).toBe(Math.min(...numbers));
      expect(summary.current.step).toBe(values.at(-1)?.step);
      expect(summary.max.step).toBe(values[numbers.indexOf(Math.max(...numbers))]?.step);
      expect(await store.series(experimentId, name)).toHaveLength(values.length);
    }
  });

  it.each([
    ['mixed values', [3, 3, -1, 0.5, '0.5', ' 7 ', 'abc', '', true, 'Z', 1e300, -0, 12, '12', 'zzz']],
    ['non-numeric values only', ['abc', 'abd', 'abc', '', true, false, 'Z', '\uFFFF', '\u{1F600}', 'zzz', 'Zz']],
  ])('merges summaries in SQL exactly as folding every value in order would, across appends and single values (%s)', async (_label, pool: RawValue[]) => {
    const experimentId = await fixture.newExperiment();
    let seed = 11;
    const next = (bound: number) => (seed = (seed * 48271) % 2147483647) % bound;
    const values = Array.from({ length: 300 }, () => pool[next(pool.length)] as RawValue);
    for (let start = 0; start < values.length; ) {
      const slice = values.slice(start, start + 1 + next(5));
      const inputs = slice.map((value, index) => metric('m', value, start + index, 1000 + start + index));
      expect((await store.appendMetrics(experimentId, inputs, Infinity)).refusedSeries).toBeNull();
      for (const [index, value] of slice.entries()) await store.logValue(experimentId, 'parameter', 'p', loggedPoint(value, 1000 + start + index, start + index, null));
      start += slice.length;
    }
    const expected = fold(values);
    expect((await store.summaries(experimentId, 'metric'))[0]?.summary).toEqual(expected);
    expect((await store.summaries(experimentId, 'parameter'))[0]?.summary).toEqual(expected);
    expect((await store.series(experimentId, 'm')).map((point) => point.value)).toEqual(values.map(String));
  });

  it('defers summaries to the end of a group commit, leaving out appends that were refused or rolled back', async () => {
    const experimentId = await fixture.newExperiment();
    const batch = createGroupCommit(fixture.db, { around: store.deferringWrites });
    const append = (points: MetricInput[], limit = 5) => batch.run([experimentId], () => store.appendMetrics(experimentId, points, limit), { atomic: true });
    const failing = batch.run([experimentId], async () => {
      await store.appendMetrics(experimentId, [metric('m', 100, 9, 9)], 5);
      throw new Error('this write fails after its append');
    });
    const results = await Promise.all([
      append([metric('m', 3, 0, 0), metric('n', 'x', 0, 0)]),
      append([metric('m', 1, 1, 1), metric('m', 4, 2, 2)]),
      append([metric('n', 'y', 1, 1), metric('m', 0, 3, 3), metric('m', -5, 4, 4), metric('m', -6, 5, 5)]),
      append([metric('m', 2, 6, 6)]),
      failing.catch((error: unknown) => String(error)),
    ]);
    expect(results).toEqual([{ refusedSeries: null }, { refusedSeries: null }, { refusedSeries: 'm' }, { refusedSeries: null }, 'Error: this write fails after its append']);
    const summaries = Object.fromEntries((await store.summaries(experimentId, 'metric')).map(({ name, summary }) => [name, summary]));
    expect(summaries.m).toEqual({ count: 4, current: loggedPoint(2, 6, 6, null), min: loggedPoint(1, 1, 1, null), max: loggedPoint(4, 2, 2, null) });
    expect(summaries.n).toEqual({ count: 1, current: loggedPoint('x', 0, 0, null), min: loggedPoint('x', 0, 0, null), max: loggedPoint('x', 0, 0, null) });
    expect((await store.series(experimentId, 'm')).map((point) => point.value)).toEqual(['3', '1', '4', '2']);
    await expect(batch.run([experimentId], () => store.appendMetrics(experimentId, [metric('m', 9, 7, 7)], Infinity), { atomic: true })).resolves.toEqual({ refusedSeries: null });
    expect((await store.summaries(experimentId, 'metric'))[0]?.summary).toMatchObject({ count: 5, max: { value: '9' }, min: { value: '1' } });
  });

  it('orders a series by step (points without a step first), then timestamp, then arrival', async () => {
    const experimentId = await fixture.newExperiment();
    await store.appendMetrics(experimentId, [metric('m', 'c', 2, 10), metric('m', 'a', null, 50), metric('m', 'b', 1, 40), metric('m', 'd', 2, 10)], Infinity);
    expect((await store.series(experimentId, 'm')).map((point) => [point.value, point.step])).toEqual([
      ['a', null],
      ['b', 1],
      ['c', 2],
      ['d', 2],
    ]);
  });

  it('refuses a whole batch when one series would exceed its value limit, storing nothing of it', async () => {
    const experimentId = await fixture.newExperiment();
    expect((await store.appendMetrics(experimentId, [metric('x', 1, 0, 1), metric('y', 1, 0, 1)], 2)).refusedSeries).toBeNull();
    expect((await store.appendMetrics(experimentId, [metric('y', 2, 1, 2), metric('x', 2, 1, 2), metric('x', 3, 2, 3)], 2)).refusedSeries).toBe('x');
    expect(await store.series(experimentId, 'y')).toHaveLength(1);
    expect((await store.summaries(experimentId, 'metric')).map(({ name, summary }) => [name, summary.count])).toEqual([
      ['x', 1],
      ['y', 1],
    ]);
  });

  it('keeps parameters and others as summaries only, separately from metrics of the same name', async () => {
    const experimentId = await fixture.newExperiment();
    await store.logValue(experimentId, 'parameter', 'lr', loggedPoint(0.1, 1, 0, null));
    await store.logValue(experimentId, 'parameter', 'lr', loggedPoint(0.01, 2, 1, null));
    await store.logValue(experimentId, 'other', 'lr', loggedPoint('note', 3, null, null));
    const [parameter] = await store.summaries(experimentId, 'parameter');
    expect(parameter).toMatchObject({ name: 'lr', summary: { count: 2, current: { value: '0.01' }, max: { value: '0.1' } } });
    expect(await store.summaries(experimentId, 'other')).toMatchObject([{ name: 'lr', summary: { current: { value: 'note' } } }]);
    expect(await store.summaries(experimentId, 'metric')).toEqual([]);
    expect(await store.series(experimentId, 'lr')).toEqual([]);
  });

  it('loses every logged row when the experiment is purged (ON DELETE CASCADE)', async () => {
    const experimentId = await fixture.newExperiment();
    const kept = await fixture.newExperiment();
    await store.appendMetrics(experimentId, [metric('loss', 1, 0, 1), metric('loss', 2, 1, 2)], Infinity);
    await store.appendMetrics(kept, [metric('loss', 1, 0, 1)], Infinity);
    await store.logValue(experimentId, 'parameter', 'lr', loggedPoint(0.1, 1, null, null));
    await fixture.experiments.purge(experimentId);
    const count = (table: string) => fixture.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect([await count('logged_items'), await count('metric_point_chunks')]).toEqual([1, 1]);
    expect(await store.series(kept, 'loss')).toHaveLength(1);
  });

  it('finds metric summaries by name prefix', async () => {
    const experimentId = await fixture.newExperiment();
    await store.appendMetrics(experimentId, ['sys.ram.used', 'sys.load.avg', 'loss', 'sysx'].map((name) => metric(name, 1, null, 1)), Infinity);
    expect((await store.metricSummariesWithPrefix(experimentId, 'sys.')).map((item) => item.name)).toEqual(['sys.load.avg', 'sys.ram.used']);
  });
});
