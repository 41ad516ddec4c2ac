import { describe, expect, it } from 'vitest';
import { alignRuns, gridWidth, groupRuns, groupStats, relative, smooth } from './line-math.ts';

describe('line chart computations', () => {
  it('smooths with a debiased exponential moving average, leaving weight 0 and non-numbers alone', () => {
    expect(smooth([1, 2, 3], 0)).toEqual([1, 2, 3]);
    const [a, b, c] = smooth([10, 0, 10], 0.5);
    expect(a).toBeCloseTo(10);
    // (0.5·(0.5·10) + 0.5·0) / (1 − 0.25) = 2.5 / 0.75
    expect(b).toBeCloseTo(2.5 / 0.75);
    expect(c).toBeCloseTo((0.5 * 2.5 + 5) / (1 - 0.125));
    expect(smooth([4, Number.NaN, 4], 0.9)).toEqual([4, Number.NaN, expect.closeTo(4)]);
  });

  it('aligns runs of different lengths and bucket widths on a common grid, keeping each cell\'s last value', () => {
    const aligned = alignRuns(
      [
        { xs: [0, 1, 2, 3], ys: [1, 2, 3, 4] },
        { xs: [0, 2], ys: [10, 30] },
      ],
      2,
    );
    expect(aligned).toEqual({ xs: [0, 2], ys: [[2, 4], [10, 30]] });
    expect(alignRuns([{ xs: [5], ys: [1] }, { xs: [7], ys: [2] }], 1)).toEqual({ xs: [5, 7], ys: [[1, null], [null, 2]] });
    expect(gridWidth([null, 4, 16])).toBe(16);
    expect(gridWidth([null])).toBe(1);
    expect(relative({ xs: [1000, 1500], ys: [1, 2] })).toEqual({ xs: [0, 500], ys: [1, 2] });
    // With the run's first point known (a zoomed read starts later): counted from it.
    expect(relative({ xs: [4000, 4500], ys: [1, 2] }, 1000)).toEqual({ xs: [3000, 3500], ys: [1, 2] });
  });

  it('computes mean, min, max and std per x over the runs holding a value there', () => {
    const stats = groupStats([[1, 2, null], [3, null, null], [5, 4, null]], 3);
    expect(stats.mean).toEqual([3, 3, null]);
    expect(stats.min).toEqual([1, 2, null]);
    expect(stats.max).toEqual([5, 4, null]);
    expect(stats.std[0]).toBeCloseTo(Math.sqrt(8 / 3));
    expect(stats.std[1]).toBeCloseTo(1);
    expect(stats.count).toEqual([3, 2, 0]);
  });

  it('groups runs by label in order of first appearance', () => {
    const labels = ['a', 'b', 'a', 'c'];
    expect([...groupRuns(4, (index) => labels[index] ?? '')]).toEqual([['a', [0, 2]], ['b', [1]], ['c', [3]]]);
  });
});
