import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ExperimentRow, ExperimentState } from './experiment-row.ts';
import type { RowsDelta } from './row-delta.ts';
import { allSelected, clickRow, EMPTY_SELECTION, keepShown, toggleAll, type Selection } from './selection.ts';
import { applyServerRows, LOCAL_ROWS, type ServerRows } from './server-rows.ts';
import type { SummaryColumn } from './summary-columns.ts';
import { TableRowsCache } from './table-rows-cache.ts';
import { DEFAULT_SORT, isSummarySort, toggleTableSort, type SortColumn, type TableSort } from './table-sort.ts';

/** The states shown at first: the live experiments. */
export const DEFAULT_STATES: ReadonlySet<ExperimentState> = new Set(['running', 'finished', 'crashed']);

/** The table's filter, sort and selection over a set of rows, and the rows they produce. */
interface TableView {
  text: string;
  setText(text: string): void;
  /** The filter text the shown rows reflect (lags `text` while a large table filters). */
  appliedText: string;
  tags: readonly string[];
  setTags(tags: readonly string[]): void;
  tagOptions: { tag: string; count: number }[];
  sort: TableSort;
  sortBy(column: SortColumn | SummaryColumn): void;
  /** The rows after sorting and filtering, in display order. */
  shown: ExperimentRow[];
  /** How many rows are in the chosen states. */
  total: number;
  selection: Selection;
  selected: ExperimentRow[];
  /** How many selected rows the filter (text, tags or states) hides now: kept selected, but not acted on. */
  hiddenSelected: number;
  allShownSelected: boolean;
  toggle(key: string, shift: boolean): void;
  toggleAll(): void;
  clearSelection(): void;
}

const keysOf = (rows: readonly ExperimentRow[]) => rows.map((row) => row.key);

/** The filter text and sort when the screen holds them (to keep them per project and ask the service), with its answer. */
export interface TableControl {
  text: string;
  setText(text: string): void;
  sort: TableSort;
  setSort(update: (current: TableSort) => TableSort): void;
  server: ServerRows;
}

/**
 * The rows to show, in `states`, of `rows` (which came from the previous ones through `delta`, when given). Sorting
 * runs when the sort changes, filtering when the filter changes (on the sorted rows, so a keystroke never re-sorts); a
 * live update moves only its changed rows (`TableRowsCache`); the text filter is deferred so typing stays responsive on
 * 100,000 rows. The handlers keep their identity, so rows on screen that did not change do not render again.
 */
export function useTableView(rows: readonly ExperimentRow[], states: ReadonlySet<ExperimentState>, delta: RowsDelta | null = null, control?: TableControl): TableView {
  const [ownText, setOwnText] = useState('');
  const [tags, setTags] = useState<readonly string[]>([]);
  const [ownSort, setOwnSort] = useState<TableSort>(DEFAULT_SORT);
  const text = control?.text ?? ownText;
  const setText = control?.setText ?? setOwnText;
  const sort = control?.sort ?? ownSort;
  const setSort = control?.setSort ?? setOwnSort;
  const server = control?.server ?? LOCAL_ROWS;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const appliedText = useDeferredValue(text);
  const [cache] = useState(() => new TableRowsCache());
  const baseSort = isSummarySort(sort) ? DEFAULT_SORT : sort;
  // Where the service filters, the loaded rows are not filtered by text here (a word there also finds parameter values).
  const localText = server.local ? appliedText : '';
  const cached = useMemo(() => cache.view(rows, delta, baseSort, { text: localText, tags, states }), [cache, rows, delta, baseSort, localText, tags, states]);
  const { total, tagOptions } = cached;
  const { keys, filtered, sorted } = server;
  const shown = useMemo(() => applyServerRows(cached.shown, { keys, filtered, sorted }), [cached.shown, keys, filtered, sorted]);
  const [prunedFor, setPrunedFor] = useState(rows);
  if (selection.keys.size > 0 && prunedFor !== rows) {
    // The rows changed (a refresh, a live update): drop selected rows that are gone. Rows a filter hides stay selected
    // (`hiddenSelected` counts them), though actions touch only the shown ones (`selected`).
    setPrunedFor(rows);
    setSelection(keepShown(selection, keysOf(rows)));
  }
  // The handlers read the shown rows of the last render, so they need not change with every live update.
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);
  const toggle = useCallback((key: string, shift: boolean) => setSelection((current) => clickRow(current, keysOf(latest.current), key, shift)), []);
  const sortBy = useCallback((column: SortColumn | SummaryColumn) => setSort((current) => toggleTableSort(current, column)), [setSort]);
  const toggleAllShown = useCallback(() => setSelection((current) => toggleAll(current, keysOf(latest.current))), []);
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const selected = useMemo(() => (selection.keys.size === 0 ? [] : shown.filter((row) => selection.keys.has(row.key))), [shown, selection]);
  const hiddenSelected = selection.keys.size - selected.length;
  const allShownSelected = useMemo(() => selection.keys.size > 0 && allSelected(selection, keysOf(shown)), [selection, shown]);
  return {
    text,
    setText,
    appliedText,
    tags,
    setTags,
    tagOptions,
    sort,
    sortBy,
    shown,
    total,
    selection,
    selected,
    hiddenSelected,
    allShownSelected,
    toggle,
    toggleAll: toggleAllShown,
    clearSelection,
  };
}
