import { ApiError, badRequest } from '../http/api-error.ts';
import { SdkError } from '../../../shared/api/index.ts';
import { tableFormatOf, type TableFormat } from '../../../shared/media/tables.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { StoredAsset } from '../assets/index.ts';
import { parsedCost, TableCache, type ParsedTable } from './table-cache.ts';
import { pageOf, type PageRequest } from './table-page.ts';
import { scanTable } from './table-scan.ts';
import { unreadable } from './unreadable.ts';

/** Tables up to this size are parsed whole at the first read (larger ones answer a plain first page by streaming only that far). */
export const STREAM_FIRST_PAGE_ABOVE_BYTES = 1024 * 1024;
/** Tables up to this size are parsed whole (once, then cached) so that filters, sorts and far pages answer from memory. */
export const PARSE_WHOLE_LIMIT_BYTES = 32 * 1024 * 1024;
/** What the parsed tables of the service may take in memory together (least recently used dropped first). */
export const TABLE_CACHE_BUDGET_BYTES = 256 * 1024 * 1024;

/** What a page read names: the columns by name, as the wire carries them. */
export interface TableQuery {
  offset?: number;
  limit?: number;
  filter?: string;
  filterColumn?: string;
  sortColumn?: string;
  sortOrder?: 'asc' | 'desc';
}

/** One page as answered: the format, columns, rows, where it starts and how many rows match (null when not counted yet). */
export interface TablePageReply {
  format: TableFormat;
  columns: string[];
  rows: string[][];
  offset: number;
  total: number | null;
}

/** Reads pages of table assets: the first plain page streamed from the blob, the rest from a parsed form cached per blob. */
export interface TableReader {
  page(asset: StoredAsset, query: TableQuery): Promise<TablePageReply>;
}

/** A table reader over a blob store, with its own cache of parsed tables. */
export function createTableReader(blobs: BlobStore, cache = new TableCache(TABLE_CACHE_BUDGET_BYTES)): TableReader {
  const parsing = new Map<string, Promise<ParsedTable>>();

  /** The parsed whole of a blob: from the cache, or parsed once (concurrent askers share the parse). */
  const parsed = (blob: string, format: TableFormat, fileSize: number): Promise<ParsedTable> => {
    const cached = cache.get(blob);
    if (cached) return Promise.resolve(cached);
    const running = parsing.get(blob);
    if (running) return running;
    const rows: string[][] = [];
    const parse = scanTable(blobs.read(blob), format, (row) => rows.push(row) > 0)
      .then(({ columns }) => {
        const table: ParsedTable = { columns, rows, orders: new Map(), lowered: new Map(), cost: parsedCost(fileSize, rows.length * Math.max(columns.length, 1)) };
        cache.set(blob, table);
        return table;
      })
      .finally(() => parsing.delete(blob));
    parsing.set(blob, parse);
    return parse;
  };

  /** The first rows of a blob read by streaming only as far as they go; the total when the file ended within them. */
  const streamedPage = async (blob: string, format: TableFormat, offset: number, limit: number) => {
    const rows: string[][] = [];
    const scan = await scanTable(blobs.read(blob), format, (row, index) => {
      if (index >= offset) rows.push(row);
      return index + 1 < offset + limit;
    });
    return { columns: scan.columns, rows, total: scan.complete ? scan.rowsSeen : null };
  };

  return {
    page: async (asset, query) => {
      const format = tableFormatOf(asset.fileName);
      if (!format) throw unreadable(`"${asset.fileName}" is not a table: tables are .csv, .tsv or .json (records) files.`);
      if (asset.blob === null) throw unreadable(`"${asset.fileName}" is a remote asset: open it from ${asset.remoteLink ?? 'its link'}.`);
      const blob = asset.blob;
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 100;
      const plain = !query.filter && query.sortColumn === undefined;
      const small = asset.fileSize <= PARSE_WHOLE_LIMIT_BYTES;
      if (plain && asset.fileSize > STREAM_FIRST_PAGE_ABOVE_BYTES && !cache.get(blob)) {
        const page = await streamedPage(blob, format, offset, limit);
        // The parsed form is made after this answer, for the next page, filter or sort.
        if (small) parsed(blob, format, asset.fileSize).catch(() => undefined);
        return { format, offset, ...page };
      }
      if (!small) throw new ApiError(413, SdkError.tooLarge, `"${asset.fileName}" is larger than ${PARSE_WHOLE_LIMIT_BYTES} bytes: it can be paged through but not filtered or sorted here; download it instead.`);
      const table = await parsed(blob, format, asset.fileSize);
      const page = pageOf(table, { offset, limit, filter: query.filter, filterColumn: columnIndex(table, query.filterColumn), sortColumn: columnIndex(table, query.sortColumn), descending: query.sortOrder === 'desc' });
      return { format, columns: table.columns, offset, ...page };
    },
  };
}

/** The index of a named column (400 naming the columns when there is none of that name); undefined for none asked. */
function columnIndex(table: ParsedTable, name: string | undefined): PageRequest['filterColumn'] {
  if (name === undefined) return undefined;
  const index = table.columns.indexOf(name);
  if (index < 0) throw badRequest(`The table has no column "${name}"; its columns are ${table.columns.map((column) => `"${column}"`).join(', ')}.`);
  return index;
}
