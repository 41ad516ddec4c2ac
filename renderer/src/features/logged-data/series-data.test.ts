import { describe, expect, it } from 'vitest';
import { linePoints, smooth, summarise, type SeriesReply } from './series-data.ts';

const reply = (buckets: SeriesReply['buckets']): SeriesReply => ({
  metricName: 'loss',
  axis: 'step',
  from: 0,
  to: 100,
  bucketWidth: 32,
  total: buckets.count.reduce((sum, count) => sum + count, 0),
  skipped: 0,
  buckets,
});

describe('series data', () => {
  it('draws each bucket as first, min and max in the trend order, and last, with x always increasing', () => {
    const rising = reply({ start: [0, 32], firstX: [0, 32], lastX: [30, 32], first: [1, 9], last: [5, 9], min: [0, 9], max: [8, 9], count: [10, 1] });
    expect(linePoints(rising)).toEqual({ x: [0, 10, 20, 30, 32], y: [1, 0, 8, 5, 9] });
    const falling = reply({ start: [0], firstX: [0], lastX: [6], first: [5], last: [1], min: [0], max: [8], count: [3] });
    expect(linePoints(falling)).toEqual({ x: [0, 2, 4, 6], y: [5, 8, 0, 1] });
    const twoPoints = reply({ start: [0], firstX: [1], lastX: [7], first: [2], last: [3], min: [2], max: [3], count: [2] });
    expect(linePoints(twoPoints)).toEqual({ x: [1, 7], y: [2, 3] });
  });

  it('keeps the last value of points that share an x', () => {
    const tied = reply({ start: [5, 5], firstX: [5, 5], lastX: [5, 5], first: [1, 2], last: [1, 2], min: [1, 2], max: [1, 2], count: [1, 1] });
    expect(linePoints(tied)).toEqual({ x: [5], y: [2] });
  });

  it('smooths with a debiased moving average, and leaves values as they are at weight 0', () => {
    expect(smooth([1, 2, 3], 0)).toEqual([1, 2, 3]);
    const smoothed = smooth([10, 10, 10, 0], 0.5);
    expect(smoothed.slice(0, 3)).toEqual([10, 10, 10]);
    expect(smoothed[3]).toBeCloseTo(10 * (0.5 ** 3 * 0.5 + 0.5 ** 2 * 0.5 + 0.5 * 0.5) / (1 - 0.5 ** 4), 10);
  });

  it('summarises points, last, least and greatest value for the text alternative', () => {
    const buckets = { start: [0, 32], firstX: [0, 32], lastX: [30, 40], first: [1, 9], last: [5, 7], min: [0, 6], max: [8, 9], count: [10, 3] };
    expect(summarise(reply(buckets))).toEqual({ points: 13, last: 7, min: 0, max: 9 });
    expect(summarise(reply({ start: [], firstX: [], lastX: [], first: [], last: [], min: [], max: [], count: [] }))).toEqual({ points: 0, last: null, min: null, max: null });
  });
});
