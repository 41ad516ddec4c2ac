import { describe, expect, it } from 'vitest';
import { buildLines, LINE_DEFAULTS, lineSettings, type RunBuckets } from './line-model.ts';

const run = (experimentKey: string, start: number[], first: number[], bucketWidth: number | null = null): RunBuckets => ({ experimentKey, bucketWidth, buckets: { start, first } });
const labels = { nameOf: (key: string) => `run ${key}`, groupOf: null };

describe('line chart model', () => {
  it('draws one line per run on the exact steps when the runs were read raw', () => {
    const model = buildLines([run('a', [0, 1, 2], [3, 2, 1]), run('b', [1, 2], [5, 4])], LINE_DEFAULTS, labels, 100);
    expect(model.xs).toEqual([0, 1, 2]);
    expect(model.lines).toEqual([
      { label: 'run a', keys: ['a'], ys: [3, 2, 1] },
      { label: 'run b', keys: ['b'], ys: [null, 5, 4] },
    ]);
  });

  it('groups runs with the mean and a min–max or ±std band, aligned on the widest bucket', () => {
    const runs = [run('a', [0, 4], [1, 3], 4), run('b', [0, 4], [3, 5], 4), run('c', [0, 2, 4, 6], [10, 11, 12, 13], null)];
    const group = { nameOf: String, groupOf: (key: string) => (key === 'c' ? 'lr = 0.1' : 'lr = 0.01') };
    const minmax = buildLines(runs, LINE_DEFAULTS, group, 100);
    expect(minmax.xs).toEqual([0, 4]);
    expect(minmax.lines[0]).toEqual({ label: 'lr = 0.01', keys: ['a', 'b'], ys: [2, 4], band: { low: [1, 3], high: [3, 5] } });
    expect(minmax.lines[1]?.ys).toEqual([11, 13]);
    const std = buildLines(runs, { ...LINE_DEFAULTS, band: 'std' }, group, 100);
    expect(std.lines[0]?.band).toEqual({ low: [1, 3], high: [3, 5] });
  });

  it('smooths, drops non-positive values on a log scale, and shifts runs to relative seconds', () => {
    const smoothed = buildLines([run('a', [0, 1], [10, 0])], { ...LINE_DEFAULTS, smoothing: 0.5 }, labels, 100);
    expect(smoothed.lines[0]?.ys[1]).toBeCloseTo(2.5 / 0.75);
    const log = buildLines([run('a', [0, 1], [10, 0])], { ...LINE_DEFAULTS, logY: true }, labels, 100);
    expect(log.lines[0]?.ys).toEqual([10, null]);
    const rel = buildLines([run('a', [5000, 7000], [1, 2]), run('b', [9000, 11000], [3, 4])], { ...LINE_DEFAULTS, axis: 'relative' }, labels, 2);
    expect(rel.xs).toEqual([0, 2]);
    expect(rel.lines.map((line) => line.ys)).toEqual([[1, 2], [3, 4]]);
  });

  it('reads saved settings defensively', () => {
    expect(lineSettings({ metric: 'loss', axis: 'bogus', smoothing: 7, logY: 'yes' })).toEqual({ ...LINE_DEFAULTS, metric: 'loss', smoothing: 0.99 });
  });
});
