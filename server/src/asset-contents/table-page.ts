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

/** A predicate over rows for the request's filter (case-insensitive text in one column or any); undefined without one. */
export function rowFilter(request: PageRequest): ((row: string[]) => boolean) | undefined {
  const wanted = request.filter?.toLowerCase();
  if (!wanted) return undefined;
  const column = request.filterColumn;
  if (column !== undefined) return (row) => (row[column] ?? '').toLowerCase().includes(wanted);
  return (row) => row.some((cell) => cell.toLowerCase().includes(wanted));
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

/** One page of a parsed table after its filter and sort, and how many rows match. */
export function pageOf(table: ParsedTable, request: PageRequest): { rows: string[][]; total: number } {
  const keep = rowFilter(request);
  const order = request.sortColumn === undefined ? undefined : orderOf(table, request.sortColumn, request.descending);
  const end = request.offset + request.limit;
  const rows: string[][] = [];
  let total = 0;
  for (let position = 0; position < table.rows.length; position++) {
    const row = table.rows[order ? order[position]! : position]!;
    if (keep && !keep(row)) continue;
    if (total >= request.offset && total < end) rows.push(row);
    total++;
  }
  return { rows, total };
}
