import { Table, TableBody, TableContainer } from '@mui/material';
import { memo, useCallback, useRef, useState } from 'react';
import type { ExperimentRow } from './experiment-row.ts';
import { ExperimentsTableHead } from './experiments-table-head.tsx';
import type { LazyKind, LazyRowData } from './lazy-row-data.ts';
import type { Selection } from './selection.ts';
import type { SummaryColumn } from './summary-columns.ts';
import { ACTIONS_WIDTH, BASE_COLUMNS, CHECK_WIDTH, SUMMARY_WIDTH } from './table-columns.ts';
import { tableBodyStyles } from './table-styles.ts';
import type { SortColumn, TableSort } from './table-sort.ts';
import { useFillHeight } from './use-fill-height.ts';
import { VirtualRows } from './virtual-rows.tsx';

/** What the table shows and how it reports clicks. */
interface ExperimentsTableProps {
  /** The rows after filtering and sorting. */
  rows: readonly ExperimentRow[];
  selection: Selection;
  allShownSelected: boolean;
  sort: TableSort;
  summaryColumns: readonly SummaryColumn[];
  lazy: LazyRowData;
  /** What to fetch for the rows on screen: the chosen columns' summaries, and tags when the service has no bulk tag read. */
  lazyKinds: readonly LazyKind[];
  /** False when tags must be fetched per visible row (the service has no bulk tag read). */
  tagsListed: boolean;
  /** The filter text the rows reflect (set as `data-filter`, so tests and benchmarks can wait for it). */
  appliedFilter: string;
  onSort(column: SortColumn | SummaryColumn): void;
  onToggle(key: string, shift: boolean): void;
  onToggleAll(): void;
  onMenu(row: ExperimentRow, anchor: HTMLElement): void;
  /** Removes one tag from a row (the × on the tag). */
  onRemoveTag(row: ExperimentRow, tag: string): void;
  /** Why the caller may not remove tags (the × is disabled with this reason), if so. */
  removeTagRefusal: string | undefined;
}

/**
 * The experiments table: MUI table, head and sort labels; only the rows on screen rendered, as light rows
 * (fast at 100,000 rows, see `VirtualRows`). Memoized: a filter keystroke re-renders it once, when the filtered rows
 * are ready; a scroll step renders the rows alone.
 */
export const ExperimentsTable = memo(function ExperimentsTable(props: ExperimentsTableProps) {
  const { rows, selection, sort, summaryColumns } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const height = useFillHeight(scrollRef);
  // The rows need the scroller as an element: a ref of this component is set only after the rows' first layout effects.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScroller(element);
  }, []);
  const columnCount = 2 + BASE_COLUMNS.length + summaryColumns.length;
  const width = CHECK_WIDTH + BASE_COLUMNS.reduce((sum, column) => sum + column.width, 0) + summaryColumns.length * SUMMARY_WIDTH + ACTIONS_WIDTH;
  const someSelected = selection.keys.size > 0 && !props.allShownSelected;
  return (
    <TableContainer
      ref={attachScroller}
      data-filter={props.appliedFilter}
      data-row-count={rows.length}
      tabIndex={0}
      aria-label="Experiments table, scrollable"
      sx={[{ height, overflow: 'auto', borderTop: 1, borderColor: 'divider', contain: 'strict' }, tableBodyStyles]}
    >
      <Table stickyHeader size="small" aria-label="Experiments" aria-rowcount={rows.length + 1} sx={{ tableLayout: 'fixed', width, minWidth: '100%' }}>
        <ExperimentsTableHead
          sort={sort}
          summaryColumns={summaryColumns}
          rowCount={rows.length}
          allShownSelected={props.allShownSelected}
          someSelected={someSelected}
          onSort={props.onSort}
          onToggleAll={props.onToggleAll}
        />
        <TableBody>
          <VirtualRows
            rows={rows}
            scroller={scroller}
            columnCount={columnCount}
            selection={selection}
            summaryColumns={summaryColumns}
            lazy={props.lazy}
            lazyKinds={props.lazyKinds}
            tagsListed={props.tagsListed}
            onToggle={props.onToggle}
            onMenu={props.onMenu}
            onRemoveTag={props.onRemoveTag}
            removeTagRefusal={props.removeTagRefusal}
          />
        </TableBody>
      </Table>
    </TableContainer>
  );
});
