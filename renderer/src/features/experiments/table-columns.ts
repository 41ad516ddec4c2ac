import type { SortColumn } from './table-sort.ts';

/** A base column of the experiments table: its header, width, and the sort it offers. */
interface BaseColumn {
  id: SortColumn;
  label: string;
  width: number;
}

/** The base columns, in order (the selection checkbox comes before, summary columns and row actions after). */
export const BASE_COLUMNS: readonly BaseColumn[] = [
  { id: 'name', label: 'Name', width: 230 },
  { id: 'key', label: 'Key', width: 150 },
  { id: 'state', label: 'State', width: 130 },
  { id: 'start', label: 'Start', width: 165 },
  { id: 'duration', label: 'Duration', width: 120 },
  { id: 'tags', label: 'Tags', width: 200 },
];

/** Width of the selection column, each summary column, and the row actions column. */
export const CHECK_WIDTH = 52;
/** Width of one chosen summary column. */
export const SUMMARY_WIDTH = 130;
/** Width of the row actions column. */
export const ACTIONS_WIDTH = 56;
/** Height of one row (fixed, so the virtualizer never measures). */
export const ROW_HEIGHT = 44;
