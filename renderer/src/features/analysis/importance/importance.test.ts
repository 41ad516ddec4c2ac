import { describe, expect, it } from 'vitest';
import { computeImportance } from './compute-importance.ts';
import { encodeParameters, pearson } from './importance-encoding.ts';

/** A reproducible stream of numbers in [0, 1) (a small linear congruential generator). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('pearson', () => {
  it('is 1 and −1 on straight lines, and leaves out pairs with a missing side', () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, NaN, 3, 4], [1, 2, 100, 3, 4])).toBeCloseTo(1, 12);
  });
  it('matches a worked value and says null where it cannot be told', () => {
    // x = 1..5, y = 2,4,5,4,5: r = 6 / sqrt(10 * 6) ≈ 0.7746.
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2], [1, 2])).toBeNull();
  });
});

describe('encodeParameters', () => {
  it('keeps numbers, spreads a text parameter over one 0/1 column per value, and says what it left out', () => {
    const { features, skipped } = encodeParameters([
      { name: 'lr', values: [0.1, null, 0.3] },
      { name: 'optimizer', values: ['adam', 'sgd', 'adam'] },
      { name: 'batch', values: [32, 32, 32] },
      { name: 'commit', values: Array.from({ length: 13 }, (_, i) => `c${i}`) },
      { name: 'note', values: [null, null, null] },
    ]);
    expect(features.map((feature) => [feature.label, feature.kind, [...feature.values], feature.missing])).toEqual([
      ['lr', 'number', [0.1, NaN, 0.3], 1],
      ['optimizer = adam', 'one-hot', [1, 0, 1], 0],
      ['optimizer = sgd', 'one-hot', [0, 1, 0], 0],
    ]);
    expect(skipped).toEqual([
      { parameter: 'batch', reason: 'same-everywhere' },
      { parameter: 'commit', reason: 'too-many-texts' },
      { parameter: 'note', reason: 'none-logged' },
    ]);
  });
  it('treats a parameter mixing numbers and texts as text', () => {
    const { features } = encodeParameters([{ name: 'width', values: [64, 'auto', 64] }]);
    expect(features.map((feature) => feature.label)).toEqual(['width = 64', 'width = auto']);
  });
});

describe('computeImportance', () => {
  it('ranks the parameter that determines the metric above noise, with the sign of its correlation', () => {
    const random = numbers(11);
    const runs = 60;
    const lr = Array.from({ length: runs }, () => 10 ** (-4 + 3 * random()));
    const seed = Array.from({ length: runs }, () => Math.floor(random() * 1000));
    const loss = lr.map((value) => 2 - 0.5 * Math.log10(value));
    const result = computeImportance({ metric: loss, parameters: [{ name: 'seed', values: seed }, { name: 'lr', values: lr }] });
    expect(result.rows.map((row) => row.label)).toEqual(['lr', 'seed']);
    const [first, second] = result.rows;
    expect(first?.importance).toBeGreaterThan(0.8);
    expect(second?.importance).toBeLessThan(0.2);
    expect(first?.correlation).toBeLessThan(-0.6);
    expect(Math.abs(second?.correlation ?? 1)).toBeLessThan(0.4);
  });

  it('finds a parameter whose effect a correlation misses (a best value in the middle)', () => {
    const random = numbers(5);
    const runs = 80;
    const dropout = Array.from({ length: runs }, () => random());
    const noise = Array.from({ length: runs }, () => random());
    const loss = dropout.map((value) => (value - 0.5) ** 2);
    const result = computeImportance({ metric: loss, parameters: [{ name: 'noise', values: noise }, { name: 'dropout', values: dropout }] });
    const dropoutRow = result.rows.find((row) => row.label === 'dropout');
    expect(result.rows[0]?.label).toBe('dropout');
    expect(Math.abs(dropoutRow?.correlation ?? 1)).toBeLessThan(0.3);
  });

  it('counts the runs without the metric, and names parameters that move together', () => {
    const random = numbers(3);
    const width = Array.from({ length: 20 }, () => random());
    const result = computeImportance({
      metric: width.map((value, run) => (run < 3 ? null : run === 3 ? 'nan' : value)),
      parameters: [
        { name: 'width', values: width },
        { name: 'depth', values: width.map((value) => 2 * value + 1) },
      ],
    });
    expect(result.usedRuns).toBe(16);
    expect(result.leftOut).toBe(4);
    expect(result.forestRuns).toBe(16);
    expect(result.correlated).toEqual([{ a: 'width', b: 'depth', r: expect.closeTo(1, 9) }]);
  });

  it('grows no forest on too few runs, but still gives correlations', () => {
    const result = computeImportance({ metric: [1, 2, 3, 4], parameters: [{ name: 'lr', values: [1, 2, 3, 4] }] });
    expect(result.forestRuns).toBe(0);
    expect(result.rows).toEqual([{ label: 'lr', parameter: 'lr', kind: 'number', correlation: expect.closeTo(1, 9), importance: null, missing: 0 }]);
  });
});
