import type { ExperimentRow, ExperimentState } from './experiment-row.ts';
import { patchSorted, type RowsDelta } from './row-delta.ts';
import { filterRows, narrows, rowPasses, tagCounts, type RowFilter } from './table-filter.ts';
import { rowOrder, sortRows, type SortOrder } from './table-sort.ts';

/** What the table shows of its rows. */
export interface TableRows {
  /** The rows after sorting and filtering, in display order. */
  shown: ExperimentRow[];
  /** How many rows are in the chosen states (before the text and tag filters). */
  total: number;
  /** Every tag of the rows in the chosen states, most used first (the same array while the counts stay). */
  tagOptions: { tag: string; count: number }[];
}

/** Up to this many changed rows (or a twentieth of the rows, if more) are moved one by one; more are sorted afresh. */
const MIN_PATCHED = 64;

/**
 * The table's sorted, filtered rows, kept between renders so that a live update (a few rows changed, see `RowsDelta`)
 * moves only those rows: a binary search each in the sorted and the shown rows, no new sort, no new filtering, and
 * tag counts adjusted by the changed rows. A new sort, filter or state choice, or rows from elsewhere, are computed
 * afresh. Calls with the inputs of the last call answer the last result.
 */
export class TableRowsCache {
  private rows: readonly ExperimentRow[] | null = null;
  private order: SortOrder | null = null;
  private filter: RowFilter | null = null;
  private sorted: ExperimentRow[] = [];
  private result: TableRows = { shown: [], total: 0, tagOptions: [] };
  private readonly tagCount = new Map<string, number>();

  /** The rows to show of `rows` (which came from the previous call's through `delta`, if given). */
  view(rows: readonly ExperimentRow[], delta: RowsDelta | null, order: SortOrder, filter: RowFilter): TableRows {
    const last = this.filter;
    const sameFilter = last !== null && last.text === filter.text && last.tags === filter.tags && last.states === filter.states;
    if (rows === this.rows && order === this.order && sameFilter) return this.result;
    const sameStates = last?.states === filter.states;
    const live = rows !== this.rows && delta !== null && delta.from === this.rows && delta.changes.length <= Math.max(MIN_PATCHED, rows.length / 20);
    const before = live ? delta.changes.flatMap((change) => (change.before ? [change.before] : [])) : [];
    const after = live ? delta.changes.flatMap((change) => (change.after ? [change.after] : [])) : [];

    let patched = false;
    if (rows !== this.rows || order !== this.order) {
      const next = live && order === this.order ? patchSorted(this.sorted, before, after, rowOrder(order)) : null;
      patched = next !== null;
      this.sorted = next ?? sortRows(rows, order);
    }
    const passes = rowPasses(filter);
    const patchedShown = patched && sameFilter ? patchSorted(this.result.shown, before.filter(passes), after.filter(passes), rowOrder(order)) : null;
    // Typing on narrows the filter: only the rows shown so far need a look.
    const narrowed = rows === this.rows && order === this.order && last !== null && narrows(filter, last);
    const shown = patchedShown ?? filterRows(narrowed ? this.result.shown : this.sorted, filter);
    let { total, tagOptions } = this.result;
    if (rows !== this.rows || !sameStates) {
      if (live && sameStates) [total, tagOptions] = this.countChanged(before, after, filter.states);
      else [total, tagOptions] = this.countAll(rows, filter.states);
    }
    this.rows = rows;
    this.order = order;
    this.filter = filter;
    this.result = { shown, total, tagOptions };
    return this.result;
  }

  /** Counts the rows and tags in the chosen states afresh. */
  private countAll(rows: readonly ExperimentRow[], states: ReadonlySet<ExperimentState>): [number, TableRows['tagOptions']] {
    const inStates = rows.filter((row) => states.has(row.state));
    const options = tagCounts(inStates);
    this.tagCount.clear();
    for (const { tag, count } of options) this.tagCount.set(tag, count);
    return [inStates.length, options];
  }

  /** Adjusts the counts by the changed rows; the tag options stay the same array unless a count changed. */
  private countChanged(before: readonly ExperimentRow[], after: readonly ExperimentRow[], states: ReadonlySet<ExperimentState>): [number, TableRows['tagOptions']] {
    let total = this.result.total;
    const net = new Map<string, number>();
    const count = (rows: readonly ExperimentRow[], sign: number) => {
      for (const row of rows) {
        if (!states.has(row.state)) continue;
        total += sign;
        for (const tag of row.tags) net.set(tag, (net.get(tag) ?? 0) + sign);
      }
    };
    count(before, -1);
    count(after, 1);
    const moved = [...net].filter(([, change]) => change !== 0);
    if (moved.length === 0) return [total, this.result.tagOptions];
    for (const [tag, change] of moved) {
      const next = (this.tagCount.get(tag) ?? 0) + change;
      if (next > 0) this.tagCount.set(tag, next);
      else this.tagCount.delete(tag);
    }
    const options = [...this.tagCount].map(([tag, tagged]) => ({ tag, count: tagged }));
    options.sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    return [total, options];
  }
}
