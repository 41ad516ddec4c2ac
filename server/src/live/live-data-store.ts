import type { Sql } from '../database/sql.ts';
import { seqAt, unpackPoints, createPointRangeReader } from '../logged-data/index.ts';

/** Where a reader of one metric series stopped: how many points it has seen and the highest step among them. */
export interface SeriesMark {
  count: number;
  /** -1 when no point had a step (stored as -1). */
  maxStep: number;
}

/** A metric of an experiment with its point count. */
export interface MetricItem {
  id: number;
  name: string;
  count: number;
}

/** A point as stored, with its arrival number within the series. */
export interface ArrivedPoint {
  seq: number;
  value: string;
  timestamp: number;
  step: number | null;
  epoch: number | null;
  context: string | null;
}

/** An output line with its arrival id. */
export interface ArrivedLine {
  id: number;
  output: string;
  stderr: boolean;
}

/** Reads of what an experiment logged after a reader's last look (the live view). */
export interface LiveDataStore {
  /** The metrics of an experiment with their point counts. */
  metricItems(experimentId: number): Promise<MetricItem[]>;
  /** The highest step of a series (-1 when none has a step, or it is empty). */
  maxStep(itemId: number): Promise<number>;
  /** The points that arrived after the first `count`, in arrival order. */
  pointsAfter(itemId: number, count: number): Promise<ArrivedPoint[]>;
  /** The highest output line id of the whole service (a start cursor: later lines have higher ids). */
  lastOutputId(): Promise<number>;
  /** Output lines of the experiment with an id above `afterId`, in arrival order, at most `limit`. */
  outputAfter(experimentId: number, afterId: number, limit: number): Promise<ArrivedLine[]>;
}

/** Creates the live-data reads over a database. */
export function createLiveDataStore(db: Sql): LiveDataStore {
  const items = db.prepare<[number], MetricItem>(
    "SELECT id, name, value_count AS count FROM logged_items WHERE experiment_id = ? AND kind = 'metric' ORDER BY name",
  );
  const ranges = createPointRangeReader(db);
  // The chunks holding points after a count: the one holding seq count + 1 (seqs of chunks never overlap) and later ones.
  const chunksAfter = db
    .prepare<[number, number, number, number], [number, string]>(
      `SELECT first_seq, points FROM metric_point_chunks WHERE item_id = ? AND last_seq > ?
       AND first_seq >= coalesce((SELECT max(first_seq) FROM metric_point_chunks WHERE item_id = ? AND first_seq <= ?), 0) ORDER BY first_seq`,
    )
    .raw();
  const lastOutput = db.prepare<[], number | null>('SELECT max(id) FROM output_lines').pluck();
  const output = db.prepare<[number, number, number], { id: number; output: string; stderr: number }>(
    'SELECT id, output, stderr FROM output_lines WHERE id > ? AND experiment_id = ? ORDER BY id LIMIT ?',
  );
  return {
    metricItems: (experimentId) => items.all(experimentId),
    maxStep: (itemId) => ranges.maxStep(itemId),
    async pointsAfter(itemId, count) {
      const points: ArrivedPoint[] = [];
      for (const [firstSeq, text] of await chunksAfter.all(itemId, count, itemId, count + 1)) {
        const chunk = unpackPoints(firstSeq, text);
        for (let index = 0; index < chunk.steps.length; index += 1) {
          const seq = seqAt(chunk, index);
          if (seq <= count) continue;
          const step = chunk.steps[index] as number;
          const value = chunk.values[index] as string;
          points.push({ seq, value, timestamp: chunk.timestamps[index] as number, step: step < 0 ? null : step, epoch: chunk.epochs?.[index] ?? null, context: chunk.contexts?.[index] ?? null });
        }
      }
      return points;
    },
    lastOutputId: async () => await lastOutput.get() ?? 0,
    outputAfter: async (experimentId, afterId, limit) =>
      (await output.all(afterId, experimentId, limit)).map((line) => ({ id: line.id, output: line.output, stderr: line.stderr === 1 })),
  };
}
