import type { ExperimentRow } from './experiment-row.ts';

/** What the service answered for the table's filter text and summary sort. */
export interface ServerRows {
  /** The matching experiments' keys (in the summary column's order when `sorted`); null while nothing is asked or answered. */
  keys: readonly string[] | null;
  /** True when `keys` holds only the experiments that pass the filter text. */
  filtered: boolean;
  /** True when `keys` is in the summary column's order. */
  sorted: boolean;
  /** The service's refusal of the filter text (with the character it points at), if any. */
  error: { message: string; at: number | undefined } | null;
  /** True when this service cannot filter or sort for the table: the text filters the loaded rows by name, key and tags. */
  local: boolean;
}

/** No answer from the service: the rows as they are, the text filtered here. */
export const LOCAL_ROWS: ServerRows = { keys: null, filtered: false, sorted: false, error: null, local: true };

/**
 * The rows (already in their base order) after the service's answer: only the keys it listed when it filtered, and in its
 * order when it sorted (rows it did not list, such as ones added since, after the others in their base order).
 */
export function applyServerRows(rows: readonly ExperimentRow[], server: Pick<ServerRows, 'keys' | 'filtered' | 'sorted'>): ExperimentRow[] {
  const { keys } = server;
  if (!keys || (!server.filtered && !server.sorted)) return rows as ExperimentRow[];
  const rank = new Map<string, number>();
  keys.forEach((key, index) => rank.set(key, index));
  const kept = server.filtered ? rows.filter((row) => rank.has(row.key)) : [...rows];
  if (!server.sorted) return kept;
  const last = keys.length;
  const positions = new Map(kept.map((row, index) => [row, index]));
  return kept.sort((a, b) => (rank.get(a.key) ?? last) - (rank.get(b.key) ?? last) || (positions.get(a) ?? 0) - (positions.get(b) ?? 0));
}
