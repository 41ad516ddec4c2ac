import { describe, expect, it } from 'vitest';
import { projectCount, tableCountText } from './table-count.ts';
import type { ExperimentRow, ExperimentState } from './experiment-row.ts';

const rowIn = (state: ExperimentState) => ({ state }) as ExperimentRow;

describe('the count over the table', () => {
  it('counts the project as its header does: archived included, trash not', () => {
    const rows = [rowIn('running'), rowIn('finished'), rowIn('archived'), rowIn('trash')];
    expect(projectCount(rows, true)).toBe(3);
    expect(projectCount(rows, false)).toBeNull();
  });

  it("names the project's count when the chosen states hide some of it", () => {
    expect(tableCountText(31, 31, 32)).toBe('Showing 31 experiments of 31 · 32 in the project, archived included');
    expect(tableCountText(2, 31, 31)).toBe('Showing 2 experiments of 31');
    expect(tableCountText(1, 1, null)).toBe('Showing 1 experiment of 1');
  });
});
