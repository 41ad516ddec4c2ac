import { formatCount, plural } from '../../lib/format.ts';
import type { ExperimentRow } from './experiment-row.ts';

/**
 * How many experiments the project holds as its header and the Projects list count them: every one outside the trash,
 * archived ones included; null when `rows` do not hold them all (the archive is not read).
 */
export function projectCount(rows: readonly ExperimentRow[], everyState: boolean): number | null {
  if (!everyState) return null;
  let count = 0;
  for (const row of rows) if (row.state !== 'trash') count += 1;
  return count;
}

/**
 * The line over the table: how many rows are shown of those in the chosen states, and, when that is not the project's
 * count (archived runs hidden, a state unchecked), the project's count in the words of its header.
 */
export function tableCountText(shown: number, total: number, inProject: number | null): string {
  const line = `Showing ${plural(shown, 'experiment')} of ${formatCount(total)}`;
  return inProject === null || inProject === total ? line : `${line} · ${formatCount(inProject)} in the project, archived included`;
}
