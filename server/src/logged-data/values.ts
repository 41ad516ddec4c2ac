import { AsyncLocalStorage } from 'node:async_hooks';
import { checkStorableText, type Sql } from '../database/sql.ts';
import { CHUNK_ARRAYS_INSERT, chunkArrays, createPointWriter, createPointWriterNow, firstFullSeries, groupBySeries, pointColumns, type MetricInput, type PointColumnsToWrite, type PointRows } from './append.ts';
import { unpackSeries, type StoredPoint } from './metrics/point-chunks.ts';
import { foldPoints, foldSummary, loggedPoint, numberOf, type LoggedPoint, type Summary } from './summary.ts';
import { createItemRows, SUMMARY_ARRAYS_UPDATE, summaryArrays, summaryOf, type ItemKind, type ItemRecord, type SummaryUpdate } from './item-rows.ts';
import { deferredKey, prefetchSeries, type DeferredSeries, type KnownSeries, type SeriesState } from './series-states.ts';

export type { ItemKind } from './item-rows.ts';

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
   * Runs `run`, which must be inside one transaction, keeping the metric points it appends and the summaries it
   * changes in memory and writing them once at its end (before the commit: one insert for every point, each summary
   * once): a refused append leaves them as they were, and when the transaction fails they go with it. Nested inside
   * another, it forgets what `run` kept when `run` throws.
   */
  deferringWrites<T>(run: () => Promise<T>, known?: KnownSeries): Promise<T>;
  /** SQLite only: appendMetrics run synchronously, inside `deferringWritesNow` (a group commit's `Sql.transactionNow`). */
  appendMetricsNow?: (experimentId: number, points: readonly MetricInput[], maxPerSeries: number) => AppendResult;
  /** deferringWrites for a synchronous transaction (SQLite's `Sql.transactionNow`). */
  deferringWritesNow<T>(run: () => T): T;
  /** The read ahead of the series rows that appends (their AppendHint) will need, for GroupHooks.prefetch. */
  prefetchSeries(hints: readonly unknown[]): { read: () => Promise<void>; result: KnownSeries };
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

/** What `deferringWrites` keeps for the end of its transaction. */
interface DeferredWrites {
  series: Map<string, DeferredSeries>;
  rows: PointRows;
}

/** A series of one append, checked and folded: its state, its points and its count before them. */
interface FoldedSeries {
  entry: SeriesState;
  name: string;
  inputs: MetricInput[];
  columns: PointColumnsToWrite;
  storedCount: number;
}

/** Thrown inside an append transaction to roll it back. */
class SeriesFull extends Error {
  readonly series: string;
  constructor(series: string) {
    super(`series ${series} is full`);
    this.series = series;
  }
}

/** The point a summary folds from a metric value. */
const pointOf = (input: MetricInput): LoggedPoint => loggedPoint(input.value, input.timestamp, input.step, input.context);

