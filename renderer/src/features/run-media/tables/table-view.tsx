import { Box, ButtonBase, FormControl, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useState } from 'react';
import { CannotDisplay, type RunAsset } from '../av-common/index.ts';
import { useTablePages, type TableShape } from './table-pages.ts';

const ROW_HEIGHT = 32;
const HEIGHT = 480;
/** The filter-column choice that looks in every column. */
const ANY_COLUMN = '';

/** A table asset as a virtualised grid read in pages from the service, sortable by a column and filtered by a text. */
export function TableView({ experimentKey, asset }: { experimentKey: string; asset: RunAsset }) {
  const [filter, setFilter] = useState('');
  const [filterColumn, setFilterColumn] = useState(ANY_COLUMN);
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' }>();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [range, setRange] = useState({ first: 0, last: 0 });
  const shape: TableShape = { filter: useDeferredValue(filter), filterColumn: filterColumn || undefined, sortColumn: sort?.column, sortOrder: sort?.order ?? 'asc' };
  const table = useTablePages(experimentKey, asset.assetId, shape, range.first, range.last);
  // The virtualizer's functions are read each render on purpose (the React Compiler skips this component).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: table.count,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    onChange: (instance) => {
      const items = instance.getVirtualItems();
      const first = items[0]?.index ?? 0;
      const last = items.at(-1)?.index ?? 0;
      if (first !== range.first || last !== range.last) setRange({ first, last });
    },
  });
  if (table.error && !table.columns) return <CannotDisplay kind="table" reason={table.error.message} experimentKey={experimentKey} asset={asset} />;
  const columns = table.columns ?? [];
  const template = `repeat(${Math.max(columns.length, 1)}, minmax(96px, 1fr))`;
  const toggleSort = (column: string) => setSort((current) => (current?.column !== column ? { column, order: 'asc' } : current.order === 'asc' ? { column, order: 'desc' } : undefined));
  const counted = table.total === null ? `${table.count - 1 > 0 ? `${table.count - 1}+` : 'Counting'} rows` : `${table.total} ${table.total === 1 ? 'row' : 'rows'}${shape.filter ? ' match' : ''}`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField size="small" id={`table-filter-${asset.assetId}`} label="Filter rows" value={filter} onChange={(event) => setFilter(event.target.value)} />
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={`filter-column-${asset.assetId}`}>In column</InputLabel>
          <Select labelId={`filter-column-${asset.assetId}`} label="In column" value={filterColumn} onChange={(event) => setFilterColumn(event.target.value)}>
            <MenuItem value={ANY_COLUMN}>Any column</MenuItem>
            {columns.map((column) => (
              <MenuItem key={column} value={column}>{column}</MenuItem>
            ))}
          </Select>
        </FormControl>
        <Typography variant="body2" color="text.secondary" role="status" aria-label="Rows shown">
          {table.columns ? counted : 'Loading…'}
        </Typography>
      </Stack>
      {table.error && <CannotDisplay kind="table" reason={table.error.message} experimentKey={experimentKey} asset={asset} />}
      <Box role="table" aria-label={`Table ${asset.fileName}`} aria-rowcount={table.total ?? -1} data-filter={table.current ? shape.filter : undefined} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 13 }}>
        <Box role="rowgroup">
          <Box role="row" sx={{ display: 'grid', gridTemplateColumns: template, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}>
            {columns.map((column) => {
              const sorted = sort?.column === column ? sort.order : undefined;
              return (
                <Box key={column} role="columnheader" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} sx={{ px: 1 }}>
                  <ButtonBase onClick={() => toggleSort(column)} aria-label={`Sort by ${column}`} sx={{ font: 'inherit', fontWeight: 600, height: ROW_HEIGHT, width: '100%', justifyContent: 'flex-start' }}>
                    {column}
                    {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                  </ButtonBase>
                </Box>
              );
            })}
          </Box>
        </Box>
        <Box ref={setScroller} role="rowgroup" sx={{ height: HEIGHT, overflow: 'auto', position: 'relative' }}>
          <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = table.rowAt(item.index);
              return (
                <Box
                  key={item.index}
                  role="row"
                  aria-rowindex={item.index + 2}
                  sx={{ display: 'grid', gridTemplateColumns: template, position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
                >
                  {row ? (
                    row.map((cell, i) => (
                      <Box key={i} role="cell" sx={{ px: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={cell}>
                        {cell}
                      </Box>
                    ))
                  ) : (
                    <Box role="cell" sx={{ px: 1, color: 'text.secondary' }}>…</Box>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}
