import type { Sql } from '../database/sql.ts';
import { textOf, type RawValue } from './summary.ts';
import { packPoints, type StoredValue } from './metrics/point-chunks.ts';

/** One metric value to append. */
export interface MetricInput {
  name: string;
  value: RawValue;
  timestamp: number;
  step: number | null;
  epoch: number | null;
  context: string | null;
}

/** Points of one series as columns, in arrival order; step -1 for none. */
export interface PointColumnsToWrite {
  steps: number[];
  timestamps: number[];
  values: StoredValue[];
  epochs: (number | null)[];
  contexts: (string | null)[];
}

/** One append's points of one series: its seqs run on from `firstSeq` without a gap. */
export interface SeriesPoints extends PointColumnsToWrite {
  itemId: number;
  firstSeq: number;
}

/** Points to write: the appends' series points, in the order they were appended. */
export type PointRows = SeriesPoints[];

/**
 * Points per chunk row at most: an append of more (a seeding script's) is stored as several chunks, so that a read
 * of a short step range decodes few points.
 */
const MAX_CHUNK_POINTS = 2048;

/** One row of metric_point_chunks: item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points. */
export type ChunkRow = [number, number, number, number, number, number, number, number, string];

/** The chunk row of points [from, to) of a series' points. */
function chunkRow(points: SeriesPoints, from: number, to: number): ChunkRow {
  const { steps, timestamps } = points;
  let minStep = Number.POSITIVE_INFINITY;
  let maxStep = Number.NEGATIVE_INFINITY;
  let minTimestamp = Number.POSITIVE_INFINITY;
  let maxTimestamp = Number.NEGATIVE_INFINITY;
  for (let index = from; index < to; index += 1) {
    const step = steps[index] as number;
    const timestamp = timestamps[index] as number;
    if (step < minStep) minStep = step;
    if (step > maxStep) maxStep = step;
    if (timestamp < minTimestamp) minTimestamp = timestamp;
    if (timestamp > maxTimestamp) maxTimestamp = timestamp;
  }
  const whole = from === 0 && to === steps.length;
  const part = <T>(column: T[]): T[] => (whole ? column : column.slice(from, to));
  const packed = packPoints(part(steps), part(timestamps), part(points.values), part(points.epochs), part(points.contexts));
  return [points.itemId, points.firstSeq + from, points.firstSeq + to - 1, to - from, minStep, maxStep, minTimestamp, maxTimestamp, packed];
}

/** One series' points of several appends whose seqs run on, as one. */
function joined(run: readonly SeriesPoints[]): SeriesPoints {
  const first = run[0] as SeriesPoints;
  if (run.length === 1) return first;
  return {
    itemId: first.itemId,
    firstSeq: first.firstSeq,
    steps: run.flatMap((points) => points.steps),
    timestamps: run.flatMap((points) => points.timestamps),
    values: run.flatMap((points) => points.values),
    epochs: run.flatMap((points) => points.epochs),
    contexts: run.flatMap((points) => points.contexts),
  };
}

/**
 * Packs the points to write into chunk rows: the appends of one series in one write whose seqs run on (a group
 * commit's) make one chunk, split where it is full.
 */
export function chunkRows(rows: PointRows): ChunkRow[] {
  const only = rows.length === 1 ? rows[0] : undefined;
  if (only && only.steps.length <= MAX_CHUNK_POINTS) return [chunkRow(only, 0, only.steps.length)];
  const runsByItem = new Map<number, SeriesPoints[][]>();
  for (const points of rows) {
    const runs = runsByItem.get(points.itemId);
    const run = runs?.at(-1);
    const last = run?.at(-1);
    if (run && last && last.firstSeq + last.steps.length === points.firstSeq) run.push(points);
    else if (runs) runs.push([points]);
    else runsByItem.set(points.itemId, [[points]]);
  }
  const chunks: ChunkRow[] = [];
  for (const runs of runsByItem.values()) {
    for (const run of runs) {
      const points = joined(run);
      for (let from = 0; from < points.steps.length; from += MAX_CHUNK_POINTS) chunks.push(chunkRow(points, from, Math.min(points.steps.length, from + MAX_CHUNK_POINTS)));
    }
  }
  return chunks;
}

/** Writes metric points as packed chunk rows. */
export type PointWriter = (rows: PointRows) => Promise<void>;

/** SQLite: the insert of one chunk row. */
const INSERT_CHUNK = `INSERT INTO metric_point_chunks (item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Creates the writer of metric points: a row per chunk (PostgreSQL: every chunk in one statement, one round trip). */
export function createPointWriter(db: Sql): PointWriter {
  if (db.dialect === 'postgres') return createArrayPointWriter(db);
  const insert = db.prepare<ChunkRow>(INSERT_CHUNK);
  return async (rows) => {
    for (const chunk of chunkRows(rows)) await insert.run(...chunk);
  };
}

/** SQLite only (undefined on PostgreSQL): the writer of metric points, synchronous (inside `Sql.transactionNow`). */
export function createPointWriterNow(db: Sql): ((rows: PointRows) => void) | undefined {
  const insert = db.dialect === 'sqlite' ? db.prepare<ChunkRow>(INSERT_CHUNK).now : undefined;
  if (!insert) return undefined;
  return (rows) => {
    for (const chunk of chunkRows(rows)) insert.run(...chunk);
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

/** A series' points of one append as columns to write, in arrival order: numbers stay numbers, other values become their text. */
export function pointColumns(inputs: readonly MetricInput[]): PointColumnsToWrite {
  const count = inputs.length;
  const columns: PointColumnsToWrite = { steps: new Array(count), timestamps: new Array(count), values: new Array(count), epochs: new Array(count), contexts: new Array(count) };
  for (let index = 0; index < count; index += 1) {
    const input = inputs[index] as MetricInput;
    columns.steps[index] = input.step ?? -1;
    columns.timestamps[index] = input.timestamp;
    columns.values[index] = typeof input.value === 'number' ? input.value : textOf(input.value);
    columns.epochs[index] = input.epoch;
    columns.contexts[index] = input.context;
  }
  return columns;
}
