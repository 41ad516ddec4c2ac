import { describe, expect, it } from 'vitest';
import { comparedRuns, DEFAULT_COMPARED, splitDifferences } from './differences.ts';

describe('splitDifferences', () => {
  it('puts the rows whose values differ first and keeps the equal ones apart, a missing value differing from a logged one', () => {
    const { differing, equal } = splitDifferences([
      { label: 'optimizer', values: ['adam', 'adam', 'adam'] },
      { label: 'lr', values: [0.1, 0.01, 0.1] },
      { label: 'dropout', values: [0.5, null, 0.5] },
      { label: 'note', values: [null, null, null] },
      { label: 'loss', values: [0.2, 0.2, 0.2] },
    ]);
    expect(differing.map((row) => row.label)).toEqual(['lr', 'dropout']);
    expect(equal.map((row) => row.label)).toEqual(['optimizer', 'note', 'loss']);
  });
  it('tells a number from its text', () => {
    expect(splitDifferences([{ label: 'width', values: [64, '64'] }]).differing).toHaveLength(1);
  });
});

describe('comparedRuns', () => {
  const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  it('compares the selected runs that pass the brushes, in the runs’ order', () => {
    expect(comparedRuns(keys, ['f', 'b', 'c'], new Set(['b', 'f']))).toEqual({ runs: [1, 5], fromSelection: true });
    expect(comparedRuns(keys, ['c', 'a'], null)).toEqual({ runs: [0, 2], fromSelection: true });
  });
  it('falls back to the first runs passing the brushes when none is selected (or none selected passes)', () => {
    expect(comparedRuns(keys, [], null)).toEqual({ runs: [0, 1, 2, 3, 4].slice(0, DEFAULT_COMPARED), fromSelection: false });
    expect(comparedRuns(keys, ['a'], new Set(['d', 'g']))).toEqual({ runs: [3, 6], fromSelection: false });
  });
});
