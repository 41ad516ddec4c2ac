import type { ExperimentRow } from './experiment-row.ts';
import { EXPERIMENT_STATES } from './experiment-row.ts';
import { columnId, type SummaryColumn } from './summary-columns.ts';

/** The base columns the table sorts by. */
export type SortColumn = 'name' | 'key' | 'state' | 'start' | 'duration' | 'tags';

/** A sort: the column and the direction. */
export interface SortOrder {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** The table's first sort: newest first. */
export const DEFAULT_SORT: SortOrder = { column: 'start', direction: 'desc' };

const stateRank = new Map(EXPERIMENT_STATES.map((state, index) => [state, index]));

type Key = string | number;

/** The value a row sorts by in a column; empty names and tag lists sort after the others in either direction. */
function sortKey(row: ExperimentRow, column: SortColumn): Key {
  switch (column) {
    case 'name':
      return row.sortName;
    case 'key':
      return row.key;
    case 'state':
      return stateRank.get(row.state) ?? 0;
    case 'start':
      return row.startTimeMillis;
    case 'duration':
      return row.durationMillis;
    case 'tags':
      return row.tags.join('\u0000').toLowerCase();
  }
}

/** Orders two sort keys of rows `a` and `b` as `sign` says: empty ones last in either direction, ties by experiment key. */
function compareKeys(aKey: Key, aRow: ExperimentRow, bKey: Key, bRow: ExperimentRow, sign: number): number {
  const aEmpty = aKey === '';
  const bEmpty = bKey === '';
  if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
  if (aKey < bKey) return -sign;
  if (aKey > bKey) return sign;
  return aRow.key < bRow.key ? -1 : aRow.key > bRow.key ? 1 : 0;
}

/**
 * The order of a sort as a comparison of two rows: a total order (ties go by experiment key, ascending), so a row
 * changed live can be put back in its place by a binary search and end where a full sort would put it.
 */
export function rowOrder(order: SortOrder): (a: ExperimentRow, b: ExperimentRow) => number {
  const sign = order.direction === 'asc' ? 1 : -1;
  return (a, b) => compareKeys(sortKey(a, order.column), a, sortKey(b, order.column), b, sign);
}

/**
 * The rows sorted by one column (a new array; the input is left alone), in the order of `rowOrder`: rows with no
 * name or no tags last whatever the direction, ties by experiment key. Keys are computed once per row.
 */
export function sortRows(rows: readonly ExperimentRow[], order: SortOrder): ExperimentRow[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: sortKey(row, order.column) }));
  keyed.sort((a, b) => compareKeys(a.key, a.row, b.key, b.row, sign));
  return keyed.map((entry) => entry.row);
}

/** A sort by a summary column (ordered by the service): the column and the direction. */
export interface SummarySortOrder {
  summary: SummaryColumn;
  direction: 'asc' | 'desc';
}

/** What the table is sorted by: a base column (ordered here) or a summary column (ordered by the service). */
export type TableSort = SortOrder | SummarySortOrder;

/** Whether a sort is by a summary column. */
export const isSummarySort = (sort: TableSort): sort is SummarySortOrder => 'summary' in sort;

/** The next sort after a click on any column's header: the other direction on the same column, else that column's first. */
export function toggleTableSort(current: TableSort, column: SortColumn | SummaryColumn): TableSort {
  if (typeof column === 'string') return toggleSort(isSummarySort(current) ? DEFAULT_SORT : current, column);
  if (isSummarySort(current) && columnId(current.summary) === columnId(column)) return { summary: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { summary: column, direction: 'asc' };
}

/** The next sort after a click on a column's header: the other direction on the same column, else that column ascending. */
export function toggleSort(current: SortOrder, column: SortColumn): SortOrder {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'start' || column === 'duration' ? 'desc' : 'asc' };
}
