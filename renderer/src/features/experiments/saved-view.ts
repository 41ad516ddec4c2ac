import { useCallback, useMemo } from 'react';
import { useUiStore } from '../../lib/ui-store.ts';
import { columnId, type SummaryColumn } from './summary-columns.ts';
import { DEFAULT_SORT, isSummarySort, type SortColumn, type TableSort } from './table-sort.ts';

const SORT_COLUMNS: readonly SortColumn[] = ['name', 'key', 'state', 'start', 'duration', 'tags'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isDirection = (value: unknown): value is 'asc' | 'desc' => value === 'asc' || value === 'desc';

/** A summary column as kept, or undefined when what was kept is not one (an older or damaged store). */
function columnOf(value: unknown): SummaryColumn | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name === '') return undefined;
  const { kind, aggregate } = value;
  if ((kind !== 'metric' && kind !== 'param') || (aggregate !== 'current' && aggregate !== 'min' && aggregate !== 'max')) return undefined;
  return { kind, name: value.name, aggregate };
}

/** The columns as kept (anything else dropped). */
export function restoreColumns(value: unknown): readonly SummaryColumn[] {
  return Array.isArray(value) ? value.flatMap((item) => columnOf(item) ?? []) : [];
}

/** The sort as kept, else the table's first sort. */
export function restoreSort(value: unknown): TableSort {
  if (!isRecord(value) || !isDirection(value.direction)) return DEFAULT_SORT;
  const summary = columnOf(value.summary);
  if (summary) return { summary, direction: value.direction };
  const column = SORT_COLUMNS.find((one) => one === value.column);
  return column ? { column, direction: value.direction } : DEFAULT_SORT;
}

/** A project's table filter text, sort and summary columns, kept in the persisted UI store under `viewKey` until changed. */
export function useSavedView(viewKey: string) {
  const saved = useUiStore((state) => state.tableViews[viewKey]);
  const keep = useUiStore((state) => state.keepTableView);
  const sort = useMemo(() => restoreSort(saved?.sort), [saved?.sort]);
  const columns = useMemo(() => restoreColumns(saved?.columns), [saved?.columns]);
  const setText = useCallback((text: string) => keep(viewKey, { text }), [keep, viewKey]);
  const setSort = useCallback(
    (update: (current: TableSort) => TableSort) => keep(viewKey, { sort: update(restoreSort(useUiStore.getState().tableViews[viewKey]?.sort)) }),
    [keep, viewKey],
  );
  // Removing the column the table sorts by goes back to the first sort.
  const setColumns = useCallback(
    (next: readonly SummaryColumn[]) => {
      const current = restoreSort(useUiStore.getState().tableViews[viewKey]?.sort);
      const orphaned = isSummarySort(current) && !next.some((column) => columnId(column) === columnId(current.summary));
      keep(viewKey, orphaned ? { columns: next, sort: DEFAULT_SORT } : { columns: next });
    },
    [keep, viewKey],
  );
  return { text: saved?.text ?? '', setText, sort, setSort, columns, setColumns };
}
