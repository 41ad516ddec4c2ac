import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { ExperimentRow, ExperimentState } from './experiment-row.ts';
import { allSelected, clickRow, EMPTY_SELECTION, keepShown, toggleAll, type Selection } from './selection.ts';
import { filterRows, tagCounts } from './table-filter.ts';
import { DEFAULT_SORT, sortRows, toggleSort, type SortColumn, type SortOrder } from './table-sort.ts';

/** The states shown at first: the live experiments. */
export const DEFAULT_STATES: ReadonlySet<ExperimentState> = new Set(['running', 'finished']);

/** The table's filter, sort and selection over a set of rows, and the rows they produce. */
interface TableView {
  text: string;
  setText(text: string): void;
  /** The filter text the shown rows reflect (lags `text` while a large table filters). */
  appliedText: string;
  tags: readonly string[];
  setTags(tags: readonly string[]): void;
  tagOptions: { tag: string; count: number }[];
  sort: SortOrder;
  sortBy(column: SortColumn): void;
  /** The rows after sorting and filtering, in display order. */
  shown: ExperimentRow[];
  selection: Selection;
  selected: ExperimentRow[];
  allShownSelected: boolean;
  toggle(key: string, shift: boolean): void;
  toggleAll(): void;
  clearSelection(): void;
}

/**
 * The rows to show of those loaded for `states`. Sorting runs when the rows or the sort change, filtering when the filter changes (on the sorted rows, so a
 * keystroke never re-sorts); the text filter is deferred so typing stays responsive on 100,000 rows.
 */
export function useTableView(rows: readonly ExperimentRow[], states: ReadonlySet<ExperimentState>): TableView {
  const [text, setText] = useState('');
  const [tags, setTags] = useState<readonly string[]>([]);
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const appliedText = useDeferredValue(text);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => filterRows(sorted, { text: appliedText, tags, states }), [sorted, appliedText, tags, states]);
  const shownKeys = useMemo(() => shown.map((row) => row.key), [shown]);
  const tagOptions = useMemo(() => tagCounts(rows), [rows]);
  const [prunedFor, setPrunedFor] = useState(shownKeys);
  if (prunedFor !== shownKeys) {
    // The shown rows changed (filter, refresh): drop selected rows no longer shown, so actions never touch hidden ones.
    setPrunedFor(shownKeys);
    setSelection(keepShown(selection, shownKeys));
  }
  const toggle = useCallback((key: string, shift: boolean) => setSelection((current) => clickRow(current, shownKeys, key, shift)), [shownKeys]);
  const sortBy = useCallback((column: SortColumn) => setSort((current) => toggleSort(current, column)), []);
  const toggleAllShown = useCallback(() => setSelection((current) => toggleAll(current, shownKeys)), [shownKeys]);
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const selected = useMemo(() => (selection.keys.size === 0 ? [] : shown.filter((row) => selection.keys.has(row.key))), [shown, selection]);
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
    selection,
    selected,
    allShownSelected: allSelected(selection, shownKeys),
    toggle,
    toggleAll: toggleAllShown,
    clearSelection,
  };
}