/** Creates the logged-value store over a database. */
export function createLoggedValueStore(db: Sql): LoggedValueStore {
  const items = createItemRows(db);
  const writePoints = createPointWriter(db);
  /** PostgreSQL: the points' insert as a CTE of the summaries' update, one statement (a round trip instead of two). */
  const writePointsAndSummaries = db.dialect === 'postgres' ? db.prepare(`WITH points AS (${CHUNK_ARRAYS_INSERT}) ${SUMMARY_ARRAYS_UPDATE}`) : undefined;
  const selectKind = db.prepare<[number, string], ItemRecord>('SELECT * FROM logged_items WHERE experiment_id = ? AND kind = ? ORDER BY name');
  const selectPrefix = db.prepare<[number, string, string], ItemRecord>(
    "SELECT * FROM logged_items WHERE experiment_id = ? AND kind = 'metric' AND name >= ? AND name < ? ORDER BY name",
  );
  /** A series' chunk rows in seq order (unpacked and put in series order in JS). */
  const selectSeries = db
    .prepare<[number, string], [number, string]>(
      `SELECT p.first_seq, p.points FROM logged_items i JOIN metric_point_chunks p ON p.item_id = i.id
       WHERE i.experiment_id = ? AND i.kind = 'metric' AND i.name = ? ORDER BY p.first_seq`,
    )
    .raw();
  const selectAllSeries = db
    .prepare<[number], [string, number, string]>(
      `SELECT i.name, p.first_seq, p.points FROM logged_items i JOIN metric_point_chunks p ON p.item_id = i.id
       WHERE i.experiment_id = ? AND i.kind = 'metric' ORDER BY i.name, p.first_seq`,
    )
    .raw();
  const deleteItem = db.prepare('DELETE FROM logged_items WHERE experiment_id = ? AND kind = ? AND name = ?');

  /** Points and metric summaries kept by `deferringWrites` for the calling async chain; undefined outside it. */
  const deferredWrites = new AsyncLocalStorage<DeferredWrites>();

  /** The states of series kept by `deferringWrites` among `names`, and the names it does not keep (to read). */
  const keptStates = (kept: Map<string, DeferredSeries> | undefined, experimentId: number, names: Iterable<string>) => {
    const states = new Map<string, SeriesState>();
    const unread: string[] = [];
    for (const name of names) {
      const entry = kept?.get(deferredKey(experimentId, name));
      if (entry) states.set(name, { id: entry.id, summary: entry.summary, stored: entry.stored });
      else unread.push(name);
    }
    return { states, unread };
  };

  /** Adds to `states` the series `unread` as their rows (read) hold them; a series without a row is new. */
  const withRows = (states: Map<string, SeriesState>, unread: readonly string[], rows: ReadonlyMap<string, ItemRecord>) => {
    for (const name of unread) {
      const row = rows.get(name);
      const summary = row ? summaryOf(row) : undefined;
      states.set(name, { id: row?.id, summary, stored: summary });
    }
    return states;
  };

  /** The states of series when an append first touches them: as `deferringWrites` keeps them, else as their rows hold them. */
  const statesOf = async (experimentId: number, names: Iterable<string>): Promise<Map<string, SeriesState>> => {
    const { states, unread } = keptStates(deferredWrites.getStore()?.series, experimentId, names);
    return withRows(states, unread, unread.length > 0 ? await items.findMetrics(experimentId, unread) : new Map<string, ItemRecord>());
  };

  /** The summaries of `series` that changed since their rows were read. */
  const changedSummaries = (series: Iterable<SeriesState>): SummaryUpdate[] => {
    const updates: SummaryUpdate[] = [];
    for (const { id, summary, stored } of series) if (id !== undefined && summary && summary !== stored) updates.push({ id, summary, stored });
    return updates;
  };

  /** Writes points and the summaries that changed since their rows were read (PostgreSQL: with the COMMIT when it can). */
  const save = async (rows: PointRows, series: Iterable<SeriesState>) => {
    const updates = changedSummaries(series);
    if (writePointsAndSummaries && rows.length > 0 && updates.length > 0) {
      await db.atCommit(writePointsAndSummaries, ...chunkArrays(rows), ...summaryArrays(updates));
      return;
    }
    await writePoints(rows);
    await items.update(updates);
  };

  /**
   * An append's series folded, from their states when it starts: everything that can refuse the append (the series
   * limit, text the database cannot store) is checked here, before its first write (a new series' row).
   */
  const foldAppend = (touched: Map<string, SeriesState>, groups: Map<string, number[]>, points: readonly MetricInput[], maxPerSeries: number): FoldedSeries[] => {
    const full = firstFullSeries(groups, (name) => touched.get(name)?.summary?.count ?? 0, maxPerSeries);
    if (full !== undefined) throw new SeriesFull(full);
    const folded = [...groups].map(([name, indices]) => {
      const inputs = indices.map((index) => points[index] as MetricInput);
      const columns = pointColumns(inputs);
      checkStorableText([columns.values, columns.contexts]);
      return { entry: touched.get(name) as SeriesState, name, inputs, columns, storedCount: 0 };
    });
    for (const series of folded) {
      const { entry, inputs } = series;
      series.storedCount = entry.summary?.count ?? 0;
      entry.summary = foldPoints(entry.summary, inputs.length, (index) => numberOf((inputs[index] as MetricInput).value), (index) => pointOf(inputs[index] as MetricInput));
    }
    return folded;
  };

  /** The point rows of folded series (each has its row id by now), kept for the end of `deferred` when there is one. */
  const pointRows = (deferred: DeferredWrites | undefined, experimentId: number, touched: Map<string, SeriesState>, folded: readonly FoldedSeries[]): PointRows => {
    const rows: PointRows = folded.map(({ entry, columns, storedCount }) => ({ ...columns, itemId: entry.id as number, firstSeq: storedCount + 1 }));
    if (deferred) {
      for (const row of rows) deferred.rows.push(row);
      for (const [name, entry] of touched) deferred.series.set(deferredKey(experimentId, name), { ...entry, experimentId, name });
    }
    return rows;
  };

  /**
   * Appends in the caller's transaction: checked and folded (foldAppend), a new series' row inserted, then its points
   * and summaries written at once, or kept for the end of `deferringWrites` once nothing can fail any more.
   */
  const appendIn = async (deferred: DeferredWrites | undefined, experimentId: number, points: readonly MetricInput[], maxPerSeries: number) => {
    const groups = groupBySeries(points);
    const touched = await statesOf(experimentId, groups.keys());
    const folded = foldAppend(touched, groups, points, maxPerSeries);
    for (const { entry, name } of folded) {
      if (entry.id !== undefined) continue;
      entry.id = await items.insert(experimentId, 'metric', name, entry.summary as Summary);
      entry.stored = entry.summary;
    }
    const rows = pointRows(deferred, experimentId, touched, folded);
    if (!deferred) await save(rows, touched.values());
  };

  /** An append inside `deferringWrites` needs no savepoint (see appendIn); elsewhere it is a transaction of its own. */
  const append = (experimentId: number, points: readonly MetricInput[], maxPerSeries: number) => {
    const deferred = deferredWrites.getStore();
    return deferred ? appendIn(deferred, experimentId, points, maxPerSeries) : db.transaction(() => appendIn(undefined, experimentId, points, maxPerSeries));
  };

  const deferringWrites = async <T>(run: () => Promise<T>, known?: KnownSeries): Promise<T> => {
    const outer = deferredWrites.getStore();
    if (outer) {
      /** Nested (a write in its own savepoint): undo what it kept if it fails, as its savepoint undoes its rows. */
      const series = new Map(outer.series);
      const rowCount = outer.rows.length;
      try {
        return await run();
      } catch (error) {
        outer.series = series;
        outer.rows.length = rowCount;
        throw error;
      }
    }
    const kept: DeferredWrites = { series: new Map(known), rows: [] };
    const result = await deferredWrites.run(kept, run);
    await save(kept.rows, kept.series.values());
    return result;
  };

  const itemsNow = items.now;
  const writePointsNow = createPointWriterNow(db);
  /** What `deferringWritesNow` keeps for the end of its synchronous transaction; undefined outside it. */
  let keptNow: DeferredWrites | undefined;

  /** appendIn's synchronous form (SQLite), inside `deferringWritesNow`. */
  const appendNow = (experimentId: number, points: readonly MetricInput[], maxPerSeries: number): void => {
    if (!keptNow || !itemsNow) throw new Error('A synchronous metric append runs only inside deferringWritesNow, on SQLite.');
    const groups = groupBySeries(points);
    const { states, unread } = keptStates(keptNow.series, experimentId, groups.keys());
    const touched = withRows(states, unread, unread.length > 0 ? itemsNow.findMetrics(experimentId, unread) : new Map<string, ItemRecord>());
    const folded = foldAppend(touched, groups, points, maxPerSeries);
    for (const { entry, name } of folded) {
      if (entry.id !== undefined) continue;
      entry.id = itemsNow.insert(experimentId, 'metric', name, entry.summary as Summary);
      entry.stored = entry.summary;
    }
    pointRows(keptNow, experimentId, touched, folded);
  };

  /** deferringWrites' synchronous form (SQLite): what the appends of `run` keep is written once at its end. */
  const deferringWritesNow = <T>(run: () => T): T => {
    if (keptNow || !itemsNow || !writePointsNow) return run();
    const kept: DeferredWrites = { series: new Map(), rows: [] };
    keptNow = kept;
    try {
      const result = run();
      writePointsNow(kept.rows);
      itemsNow.update(changedSummaries(kept.series.values()));
      return result;
    } finally {
      keptNow = undefined;
    }
  };

  /** An append's outcome: a full series refuses it (SeriesFull), other errors are thrown. */
  const outcomeOf = (error: unknown): AppendResult => {
    if (error instanceof SeriesFull) return { refusedSeries: error.series };
    throw error;
  };

  const logValue = (experimentId: number, kind: 'parameter' | 'other', name: string, point: LoggedPoint) => db.transaction(async () => {
    const row = await items.find(experimentId, kind, name);
    const summary = foldSummary(row ? summaryOf(row) : undefined, point);
    if (row) await items.update([{ id: row.id, summary }]);
    else await items.insert(experimentId, kind, name, summary);
  });

  const named = (row: ItemRecord): NamedSummary => ({ name: row.name, summary: summaryOf(row) });

  return {
    async appendMetrics(experimentId, points, maxPerSeries) {
      try {
        await append(experimentId, points, maxPerSeries);
        return { refusedSeries: null };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    appendMetricsNow: itemsNow && writePointsNow
      ? (experimentId, points, maxPerSeries) => {
          try {
            appendNow(experimentId, points, maxPerSeries);
            return { refusedSeries: null };
          } catch (error) {
            return outcomeOf(error);
          }
        }
      : undefined,
    deferringWrites,
    deferringWritesNow,
    prefetchSeries: (hints) => prefetchSeries(items, hints),
    logValue: (experimentId, kind, name, point) => logValue(experimentId, kind, name, point),
    summaries: async (experimentId, kind) => (await selectKind.all(experimentId, kind)).map(named),
    metricSummariesWithPrefix: async (experimentId, prefix) =>
      (await selectPrefix.all(experimentId, prefix, prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1))).map(named),
    async allSeries(experimentId) {
      const byName = new Map<string, [number, string][]>();
      for (const [name, firstSeq, points] of await selectAllSeries.all(experimentId)) {
        const rows = byName.get(name);
        if (rows) rows.push([firstSeq, points]);
        else byName.set(name, [[firstSeq, points]]);
      }
      return [...byName].flatMap(([name, rows]) => unpackSeries(rows).map((point) => ({ name, ...point })));
    },
    deleteItem: async (experimentId, kind, name) => (await deleteItem.run(experimentId, kind, name)).changes > 0,
    series: async (experimentId, name) => unpackSeries(await selectSeries.all(experimentId, name)),
  };
}
