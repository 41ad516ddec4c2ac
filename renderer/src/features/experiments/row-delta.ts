import type { ExperimentRow } from './experiment-row.ts';

/** One experiment's row as it was and as it is now (undefined: not listed then, or no longer). */
export interface RowChange {
  before: ExperimentRow | undefined;
  after: ExperimentRow | undefined;
}

/** How a set of rows came from an earlier one: `from`, with each changed row replaced, added or dropped. */
export interface RowsDelta {
  from: readonly ExperimentRow[];
  changes: readonly RowChange[];
}

type Order = (a: ExperimentRow, b: ExperimentRow) => number;

/** The first index of `sorted` whose row does not come before `row`. */
function lowerBound(sorted: readonly ExperimentRow[], row: ExperimentRow, order: Order): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(sorted[middle] as ExperimentRow, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A cut in a sorted array: drop the row at `at`, or put `row` before it. */
type Cut = { at: number; row?: ExperimentRow };

/**
 * `sorted` (in `order`, a total order) without the `removed` rows and with the `added` ones in their places: a binary
 * search per changed row and one copy of the array, where a new sort would compare every row again. Answers null when
 * a removed row is not where the order puts it (it was not in `sorted`): the caller sorts afresh.
 */
export function patchSorted(sorted: readonly ExperimentRow[], removed: readonly ExperimentRow[], added: readonly ExperimentRow[], order: Order): ExperimentRow[] | null {
  const cuts: Cut[] = [];
  for (const row of removed) {
    const at = lowerBound(sorted, row, order);
    if (sorted[at] !== row) return null;
    cuts.push({ at });
  }
  for (const row of [...added].sort(order)) cuts.push({ at: lowerBound(sorted, row, order), row });
  cuts.sort((a, b) => a.at - b.at);
  const result: ExperimentRow[] = [];
  let next = 0;
  for (const cut of cuts) {
    for (let index = next; index < cut.at; index += 1) result.push(sorted[index] as ExperimentRow);
    next = Math.max(next, cut.at);
    if (cut.row) result.push(cut.row);
    else next = cut.at + 1;
  }
  for (let index = next; index < sorted.length; index += 1) result.push(sorted[index] as ExperimentRow);
  return result;
}
