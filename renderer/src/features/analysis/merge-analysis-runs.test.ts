import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../lib/api.ts';
import { mergeAnalysisRuns } from './merge-analysis-runs.ts';

type Runs = ApiReply<'getAnalysisRuns'>;

/** A reply of runs `keys`, each with an `acc` metric (last = min = max = the given value) and an `lr` parameter. */
function runs(entries: [key: string, acc: number | null, lr: number | string | null][], extra: Partial<Runs> = {}): Runs {
  return {
    keys: entries.map(([key]) => key),
    names: entries.map(([key]) => `run-${key}`),
    tags: entries.map(([key]) => [`tag-${key}`]),
    columns: [
      { kind: 'metric', name: 'acc', last: entries.map(([, acc]) => acc), min: entries.map(([, acc]) => acc), max: entries.map(([, acc]) => acc) },
      { kind: 'param', name: 'lr', last: entries.map(([, , lr]) => lr), min: [], max: [] },
    ],
    cursor: '1.1.1',
    delta: false,
    removed: [],
    ...extra,
  };
}

/** The runs of a reply as rows, to compare whole replies at a glance. */
const rows = (reply: Runs) =>
  reply.keys.map((key, run) => [key, reply.names[run], reply.tags[run], ...reply.columns.flatMap((column) => [column.last[run], column.min[run], column.max[run]])]);

const held = runs([
  ['a', 0.5, 0.1],
  ['b', 0.6, 'x'],
  ['c', null, 0.3],
]);

describe('merging what changed into the held analysis runs', () => {
  it('updates changed runs in place, adds new ones at the end and drops removed ones, as a full read would answer them', () => {
    const delta = runs(
      [
        ['c', 0.9, 0.3],
        ['d', 0.7, 0.01],
      ],
      { delta: true, removed: ['b'], cursor: '5.9.2' },
    );
    const merged = mergeAnalysisRuns(held, delta);
    expect(rows(merged)).toEqual(
      rows(
        runs([
          ['a', 0.5, 0.1],
          ['c', 0.9, 0.3],
          ['d', 0.7, 0.01],
        ]),
      ),
    );
    expect(merged).toMatchObject({ cursor: '5.9.2', delta: false, removed: [] });
    expect([merged.columns[0]?.min, merged.columns[1]?.min]).toEqual([[0.5, 0.9, 0.7], []]);
    expect(rows(held)[1]?.[0]).toBe('b');
  });

  it('answers the held runs themselves when nothing changed, or only alive runs that logged nothing new', () => {
    expect(mergeAnalysisRuns(held, runs([], { delta: true }))).toBe(held);
    expect(mergeAnalysisRuns(held, runs([['a', 0.5, 0.1]], { delta: true, removed: ['gone'] }))).toBe(held);
  });

  it('takes a full read as it is, and leaves a column the delta lacks empty for the runs it brings', () => {
    const full = runs([['z', 1, 1]]);
    expect(mergeAnalysisRuns(held, full)).toBe(full);
    const partial = { ...runs([['d', 0.4, 0.2]], { delta: true }), columns: [] };
    const merged = mergeAnalysisRuns(held, partial);
    expect(merged.keys).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.columns.map((column) => column.last[3])).toEqual([null, null]);
  });
});
