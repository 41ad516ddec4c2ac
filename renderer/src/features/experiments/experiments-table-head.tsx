import { Checkbox, TableCell, TableHead, TableRow, TableSortLabel, Tooltip } from '@mui/material';
import { memo } from 'react';
import { columnId, columnLabel, type SummaryColumn } from './summary-columns.ts';
import { ACTIONS_WIDTH, BASE_COLUMNS, CHECK_WIDTH, SUMMARY_WIDTH } from './table-columns.ts';
import { isSummarySort, type SortColumn, type TableSort } from './table-sort.ts';

/** What the head of the experiments table shows and reports. */
interface HeadProps {
  sort: TableSort;
  summaryColumns: readonly SummaryColumn[];
  rowCount: number;
  allShownSelected: boolean;
  someSelected: boolean;
  onSort(column: SortColumn | SummaryColumn): void;
  onToggleAll(): void;
}

/** The select-all box: the only part of the head that changes with the number of rows shown (each filter keystroke). */
const SelectAllCell = memo(function SelectAllCell({ rowCount, allShownSelected, someSelected, onToggleAll }: Pick<HeadProps, 'rowCount' | 'allShownSelected' | 'someSelected' | 'onToggleAll'>) {
  return (
    <TableCell padding="checkbox" sx={{ left: 0, zIndex: 3 }}>
      <Checkbox
        checked={allShownSelected}
        indeterminate={someSelected}
        disabled={rowCount === 0}
        onChange={onToggleAll}
        slotProps={{ input: { 'aria-label': allShownSelected ? 'Clear the selection' : `Select all ${rowCount} shown experiments` } }}
      />
    </TableCell>
  );
});

/** The Name header stays at the left edge with its column (the head cells are already sticky at the top). */
const PINNED_NAME = { left: CHECK_WIDTH, zIndex: 3 } as const;

/** The sort labels and summary column titles: they change only with the sort and the chosen columns. */
const ColumnCells = memo(function ColumnCells({ sort, summaryColumns, onSort }: Pick<HeadProps, 'sort' | 'summaryColumns' | 'onSort'>) {
  const summarySorted = isSummarySort(sort) ? columnId(sort.summary) : undefined;
  const baseSorted = isSummarySort(sort) ? undefined : sort.column;
  return (
    <>
      {BASE_COLUMNS.map((column) => (
        <TableCell key={column.id} sortDirection={baseSorted === column.id ? sort.direction : false} sx={column.id === 'name' ? PINNED_NAME : undefined}>
          <TableSortLabel active={baseSorted === column.id} direction={baseSorted === column.id ? sort.direction : 'asc'} onClick={() => onSort(column.id)}>
            {column.label}
          </TableSortLabel>
        </TableCell>
      ))}
      {summaryColumns.map((column) => (
        <Tooltip key={columnId(column)} describeChild title={`${column.kind === 'metric' ? 'Metric' : 'Parameter'} “${column.name}”: sorted by the service`}>
          <TableCell sortDirection={summarySorted === columnId(column) ? sort.direction : false} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            <TableSortLabel active={summarySorted === columnId(column)} direction={summarySorted === columnId(column) ? sort.direction : 'asc'} onClick={() => onSort(column)}>
              {columnLabel(column)}
            </TableSortLabel>
          </TableCell>
        </Tooltip>
      ))}
    </>
  );
});

/**
 * The column widths and the head of the experiments table: select-all, sort labels, summary columns. Memoized apart
 * from the body: the body renders on every scroll step, the head's MUI controls only when what they show changes
 * (a new row count re-renders the select-all box alone).
 */
export const ExperimentsTableHead = memo(function ExperimentsTableHead({ sort, summaryColumns, rowCount, allShownSelected, someSelected, onSort, onToggleAll }: HeadProps) {
  return (
    <>
      <colgroup>
        <col style={{ width: CHECK_WIDTH }} />
        {BASE_COLUMNS.map((column) => (
          <col key={column.id} style={{ width: column.width }} />
        ))}
        {summaryColumns.map((column) => (
          <col key={columnId(column)} style={{ width: SUMMARY_WIDTH }} />
        ))}
        <col style={{ width: ACTIONS_WIDTH }} />
      </colgroup>
      <TableHead>
        <TableRow aria-rowindex={1}>
          <SelectAllCell rowCount={rowCount} allShownSelected={allShownSelected} someSelected={someSelected} onToggleAll={onToggleAll} />
          <ColumnCells sort={sort} summaryColumns={summaryColumns} onSort={onSort} />
          <TableCell padding="none" sx={{ right: 0, zIndex: 3 }}>
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
          </TableCell>
        </TableRow>
      </TableHead>
    </>
  );
});
