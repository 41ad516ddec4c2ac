import type { Sql } from '../../database/sql.ts';
import { seqAt, sortSeries, unpackPoints, type OrderedPoint } from './point-chunks.ts';

/** Which points of a series a range read wants: bounds are inclusive, except `afterSeq` and `after` (strictly above). */
export interface PointRange {
  stepLo: number;
  stepHi: number;
  timeLo: number;
  timeHi: number;
  afterSeq: number;
  uptoSeq: number;
  /** Only points after this one in series order: [step, timestamp, seq]. */
  after?: readonly [number, number, number];
}

/** Reads of packed metric points by ranges of step, time and seq, answered in series order. */
export interface PointRangeReader {
  /** The first `limit` points of `range` in series order (step, timestamp, seq). */
  first(itemId: number, range: PointRange, limit: number): Promise<OrderedPoint[]>;
  /** The highest step of a series (-1 when none has a step, or it is empty). */
  maxStep(itemId: number): Promise<number>;
}

/** Every step, time and seq: a range to narrow. */
export const WHOLE_SERIES: PointRange = {
  stepLo: -1,
  stepHi: Number.MAX_SAFE_INTEGER,
  timeLo: Number.MIN_SAFE_INTEGER,
  timeHi: Number.MAX_SAFE_INTEGER,
  afterSeq: 0,
  uptoSeq: Number.MAX_SAFE_INTEGER,
};

/** True when a point lies in `range`. */
function inRange(range: PointRange, step: number, timestamp: number, seq: number): boolean {
  if (step < range.stepLo || step > range.stepHi || timestamp < range.timeLo || timestamp > range.timeHi) return false;
  if (seq <= range.afterSeq || seq > range.uptoSeq) return false;
  const after = range.after;
  return !after || step > after[0] || (step === after[0] && (timestamp > after[1] || (timestamp === after[1] && seq > after[2])));
}

/** Creates the range reader over a database. */
export function createPointRangeReader(db: Sql): PointRangeReader {
  // The chunks that may hold points of a range, by lowest step: the ones a read of the first points needs come first.
  const candidates = db
    .prepare<[number, number, number, number, number, number, number], [number, number]>(
      `SELECT first_seq, min_step FROM metric_point_chunks WHERE item_id = ? AND max_step >= ? AND min_step <= ?
       AND max_timestamp >= ? AND min_timestamp <= ? AND last_seq > ? AND first_seq <= ? ORDER BY min_step, first_seq`,
    )
    .raw();
  const pointsOf = db.prepare<[number, number], string>('SELECT points FROM metric_point_chunks WHERE item_id = ? AND first_seq = ?').pluck();
  const maxStep = db.prepare<[number], number | null>('SELECT max(max_step) FROM metric_point_chunks WHERE item_id = ?').pluck();

  return {
    async first(itemId, range, limit) {
      if (limit <= 0) return [];
      const stepLo = range.after ? Math.max(range.stepLo, range.after[0]) : range.stepLo;
      const chunks = await candidates.all(itemId, stepLo, range.stepHi, range.timeLo, range.timeHi, range.afterSeq, range.uptoSeq);
      let taken: OrderedPoint[] = [];
      // Once `limit` points are taken, only chunks starting at or below the last one's step can hold earlier points.
      let bound = Number.POSITIVE_INFINITY;
      for (const [firstSeq, minStep] of chunks) {
        if (minStep > bound) break;
        const chunk = unpackPoints(firstSeq, await pointsOf.get(itemId, firstSeq) ?? '{"s":[],"t":[],"v":[]}');
        for (let index = 0; index < chunk.steps.length; index += 1) {
          const step = chunk.steps[index] as number;
          const timestamp = chunk.timestamps[index] as number;
          const seq = seqAt(chunk, index);
          if (inRange(range, step, timestamp, seq)) taken.push({ step, timestamp, seq, value: chunk.values[index] as string });
        }
        if (taken.length >= limit) {
          taken = sortSeries(taken).slice(0, limit);
          bound = (taken[limit - 1] as OrderedPoint).step;
        }
      }
      return sortSeries(taken);
    },
    maxStep: async (itemId) => await maxStep.get(itemId) ?? -1,
  };
}
