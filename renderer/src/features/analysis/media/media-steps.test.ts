import { describe, expect, it } from 'vitest';
import { groupRuns } from './media-groups.ts';
import { itemAt, shownStep, stepsOf, type MediaRun } from './media-steps.ts';

const run = (experimentKey: string, steps: (number | null)[]): MediaRun => ({ experimentKey, items: steps.map((step, at) => ({ assetId: `${experimentKey}-${at}`, step, context: null })) });

describe('the steps of a media panel across runs', () => {
  const runs = [run('a', [0, 1, 2]), run('b', [0, 2, 4]), run('c', [null])];

  it('offers every step any run logged, once, ascending (no step as 0)', () => {
    expect(stepsOf(runs)).toEqual([0, 1, 2, 4]);
    expect(stepsOf([])).toEqual([]);
  });

  it('shows the asked step, the nearest logged one below an unlogged one, the last for latest', () => {
    expect(shownStep(2, [0, 1, 2, 4])).toBe(2);
    expect(shownStep(3, [0, 1, 2, 4])).toBe(2);
    expect(shownStep(null, [0, 1, 2, 4])).toBe(4);
    expect(shownStep(9, [0, 1, 2, 4])).toBe(4);
    expect(shownStep(0, [3, 5])).toBe(3);
    expect(shownStep(null, [])).toBeNull();
  });

  it("gives each run its asset at the step, or its last one before it, or none when it had logged none by then", () => {
    expect(itemAt(runs[0]!, 1)?.assetId).toBe('a-1');
    expect(itemAt(runs[1]!, 1)?.assetId).toBe('b-0');
    expect(itemAt(runs[1]!, 4)?.assetId).toBe('b-2');
    expect(itemAt(runs[1]!, null)?.assetId).toBe('b-2');
    expect(itemAt(run('late', [5]), 4)).toBeUndefined();
    expect(itemAt(runs[2]!, 0)?.assetId).toBe('c-0');
  });
});

describe('runs grouped by a parameter', () => {
  const values: Record<string, string | null> = { a: '0.1', b: '0.01', c: '0.1', d: null };
  it('groups in the order of their first run, runs without the parameter last', () => {
    expect(groupRuns(['a', 'b', 'c', 'd'], (key) => values[key] ?? null)).toEqual([
      { value: '0.1', keys: ['a', 'c'] },
      { value: '0.01', keys: ['b'] },
      { value: '', keys: ['d'] },
    ]);
  });
  it('is one group of every run without a parameter', () => {
    expect(groupRuns(['a', 'b'], null)).toEqual([{ value: '', keys: ['a', 'b'] }]);
  });
});
