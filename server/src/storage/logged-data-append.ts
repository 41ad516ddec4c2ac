import type { Sql } from './sql.ts';
import type { LoggedPoint } from './logged-data-summary.ts';
import type { MetricInput } from './logged-data-values.ts';
import { packPoints } from './metric-point-chunks.ts';

/** Points to write, flattened, POINT_COLUMNS values per point: item_id, step (-1: none), timestamp, seq, value, epoch, context. */
export type PointRows = (string | number | null)[];

/** Values per point of PointRows. */
export const POINT_COLUMNS = 7;

/**
 * Points per chunk row at most: an append of more (a seeding script's) is stored as several chunks, so that a read
 * of a short step range decodes few points.
 */
const MAX_CHUNK_POINTS = 2048;

/** One row of metric_point_chunks: item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points. */
export type ChunkRow = [number, number, number, number, number, number, number, number, string];

/** The points of one series being packed. */
interface ChunkBuilder {
  itemId: number;
  firstSeq: number;
  steps: number[];
  timestamps: number[];
  values: string[];
  epochs: (number | null)[];
  contexts: (string | null)[];
}

const newBuilder = (itemId: number, firstSeq: number): ChunkBuilder => ({ itemId, firstSeq, steps: [], timestamps: [], values: [], epochs: [], contexts: [] });

/** The row of a builder's points. */
function chunkRow(builder: ChunkBuilder): ChunkRow {
  const { steps, timestamps } = builder;
  let minStep = Number.POSITIVE_INFINITY;
  let maxStep = Number.NEGATIVE_INFINITY;
  let minTimestamp = Number.POSITIVE_INFINITY;
  let maxTimestamp = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index] as number;
    const timestamp = timestamps[index] as number;
    if (step < minStep) minStep = step;
    if (step > maxStep) maxStep = step;
    if (timestamp < minTimestamp) minTimestamp = timestamp;
    if (timestamp > maxTimestamp) maxTimestamp = timestamp;
  }
  const points = packPoints(steps, timestamps, builder.values, builder.epochs, builder.contexts);
  return [builder.itemId, builder.firstSeq, builder.firstSeq + steps.length - 1, steps.length, minStep, maxStep, minTimestamp, maxTimestamp, points];
}

/**
 * Packs point rows into chunk rows: a series' points (in seq order, as appends push them) make one chunk, split
 * where the seqs leave a gap or the chunk is full.
 */
export function chunkRows(rows: PointRows): ChunkRow[] {
  const open = new Map<number, ChunkBuilder>();
  const chunks: ChunkRow[] = [];
  for (let offset = 0; offset < rows.length; offset += POINT_COLUMNS) {
    const itemId = rows[offset] as number;
    const seq = rows[offset + 3] as number;
    let builder = open.get(itemId);
    if (builder && (builder.firstSeq + builder.steps.length !== seq || builder.steps.length >= MAX_CHUNK_POINTS)) {
      chunks.push(chunkRow(builder));
      builder = undefined;
    }
    if (!builder) {
      builder = newBuilder(itemId, seq);
      open.set(itemId, builder);
    }
    builder.steps.push(rows[offset + 1] as number);
    builder.timestamps.push(rows[offset + 2] as number);
    builder.values.push(rows[offset + 4] as string);
    builder.epochs.push(rows[offset + 5] as number | null);
    builder.contexts.push(rows[offset + 6] as string | null);
  }
  for (const builder of open.values()) chunks.push(chunkRow(builder));
  return chunks;
}

/** Writes metric points (flattened) as packed chunk rows. */
export type PointWriter = (rows: PointRows) => Promise<void>;

/** Creates the writer of metric points: a row per chunk (PostgreSQL: every chunk in one statement, one round trip). */
export function createPointWriter(db: Sql): PointWriter {
  if (db.dialect === 'postgres') return createArrayPointWriter(db);
  const insert = db.prepare<ChunkRow>(
    `INSERT INTO metric_point_chunks (item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return async (rows) => {
    for (const chunk of chunkRows(rows)) await insert.run(...chunk);
  };
}

/** PostgreSQL: an insert of every chunk row, the rows' columns as nine array parameters (see chunkArrays). */
export const CHUNK_ARRAYS_INSERT = `INSERT INTO metric_point_chunks (item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points)
  SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[])`;

/** The nine column arrays of CHUNK_ARRAYS_INSERT for point rows (packed into chunks). */
export function chunkArrays(rows: PointRows): (string | number)[][] {
  const columns: (string | number)[][] = Array.from({ length: 9 }, () => []);
  for (const chunk of chunkRows(rows)) chunk.forEach((value, index) => (columns[index] as (string | number)[]).push(value));
  return columns;
}

/** PostgreSQL's writer: every chunk in one statement (one round trip). */
function createArrayPointWriter(db: Sql): PointWriter {
  const statement = db.prepare(CHUNK_ARRAYS_INSERT);
  return async (rows) => {
    if (rows.length > 0) await statement.run(...chunkArrays(rows));
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
