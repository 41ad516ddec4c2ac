import type { Sql } from './sql.ts';
import type { LoggedPoint } from './logged-data-summary.ts';
import type { MetricInput } from './logged-data-values.ts';

/** Rows of metric_points flattened, POINT_COLUMNS values per row: item_id, step (-1: none), timestamp, seq, value, epoch, context. */
export type PointRows = (string | number | null)[];

/** Values per row of PointRows. */
export const POINT_COLUMNS = 7;

/**
 * Rows per INSERT statement, largest first: a batch of 1,000 points is 40 statements instead of a thousand. Larger
 * statements gained little, and kept prepared they made every single-point commit on the connection some 15% slower.
 */
const ROWS_PER_STATEMENT = [25, 1] as const;

/** Inserts metric point rows (flattened), several rows per statement. */
export type PointWriter = (rows: PointRows) => Promise<void>;

/**
 * Creates the writer of metric points. One statement per row spends most of its time binding and stepping a
 * statement; a statement of many rows pays that once per chunk (same rows, same table, same order of arrival).
 * PostgreSQL takes any number of rows in one statement, a column per array parameter (one round trip).
 */
export function createPointWriter(db: Sql): PointWriter {
  if (db.dialect === 'postgres') return createArrayPointWriter(db);
  const statements = ROWS_PER_STATEMENT.map((size) => ({
    size,
    statement: db.prepare(
      `INSERT INTO metric_points (item_id, step, timestamp, seq, value, epoch, context) VALUES ${Array.from({ length: size }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    ),
  }));
  return async (rows) => {
    const count = rows.length / POINT_COLUMNS;
    let written = 0;
    for (const { size, statement } of statements) {
      for (; count - written >= size; written += size) await statement.run(...rows.slice(written * POINT_COLUMNS, (written + size) * POINT_COLUMNS));
    }
  };
}

/** PostgreSQL: an insert of every row, the rows' columns as seven array parameters (see pointArrays). */
export const POINT_ARRAYS_INSERT = `INSERT INTO metric_points (item_id, step, timestamp, seq, value, epoch, context)
  SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::bigint[], ?::text[])`;

/** The seven column arrays of POINT_ARRAYS_INSERT for flattened rows. */
export function pointArrays(rows: PointRows): (string | number | null)[][] {
  const columns: (string | number | null)[][] = Array.from({ length: POINT_COLUMNS }, () => []);
  for (let index = 0; index < rows.length; index += 1) (columns[index % POINT_COLUMNS] as (string | number | null)[]).push(rows[index] as string | number | null);
  return columns;
}

/** PostgreSQL's writer: every row in one statement (one round trip). */
function createArrayPointWriter(db: Sql): PointWriter {
  const statement = db.prepare(POINT_ARRAYS_INSERT);
  return async (rows) => {
    if (rows.length > 0) await statement.run(...pointArrays(rows));
  };
}

/** The indices of a batch's points per series name, each list in arrival order, series in order of first appearance. */
export function groupBySeries(points: readonly MetricInput[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let index = 0; index < points.length; index += 1) {
    const name = (points[index] as MetricInput).name;
    const group = groups.get(name);
    if (group) group.push(index);
    else groups.set(name, [index]);
  }
  return groups;
}

/**
 * The series whose limit of `maxPerSeries` values the batch would pass first in arrival order (as appending the
 * points one by one would find it), or undefined when every series has room. `countOf` gives a series' stored count.
 */
export function firstFullSeries(groups: ReadonlyMap<string, readonly number[]>, countOf: (name: string) => number, maxPerSeries: number): string | undefined {
  let first: { name: string; index: number } | undefined;
  for (const [name, indices] of groups) {
    const room = maxPerSeries - countOf(name);
    if (indices.length <= room) continue;
    const index = indices[Math.max(0, room)] as number;
    if (!first || index < first.index) first = { name, index };
  }
  return first?.name;
}

/** Adds a series' rows: its points in arrival order, numbered on from `storedCount`, each value as `folded` reads it. */
export function pushSeriesRows(rows: PointRows, itemId: number, storedCount: number, inputs: readonly MetricInput[], folded: readonly LoggedPoint[]): void {
  inputs.forEach((input, index) => {
    rows.push(itemId, input.step ?? -1, input.timestamp, storedCount + index + 1, (folded[index] as LoggedPoint).value, input.epoch, input.context);
  });
}
