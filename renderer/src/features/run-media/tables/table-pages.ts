import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { apiQueryKey, callApi, type ApiReply } from '../../../lib/api.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';

/** Rows read per page of a table. */
export const TABLE_PAGE_ROWS = 200;

/** What the table shows: which rows (a text, in one column or any) in which order. */
export interface TableShape {
  filter: string;
  filterColumn?: string;
  sortColumn?: string;
  sortOrder: 'asc' | 'desc';
}

/** One page as the service answers it. */
type TablePage = ApiReply<'readTable'>;

/** What the loaded pages tell: columns, rows by position, how many rows there are (or at least), and the first failure. */
export interface LoadedTable {
  columns: string[] | undefined;
  rowAt(index: number): string[] | undefined;
  /** The rows to lay out: the total when known, else the rows seen so far and one more while more may come. */
  count: number;
  total: number | null;
  error: Error | null;
  fetching: boolean;
  /** Whether the rows shown are those of this filter and sort (not the previous ones, kept while these load). */
  current: boolean;
}

/** Reads the pages of a table asset that cover rows `first`…`last` (the visible range), for one filter and sort. */
export function useTablePages(experimentKey: string, assetId: string, shape: TableShape, first: number, last: number): LoadedTable {
  const profileId = useActiveProfile().id;
  const pages = new Set([0]);
  for (let page = Math.floor(first / TABLE_PAGE_ROWS); page <= Math.floor(last / TABLE_PAGE_ROWS); page++) pages.add(page);
  const indexes = [...pages];
  const results = useQueries({
    queries: indexes.map((page) => {
      const query = {
        experimentKey,
        assetId,
        offset: page * TABLE_PAGE_ROWS,
        limit: TABLE_PAGE_ROWS,
        ...(shape.filter ? { filter: shape.filter, ...(shape.filterColumn ? { filterColumn: shape.filterColumn } : {}) } : {}),
        ...(shape.sortColumn ? { sortColumn: shape.sortColumn, sortOrder: shape.sortOrder } : {}),
      };
      return { queryKey: apiQueryKey(profileId, 'readTable', query), queryFn: () => callApi('readTable', { query }, profileId), staleTime: Infinity, retry: false, placeholderData: page === 0 ? keepPreviousData : undefined };
    }),
  });
  const loaded = new Map<number, TablePage>();
  results.forEach((result, i) => result.data && loaded.set(indexes[i]!, result.data));
  const firstPage = loaded.get(0);
  const total = [...loaded.values()].find((page) => page.total !== null)?.total ?? null;
  const seen = Math.max(0, ...[...loaded.values()].map((page) => page.offset + page.rows.length));
  const more = [...loaded.values()].some((page) => page.offset + page.rows.length === seen && page.rows.length === TABLE_PAGE_ROWS);
  return {
    columns: firstPage?.columns,
    rowAt: (index) => loaded.get(Math.floor(index / TABLE_PAGE_ROWS))?.rows[index % TABLE_PAGE_ROWS],
    count: total ?? seen + (more ? 1 : 0),
    total,
    error: results.find((result) => result.error)?.error ?? null,
    fetching: results.some((result) => result.isFetching),
    current: results[0]?.data !== undefined && !results[0].isPlaceholderData,
  };
}
