import type { Sql } from './sql.ts';

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
  /** The points that arrived after the first `mark.count`, in arrival order. */
  pointsAfter(itemId: number, mark: SeriesMark, expected: number): Promise<ArrivedPoint[]>;
  /** The highest output line id of the whole service (a start cursor: later lines have higher ids). */
  lastOutputId(): Promise<number>;
  /** Output lines of the experiment with an id above `afterId`, in arrival order, at most `limit`. */
  outputAfter(experimentId: number, afterId: number, limit: number): Promise<ArrivedLine[]>;
}

type PointRow = [number, string, number, number, number | null, string | null];

/** Creates the live-data reads over a database. */
export function createLiveDataStore(db: Sql): LiveDataStore {
  const items = db.prepare<[number], MetricItem>(
    "SELECT id, name, value_count AS count FROM logged_items WHERE experiment_id = ? AND kind = 'metric' ORDER BY name",
  );
  const maxStep = db.prepare<[number], number | null>('SELECT max(step) FROM metric_points WHERE item_id = ?').pluck();
  const select = 'SELECT seq, value, timestamp, step, epoch, context FROM metric_points';
  // Points usually arrive in step order: the new ones sit at or above the highest step seen, one short range scan.
  const fromStep = db.prepare<[number, number, number], PointRow>(`${select} WHERE item_id = ? AND step >= ? AND seq > ?`).raw();
  const anyStep = db.prepare<[number, number], PointRow>(`${select} WHERE item_id = ? AND seq > ?`).raw();
  const lastOutput = db.prepare<[], number | null>('SELECT max(id) FROM output_lines').pluck();
  const output = db.prepare<[number, number, number], { id: number; output: string; stderr: number }>(
    'SELECT id, output, stderr FROM output_lines WHERE id > ? AND experiment_id = ? ORDER BY id LIMIT ?',
  );
  const toPoint = ([seq, value, timestamp, step, epoch, context]: PointRow): ArrivedPoint => ({
    seq,
    value,
    timestamp,
    step: step === -1 ? null : step,
    epoch,
    context,
  });
  return {
    metricItems: (experimentId) => items.all(experimentId),
    maxStep: async (itemId) => await maxStep.get(itemId) ?? -1,
    async pointsAfter(itemId, mark, expected) {
      let rows = await fromStep.all(itemId, mark.maxStep, mark.count);
      // Some arrived below the highest step seen (late or stepless points): scan the whole series once.
      if (rows.length < expected) rows = await anyStep.all(itemId, mark.count);
      return rows.map(toPoint).sort((a, b) => a.seq - b.seq);
    },
    lastOutputId: async () => await lastOutput.get() ?? 0,
    outputAfter: async (experimentId, afterId, limit) =>
      (await output.all(afterId, experimentId, limit)).map((line) => ({ id: line.id, output: line.output, stderr: line.stderr === 1 })),
  };
}
