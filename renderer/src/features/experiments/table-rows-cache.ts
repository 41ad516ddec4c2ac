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

/** Whether two filters are the same (the same text, and the same tag and state choices). */
const sameInputs = (a: RowFilter, b: RowFilter) => a.text === b.text && a.tags === b.tags && a.states === b.states;

/** Filter texts whose results are kept while the rows, order, tags and states stay: erasing a keystroke costs nothing. */
const RECENT_TEXTS = 12;

/** Up to this many changed rows (or a twentieth of the rows, if more) are moved one by one; more are sorted afresh. */
const MIN_PATCHED = 64;

/**
 * The table's sorted, filtered rows, kept between renders so that a live update (a few rows changed, see `RowsDelta`)
 * moves only those rows: a binary search each in the sorted and the shown rows, no new sort, no new filtering, and
 * tag counts adjusted by the changed rows. A new text filter looks only at the rows of the narrowest recent text it
 * narrows, or takes a recent text's result as it is (erasing while typing); a new sort, tag or state choice, or rows
 * from elsewhere, are computed afresh. Calls with the inputs of the last call, or of the one before (an urgent render
 * between deferred ones), answer that call's result without losing the last state.
 */
export class TableRowsCache {
  private rows: readonly ExperimentRow[] | null = null;
  private order: SortOrder | null = null;
  private filter: RowFilter | null = null;
  private sorted: ExperimentRow[] = [];
  private result: TableRows = { shown: [], total: 0, tagOptions: [] };
  private readonly tagCount = new Map<string, number>();
  /** The inputs and result of the call before the last one. */
  private earlier: { rows: readonly ExperimentRow[]; order: SortOrder; filter: RowFilter; result: TableRows } | null = null;
  /** The shown rows of recent filter texts, for the current rows, order, tags and states. */
  private readonly recent = new Map<string, ExperimentRow[]>();

  /** The rows to show of `rows` (which came from the previous call's through `delta`, if given). */
  view(rows: readonly ExperimentRow[], delta: RowsDelta | null, order: SortOrder, filter: RowFilter): TableRows {
    const last = this.filter;
    const sameFilter = last !== null && sameInputs(last, filter);
    if (rows === this.rows && order === this.order && sameFilter) return this.result;
    // A render with the inputs before the last ones (an urgent render while a deferred one is pending): its result as it was.
    const earlier = this.earlier;
    if (earlier && rows === earlier.rows && order === earlier.order && sameInputs(filter, earlier.filter)) return earlier.result;
    this.earlier = this.rows && this.order && last ? { rows: this.rows, order: this.order, filter: last, result: this.result } : null;
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
    // The same rows, order, tags and states: the texts filtered lately still hold. After a live update, the last text's
    // rows with the changed ones moved still do, so a text typed meanwhile looks only at those.
    const sameBase = rows === this.rows && order === this.order && last !== null && last.tags === filter.tags && sameStates;
    if (!sameBase) {
      const kept = last !== null && patched && last.tags === filter.tags && sameStates ? rowPasses(last) : null;
      const carried = kept ? patchSorted(this.result.shown, before.filter(kept), after.filter(kept), rowOrder(order)) : null;
      this.recent.clear();
      if (last && carried) this.recent.set(last.text, carried);
    }
    const shown = this.recent.get(filter.text) ?? filterRows(this.narrowest(filter), filter);
    this.remember(filter.text, shown);
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

  /**
   * The fewest rows that hold every row passing `filter`: the smallest recent result of a text that `filter` narrows
   * (typing on, or typing again after erasing), else every sorted row.
   */
  private narrowest(filter: RowFilter): readonly ExperimentRow[] {
    let best: readonly ExperimentRow[] = this.sorted;
    for (const [text, shown] of this.recent) {
      if (shown.length < best.length && narrows(filter, { ...filter, text })) best = shown;
    }
    return best;
  }

  /** Keeps `shown` as the result for `text` (the most recent `RECENT_TEXTS` texts are kept). */
  private remember(text: string, shown: ExperimentRow[]): void {
    this.recent.delete(text);
    this.recent.set(text, shown);
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= RECENT_TEXTS) break;
      this.recent.delete(oldest);
    }
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
