import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from './sql.ts';
import { createPointWriter, firstFullSeries, groupBySeries, pushSeriesRows, type PointRows } from './logged-data-append.ts';
import { foldPoints, foldSummary, loggedPoint, type LoggedPoint, type RawValue, type Summary } from './logged-data-summary.ts';

/** What a logged value is: metrics keep a series, parameters and others only a summary. */
export type ItemKind = 'metric' | 'parameter' | 'other';

/** One metric value to append. */
export interface MetricInput {
  name: string;
  value: RawValue;
  timestamp: number;
  step: number | null;
  epoch: number | null;
  context: string | null;
}

/** One point of a stored series, in read order. */
export interface StoredPoint {
  value: string;
  timestamp: number;
  step: number | null;
  epoch: number | null;
  context: string | null;
}

/** An item's summary under its name. */
export interface NamedSummary {
  name: string;
  summary: Summary;
}

/** Outcome of an append: `refusedSeries` names the series that would exceed its value limit (nothing was stored). */
export interface AppendResult {
  refusedSeries: string | null;
}

/** Storage of metric series and of metric, parameter and other summaries. */
export interface LoggedValueStore {
  /** Appends metric values in one transaction, all or none: none when a series would pass `maxPerSeries` values. */
  appendMetrics(experimentId: number, points: readonly MetricInput[], maxPerSeries: number): Promise<AppendResult>;
  /**
   * Runs `run`, which must be inside one transaction, keeping the metric summaries it changes in memory and
   * writing each once at its end (before the commit): a failing append leaves them as they were, and when the
   * transaction fails they go with it. Nested inside another, it forgets what `run` kept when `run` throws.
   */
  deferringSummaries<T>(run: () => Promise<T>): Promise<T>;
  /** Folds a parameter or other value into its summary. */
  logValue(experimentId: number, kind: 'parameter' | 'other', name: string, point: LoggedPoint): Promise<void>;
  /** Summaries of one kind, by name. */
  summaries(experimentId: number, kind: ItemKind): Promise<NamedSummary[]>;
  /** Metric summaries whose names start with `prefix`, by name. */
  metricSummariesWithPrefix(experimentId: number, prefix: string): Promise<NamedSummary[]>;
  /** One metric's series ordered by step (no step first), timestamp, arrival; empty when unknown. */
  series(experimentId: number, name: string): Promise<StoredPoint[]>;
  /** Every metric's series, by metric name, each in series order. */
  allSeries(experimentId: number): Promise<NamedPoint[]>;
  /** Deletes a parameter or other item (its summary); false when there was none. */
  deleteItem(experimentId: number, kind: 'parameter' | 'other', name: string): Promise<boolean>;
}

/** A stored point with the name of its metric. */
export interface NamedPoint extends StoredPoint {
  name: string;
}

interface ItemRecord {
  id: number;
  name: string;
  value_count: number;
  [column: string]: string | number | null;
}

const MARKS = ['cur', 'min', 'max'] as const;
const MARK_COLUMNS = ['value', 'number', 'timestamp', 'step', 'context'] as const;
const COLUMNS = MARKS.flatMap((mark) => MARK_COLUMNS.map((column) => `${mark}_${column}`));

const markOf = (row: ItemRecord, mark: (typeof MARKS)[number]): LoggedPoint => ({
  value: row[`${mark}_value`] as string,
  number: row[`${mark}_number`] as number | null,
  timestamp: row[`${mark}_timestamp`] as number,
  step: row[`${mark}_step`] as number | null,
  context: row[`${mark}_context`] as string | null,
});

const summaryOf = (row: ItemRecord): Summary => ({
  count: row.value_count,
  current: markOf(row, 'cur'),
  min: markOf(row, 'min'),
  max: markOf(row, 'max'),
});

const summaryColumns = (summary: Summary): (string | number | null)[] =>
  [summary.current, summary.min, summary.max].flatMap((mark) => [mark.value, mark.number, mark.timestamp, mark.step, mark.context]);

