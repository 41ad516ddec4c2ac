import type { ParsedTable } from './table-cache.ts';

/** What a page read asks for: where, how many, which rows (a text, in one column or any) and in what order. */
export interface PageRequest {
  offset: number;
  limit: number;
  filter?: string;
  filterColumn?: number;
  sortColumn?: number;
  descending: boolean;
}

/** The lower-case text the filter looks in, one per row: a column's cells, or (no column) each row's cells joined by U+0000. */
function loweredText(table: ParsedTable, column: number | undefined): string[] {
  const key = column === undefined ? '*' : String(column);
  const known = table.lowered.get(key);
  if (known) return known;
  const made = table.rows.map((row) => (column === undefined ? row.join('\u0000') : (row[column] ?? '')).toLowerCase());
  table.lowered.set(key, made);
  return made;
}

/** Compares cells as numbers when both are numbers, as text otherwise (numbers first). */
function compareCells(a: string, b: string): number {
  const x = a.trim() === '' ? NaN : Number(a);
  const y = b.trim() === '' ? NaN : Number(b);
  const xNumber = !Number.isNaN(x);
  const yNumber = !Number.isNaN(y);
  if (xNumber && yNumber) return x - y;
  if (xNumber !== yNumber) return xNumber ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The table's row indexes sorted by one column (stable), made once per column and order and kept with the table. */
function orderOf(table: ParsedTable, column: number, descending: boolean): Uint32Array {
  const key = `${column}:${descending ? 'desc' : 'asc'}`;
  const known = table.orders.get(key);
  if (known) return known;
  const cells = table.rows.map((row) => row[column] ?? '');
  const sign = descending ? -1 : 1;
  const order = Uint32Array.from(cells.keys()).sort((a, b) => sign * compareCells(cells[a]!, cells[b]!) || a - b);
  table.orders.set(key, order);
  return order;
}

/**
 * The indexes of the rows that pass the request's filter, in its order. The last answer is kept on the table: the
 * next page of the same filter reuses it, and a filter whose text contains the last one's (typing on) looks only
 * among the rows that one kept.
 */
function matchingRows(table: ParsedTable, request: PageRequest, order: Uint32Array | undefined): Uint32Array | undefined {
  const text = request.filter?.toLowerCase() ?? '';
  if (text === '') return order;
  const lowered = loweredText(table, request.filterColumn);
  const scope = `${request.filterColumn ?? '*'}|${request.sortColumn ?? '-'}|${request.descending ? 'desc' : 'asc'}|`;
  const last = table.matches;
  if (last?.filter === scope + text) return last.rows;
  const narrowing = last !== undefined && last.filter.startsWith(scope) && text.includes(last.filter.slice(scope.length));
  const candidates = narrowing ? last.rows : (order ?? Uint32Array.from(table.rows.keys()));
  const rows = candidates.filter((index) => lowered[index]!.includes(text));
  table.matches = { filter: scope + text, rows };
  return rows;
}

/** One page of a parsed table after its filter and sort, and how many rows match. */
export function pageOf(table: ParsedTable, request: PageRequest): { rows: string[][]; total: number } {
  const order = request.sortColumn === undefined ? undefined : orderOf(table, request.sortColumn, request.descending);
  const matching = matchingRows(table, request, order);
  const end = request.offset + request.limit;
  if (!matching) return { rows: table.rows.slice(request.offset, end), total: table.rows.length };
  return { rows: Array.from(matching.subarray(request.offset, end), (index) => table.rows[index]!), total: matching.length };
}
