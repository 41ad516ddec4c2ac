import { describe, expect, it } from 'vitest';
import { undoOf } from './bulk-actions.ts';
import { testRow } from './test-rows.ts';

/** The undo steps as [action, row keys, tags]. */
const steps = (action: 'tag' | 'untag', rows: ReturnType<typeof testRow>[], tags: string[]) =>
  undoOf(action, rows, tags).map((step) => (step.kind === 'bulk' ? [step.action, step.rows.map((row) => row.key), step.tags] : step));

describe('undoing tag changes (issue 33)', () => {
  const rows = [testRow('a', { tags: ['x', 'y'] }), testRow('b', { tags: ['x'] }), testRow('c', { tags: [] }), testRow('d', { tags: ['x'] })];

  it('puts back on each experiment only the removed tags it had', () => {
    expect(steps('untag', rows, ['x', 'y'])).toEqual([
      ['tag', ['a'], ['x', 'y']],
      ['tag', ['b', 'd'], ['x']],
    ]);
  });

  it('takes away only the added tags an experiment did not have', () => {
    expect(steps('tag', rows, ['x', 'z'])).toEqual([
      ['untag', ['a', 'b', 'd'], ['z']],
      ['untag', ['c'], ['x', 'z']],
    ]);
  });
});