/** One series during an append: its row id, its summary now, and the summary as its row holds it. */
interface SeriesState {
  id: number | undefined;
  summary: Summary | undefined;
  stored: Summary | undefined;
}

/** A series whose summary `deferringSummaries` writes at its end. */
interface DeferredSeries extends SeriesState {
  experimentId: number;
  name: string;
}

/** Thrown inside an append transaction to roll it back. */
class SeriesFull extends Error {
  readonly series: string;
  constructor(series: string) {
    super(`series ${series} is full`);
    this.series = series;
  }
}

/** Creates the logged-value store over a database. */
export function createLoggedValueStore(db: Sql): LoggedValueStore {
  const selectItem = db.prepare<[number, string, string], ItemRecord>('SELECT * FROM logged_items WHERE experiment_id = ? AND kind = ? AND name = ?');
  const insertItem = db.prepare(
    `INSERT INTO logged_items (experiment_id, kind, name, value_count, ${COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ${COLUMNS.map(() => '?').join(', ')}) RETURNING id`,
  ).pluck();
  const updateItem = db.prepare(`UPDATE logged_items SET value_count = ?, ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
  const writePoints = createPointWriter(db);
  const selectKind = db.prepare<[number, string], ItemRecord>('SELECT * FROM logged_items WHERE experiment_id = ? AND kind = ? ORDER BY name');
  const selectPrefix = db.prepare<[number, string, string], ItemRecord>(
    "SELECT * FROM logged_items WHERE experiment_id = ? AND kind = 'metric' AND name >= ? AND name < ? ORDER BY name",
  );
  /** Raw rows (arrays) and a JS mapping: about half the cost of row objects on long series. */
  const selectSeries = db
    .prepare<[number, string], [string, number, number, number | null, string | null]>(
      `SELECT p.value, p.timestamp, p.step, p.epoch, p.context FROM logged_items i JOIN metric_points p ON p.item_id = i.id
       WHERE i.experiment_id = ? AND i.kind = 'metric' AND i.name = ? ORDER BY p.step, p.timestamp, p.seq`,
    )
    .raw();

  const selectAllSeries = db
    .prepare<[number], [string, string, number, number, number | null, string | null]>(
      `SELECT i.name, p.value, p.timestamp, p.step, p.epoch, p.context FROM logged_items i JOIN metric_points p ON p.item_id = i.id
       WHERE i.experiment_id = ? AND i.kind = 'metric' ORDER BY i.name, p.step, p.timestamp, p.seq`,
    )
    .raw();
  const deleteItem = db.prepare('DELETE FROM logged_items WHERE experiment_id = ? AND kind = ? AND name = ?');

  /** Writes a summary: a new row, or an update of the row it was read from. */
  const save = async (experimentId: number, kind: ItemKind, name: string, id: number | undefined, summary: Summary): Promise<number> => {
    if (id !== undefined) {
      await updateItem.run(summary.count, ...summaryColumns(summary), id);
      return id;
    }
    return Number(await insertItem.get(experimentId, kind, name, summary.count, ...summaryColumns(summary)));
  };

  /** Metric summaries kept by `deferringSummaries` for the calling async chain, by experiment and name; undefined outside it. */
  const deferredSummaries = new AsyncLocalStorage<Map<string, DeferredSeries>>();
  const deferredKey = (experimentId: number, name: string) => `${experimentId}\u0000${name}`;

  /** A series' state when an append first touches it: as `deferringSummaries` keeps it, else as its row holds it. */
  const stateOf = async (experimentId: number, name: string): Promise<SeriesState> => {
    const kept = deferredSummaries.getStore()?.get(deferredKey(experimentId, name));
    if (kept) return { id: kept.id, summary: kept.summary, stored: kept.stored };
    const row = await selectItem.get(experimentId, 'metric', name);
    const summary = row ? summaryOf(row) : undefined;
    return { id: row?.id, summary, stored: summary };
  };

  const append = (experimentId: number, points: readonly MetricInput[], maxPerSeries: number) => db.transaction(async () => {
    const groups = groupBySeries(points);
    /** Per series touched by this append; shared state (`deferred`) changes only once nothing can fail any more. */
    const touched = new Map<string, SeriesState>();
    for (const name of groups.keys()) touched.set(name, await stateOf(experimentId, name));
    const full = firstFullSeries(groups, (name) => touched.get(name)?.summary?.count ?? 0, maxPerSeries);
    if (full !== undefined) throw new SeriesFull(full);
    const rows: PointRows = [];
    for (const [name, indices] of groups) {
      const entry = touched.get(name) as SeriesState;
      const inputs = indices.map((index) => points[index] as MetricInput);
      const folded = inputs.map((input) => loggedPoint(input.value, input.timestamp, input.step, input.context));
      const storedCount = entry.summary?.count ?? 0;
      entry.summary = foldPoints(entry.summary, folded);
      if (entry.id === undefined) {
        entry.id = await save(experimentId, 'metric', name, undefined, entry.summary as Summary);
        entry.stored = entry.summary;
      }
      pushSeriesRows(rows, entry.id, storedCount, inputs, folded);
    }
    await writePoints(rows);
    const deferred = deferredSummaries.getStore();
    for (const [name, entry] of touched) {
      if (deferred) deferred.set(deferredKey(experimentId, name), { ...entry, experimentId, name });
      else if (entry.summary && entry.summary !== entry.stored) await save(experimentId, 'metric', name, entry.id, entry.summary);
    }
  });

  const deferringSummaries = async <T>(run: () => Promise<T>): Promise<T> => {
    const outer = deferredSummaries.getStore();
    if (outer) {
      /** Nested (a write in its own savepoint): undo what it kept if it fails, as its savepoint undoes its rows. */
      const before = new Map(outer);
      try {
        return await run();
      } catch (error) {
        outer.clear();
        for (const [key, entry] of before) outer.set(key, entry);
        throw error;
      }
    }
    const kept = new Map<string, DeferredSeries>();
    const result = await deferredSummaries.run(kept, run);
    for (const { experimentId, name, id, summary, stored } of kept.values()) {
      if (summary && summary !== stored) await save(experimentId, 'metric', name, id, summary);
    }
    return result;
  };

  const logValue = (experimentId: number, kind: 'parameter' | 'other', name: string, point: LoggedPoint) => db.transaction(async () => {
    const row = await selectItem.get(experimentId, kind, name);
    await save(experimentId, kind, name, row?.id, foldSummary(row ? summaryOf(row) : undefined, point));
  });

  const named = (row: ItemRecord): NamedSummary => ({ name: row.name, summary: summaryOf(row) });

  return {
    async appendMetrics(experimentId, points, maxPerSeries) {
      try {
        await append(experimentId, points, maxPerSeries);
        return { refusedSeries: null };
      } catch (error) {
        if (error instanceof SeriesFull) return { refusedSeries: error.series };
        throw error;
      }
    },
    deferringSummaries,
    logValue: (experimentId, kind, name, point) => logValue(experimentId, kind, name, point),
    summaries: async (experimentId, kind) => (await selectKind.all(experimentId, kind)).map(named),
    metricSummariesWithPrefix: async (experimentId, prefix) =>
      (await selectPrefix.all(experimentId, prefix, prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1))).map(named),
    allSeries: async (experimentId) =>
      (await selectAllSeries
        .all(experimentId))
        .map(([name, value, timestamp, step, epoch, context]) => ({ name, value, timestamp, step: step < 0 ? null : step, epoch, context })),
    deleteItem: async (experimentId, kind, name) => (await deleteItem.run(experimentId, kind, name)).changes > 0,
    series: async (experimentId, name) =>
      (await selectSeries.all(experimentId, name)).map(([value, timestamp, step, epoch, context]) => ({ value, timestamp, step: step < 0 ? null : step, epoch, context })),
  };
}
