import { Table, TableBody, TableContainer } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { ExperimentRow } from './experiment-row.ts';
import { ExperimentTableRow } from './experiment-table-row.tsx';
import { ExperimentsTableHead } from './experiments-table-head.tsx';
import type { LazyKind, LazyRowData } from './lazy-row-data.ts';
import type { Selection } from './selection.ts';
import type { SummaryColumn } from './summary-columns.ts';
import { ACTIONS_WIDTH, BASE_COLUMNS, CHECK_WIDTH, ROW_HEIGHT, SUMMARY_WIDTH } from './table-columns.ts';
import { tableBodyStyles } from './table-styles.ts';
import type { SortColumn, SortOrder } from './table-sort.ts';
import { useFillHeight } from './use-fill-height.ts';
import { useLazyRowData } from './use-lazy-row-data.ts';

/** What the table shows and how it reports clicks. */
interface ExperimentsTableProps {
  /** The rows after filtering and sorting. */
  rows: readonly ExperimentRow[];
  selection: Selection;
  allShownSelected: boolean;
  sort: SortOrder;
  summaryColumns: readonly SummaryColumn[];
  lazy: LazyRowData;
  /** What to fetch for the rows on screen: the chosen columns' summaries, and tags when the service has no bulk tag read. */
  lazyKinds: readonly LazyKind[];
  /** False when tags must be fetched per visible row (the service has no bulk tag read). */
  tagsListed: boolean;
  /** The filter text the rows reflect (set as `data-filter`, so tests and benchmarks can wait for it). */
  appliedFilter: string;
  onSort(column: SortColumn): void;
  onToggle(key: string, shift: boolean): void;
  onToggleAll(): void;
  onMenu(row: ExperimentRow, anchor: HTMLElement): void;
}

const estimateSize = () => ROW_HEIGHT;
/** Rows rendered beyond each edge of the viewport: every one is rendered and laid out again on each filter keystroke. */
const OVERSCAN = 5;

const spacer = (height: number, columns: number) =>
  height > 0 ? (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  ) : null;

/**
 * The experiments table: MUI table, head and sort labels; only the rows on screen rendered, as light rows
 * (fast at 100,000 rows). Memoized: a filter keystroke re-renders it once, when the filtered rows are ready.
 */
export const ExperimentsTable = memo(function ExperimentsTable(props: ExperimentsTableProps) {
  const { rows, selection, sort, summaryColumns, lazy, tagsListed } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(scrollRef);
  // Items keyed by index (rows have one fixed height): the virtualizer lays out every row again only when the count
  // changes, not on every live update of a few rows.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const visibleKeys = items.map((item) => rows[item.index]?.key ?? '').filter((key) => key !== '');
  useLazyRowData(lazy, props.lazyKinds, visibleKeys);

  const columnCount = 2 + BASE_COLUMNS.length + summaryColumns.length;
  const width = CHECK_WIDTH + BASE_COLUMNS.reduce((sum, column) => sum + column.width, 0) + summaryColumns.length * SUMMARY_WIDTH + ACTIONS_WIDTH;
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const someSelected = selection.keys.size > 0 && !props.allShownSelected;
  return (
    <TableContainer
      ref={scrollRef}
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
          {spacer(top, columnCount)}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <ExperimentTableRow
                key={row.key}
                row={row}
                index={item.index}
                selected={selection.keys.has(row.key)}
                summaryColumns={summaryColumns}
                metrics={lazy.get('metric', row.key)}
                params={lazy.get('param', row.key)}
                lazyTags={tagsListed ? undefined : lazy.get('tags', row.key)}
                onToggle={props.onToggle}
                onMenu={props.onMenu}
              />
            );
          })}
          {spacer(bottom, columnCount)}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
