import type { Sql } from '../../database/sql.ts';
import { numberOf } from '../summary.ts';
import { createPointRangeReader, WHOLE_SERIES } from './point-ranges.ts';
import type { OrderedPoint } from './point-chunks.ts';
import { TileMap, TileRunFolder, mergeTile, type TileSummary } from './tile-fold.ts';

/** The axes a series is tiled on: 0 = step (points without a step left out), 1 = time (ms). */
export type AxisCode = 0 | 1;
/** The tile levels kept: level L covers 16^L x units per tile. */
export const TILE_LEVELS = 8;
/** x units of one tile of `level`. */
export const tileWidth = (level: number): number => 16 ** level;

/** A metric series: its item id, how many points it holds, and its experiment (whose lock its tiling takes). */
export interface MetricItemRef {
  id: number;
  count: number;
  experimentId: number;
}

/** A stored point as chart reads need it. */
export interface RawPoint {
  step: number;
  timestamp: number;
  value: string;
}

/**
 * Pre-aggregated tiles of metric series, filled at read time and in the service's quiet moments (see tile-keeper.ts),
 * never by the write path, and raw range reads.
 */
export interface MetricTileStore {
  /** The metric `name` of an experiment; undefined when it logged none. */
  item(experimentId: number, name: string): Promise<MetricItemRef | undefined>;
  /**
   * Tiles the points that arrived since the last call, in chunks of one transaction each (other requests are
   * served between them); answers the finest level kept per axis.
   */
  catchUp(item: MetricItemRef): Promise<FinestLevels>;
  /** Tiles one transaction's chunk of the points that arrived since the last call; true once none is left. */
  catchUpStep(item: MetricItemRef): Promise<boolean>;
  /** The metric series of an experiment with at least `min` points not tiled yet. */
  lagging(experimentId: number, min: number): Promise<MetricItemRef[]>;
  /** The metric series with an id in (afterId, afterId + span] and at least `min` points not tiled yet. */
  laggingInRange(afterId: number, span: number, min: number): Promise<MetricItemRef[]>;
  /** The highest id a metric series may have (0 when there is none). */
  lastItemId(): Promise<number>;
  /** The tiles of one level whose index lies in [lo, hi], by index. */
  tiles(itemId: number, axis: AxisCode, level: number, lo: number, hi: number): Promise<[number, TileSummary][]>;
  /** At most `limit` points with a step in [lo, hi], in series order. */
  rawBySteps(itemId: number, lo: number, hi: number, limit: number): Promise<RawPoint[]>;
  /** At most `limit` points with a step in [stepLo, stepHi] and a timestamp in [lo, hi], in series order. */
  rawByTime(itemId: number, stepLo: number, stepHi: number, lo: number, hi: number, limit: number): Promise<RawPoint[]>;
}

/** The finest tile level kept for the step axis and for the time axis (coarser reads use raw points). */
export type FinestLevels = [number, number];

/** How much of a series is tiled, and at which levels. */
interface TileMark {
  count: number;
  /** 0 until the first chunk chose them. */
  stepLevel: number;
  timeLevel: number;
  /** A pass under way: the count it tiles up to (0: none) and the key of its last point. */
  upto: number;
  keyStep: number;
  keyTimestamp: number;
  keySeq: number;
}

type TileRow = [number, number, number, number | null, number | null, number | null, number | null, number | null, number | null, number, number];

const TILE_COLUMNS = 'count, skipped, min, max, first_x, first_y, last_x, last_y, min_step, max_step';

/** Tiles of one axis and level to write. */
interface TileDelta {
  axis: AxisCode;
  level: number;
  tiles: TileMap;
}

/** Points per tile, on average, below which a level is not worth keeping (chosen at a series' first fill). */
const MIN_POINTS_PER_TILE = 8;

/** Points tiled per transaction: a long series is tiled in steps, with other requests served in between. */
const CHUNK_POINTS = 20_000;

/**
 * Folds the new points into tiles of both axes from level `from[axis]` (the finest level kept; 1 while not chosen yet)
 * up to the top level, each level from the one below.
 */
function tileDeltas(points: Iterable<OrderedPoint>, from: FinestLevels): TileDelta[] {
  const byStep = new TileRunFolder(tileWidth(from[0]));
  const byTime = new TileRunFolder(tileWidth(from[1]));
  for (const { step, timestamp, value } of points) {
    const y = numberOf(value);
    if (step >= 0) byStep.add(step, y, step);
    byTime.add(timestamp, y, step);
  }
  const finest: [TileMap, TileMap] = [byStep.finish(), byTime.finish()];
  const deltas: TileDelta[] = [];
  for (const axis of [0, 1] as const) {
    let below = finest[axis];
    deltas.push({ axis, level: from[axis], tiles: below });
    for (let level = from[axis] + 1; level <= TILE_LEVELS; level += 1) {
      const above = new TileMap();
      for (const [index, tile] of below) mergeTile(above.at(Math.floor(index / 16)), tile);
      deltas.push({ axis, level, tiles: above });
      below = above;
    }
  }
  return deltas;
}

/** The finest level of an axis worth keeping: its tiles hold enough points on average (else the top level). */
function finestLevel(deltas: readonly TileDelta[], axis: AxisCode, points: number): number {
  const fit = deltas.find((delta) => delta.axis === axis && delta.tiles.size * MIN_POINTS_PER_TILE <= points);
  return fit?.level ?? TILE_LEVELS;
}

/** A stored point as a raw range read answers it. */
const rawPoint = ({ step, timestamp, value }: OrderedPoint): RawPoint => ({ step, timestamp, value });

/** Creates the tile store over a database. */
export function createMetricTileStore(db: Sql): MetricTileStore {
  const item = db.prepare<[number, string], MetricItemRef>(
    "SELECT id, value_count AS count, experiment_id AS experimentId FROM logged_items WHERE experiment_id = ? AND kind = 'metric' AND name = ?",
  );
  const mark = db.prepare<[number], TileMark>(
    `SELECT tiled_count AS count, step_level AS stepLevel, time_level AS timeLevel, pass_upto AS upto,
       pass_step AS keyStep, pass_timestamp AS keyTimestamp, pass_seq AS keySeq FROM metric_tile_marks WHERE item_id = ?`,
  );
  const saveMark = db.prepare<[number, number, number, number, number, number, number, number]>(
    `INSERT INTO metric_tile_marks (item_id, tiled_count, step_level, time_level, pass_upto, pass_step, pass_timestamp, pass_seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_id) DO UPDATE SET tiled_count = excluded.tiled_count, step_level = excluded.step_level,
       time_level = excluded.time_level, pass_upto = excluded.pass_upto, pass_step = excluded.pass_step, pass_timestamp = excluded.pass_timestamp,
       pass_seq = excluded.pass_seq`,
  );
  const LAGGING = `SELECT i.id, i.value_count AS count, i.experiment_id AS experimentId FROM logged_items i LEFT JOIN metric_tile_marks m ON m.item_id = i.id
    WHERE i.kind = 'metric' AND i.value_count - coalesce(m.tiled_count, 0) >= ?`;
  const lagging = db.prepare<[number, number], MetricItemRef>(`${LAGGING} AND i.experiment_id = ? ORDER BY i.id`);
  const laggingInRange = db.prepare<[number, number, number], MetricItemRef>(`${LAGGING} AND i.id > ? AND i.id <= ? ORDER BY i.id`);
  const lastItemId = db.prepare<[], number | null>('SELECT max(id) FROM logged_items').pluck();
  const points = createPointRangeReader(db);
  const upsert = db.prepare(
    `INSERT INTO metric_tiles (item_id, axis, level, tile, ${TILE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_id, axis, level, tile) DO UPDATE SET
       count = metric_tiles.count + excluded.count,
       skipped = metric_tiles.skipped + excluded.skipped,
       min = CASE WHEN metric_tiles.min IS NULL OR excluded.min < metric_tiles.min THEN excluded.min ELSE metric_tiles.min END,
       max = CASE WHEN metric_tiles.max IS NULL OR excluded.max > metric_tiles.max THEN excluded.max ELSE metric_tiles.max END,
       first_y = CASE WHEN metric_tiles.first_x IS NULL OR excluded.first_x < metric_tiles.first_x THEN excluded.first_y ELSE metric_tiles.first_y END,
       first_x = CASE WHEN metric_tiles.first_x IS NULL OR excluded.first_x < metric_tiles.first_x THEN excluded.first_x ELSE metric_tiles.first_x END,
       last_y = CASE WHEN metric_tiles.last_x IS NULL OR excluded.last_x >= metric_tiles.last_x THEN excluded.last_y ELSE metric_tiles.last_y END,
       last_x = CASE WHEN metric_tiles.last_x IS NULL OR excluded.last_x >= metric_tiles.last_x THEN excluded.last_x ELSE metric_tiles.last_x END,
       min_step = min(metric_tiles.min_step, excluded.min_step),
       max_step = max(metric_tiles.max_step, excluded.max_step)`,
  );
  const selectTiles = db
    .prepare<[number, number, number, number, number], TileRow>(
      `SELECT tile, ${TILE_COLUMNS} FROM metric_tiles WHERE item_id = ? AND axis = ? AND level = ? AND tile BETWEEN ? AND ? ORDER BY tile`,
    )
    .raw();
  /**
   * Tiles one chunk of the pending points (starting a pass when none is under way); answers the levels once all are
   * tiled. Its transaction is scoped to the series' experiment: on PostgreSQL, other experiments' writes go on beside
   * it (SQLite runs transactions one at a time anyway).
   */
  const tileChunk = (ref: MetricItemRef): Promise<FinestLevels | undefined> => db.transaction(async () => {
    const seen = await mark.get(ref.id);
    if (seen && seen.upto === 0 && seen.count >= ref.count) return [seen.stepLevel, seen.timeLevel];
    const pass = seen && seen.upto > 0
      ? seen
      : { count: seen?.count ?? 0, stepLevel: seen?.stepLevel ?? 0, timeLevel: seen?.timeLevel ?? 0, upto: ref.count, keyStep: -2, keyTimestamp: Number.MIN_SAFE_INTEGER, keySeq: -1 };
    const rows = await points.first(ref.id, { ...WHOLE_SERIES, afterSeq: pass.count, uptoSeq: pass.upto, after: [pass.keyStep, pass.keyTimestamp, pass.keySeq] }, CHUNK_POINTS);
    const chosen: FinestLevels | undefined = pass.stepLevel > 0 ? [pass.stepLevel, pass.timeLevel] : undefined;
    const deltas = tileDeltas(rows, chosen ?? [1, 1]);
    const levels: FinestLevels = chosen ?? [finestLevel(deltas, 0, rows.length), finestLevel(deltas, 1, rows.length)];
    for (const { axis, level, tiles } of deltas) {
      if (level < levels[axis]) continue;
      for (const [index, t] of tiles) {
        await upsert.run(ref.id, axis, level, index, t.count, t.skipped, t.min, t.max, t.firstX, t.firstY, t.lastX, t.lastY, t.minStep, t.maxStep);
      }
    }
    const last = rows.at(-1);
    if (rows.length === CHUNK_POINTS && last) {
      await saveMark.run(ref.id, pass.count, levels[0], levels[1], pass.upto, last.step, last.timestamp, last.seq);
      return undefined;
    }
    await saveMark.run(ref.id, pass.upto, levels[0], levels[1], 0, 0, 0, 0);
    // A pass another caller started (the tile keeper's, or a reader's on another instance) may end short of this ref.
    return pass.upto >= ref.count ? levels : undefined;
  }, { experiments: [ref.experimentId] });

  /** Catch-ups under way, by item: a second reader of the same series waits for the first. */
  const running = new Map<number, Promise<FinestLevels>>();
  const catchUp = async (ref: MetricItemRef): Promise<FinestLevels> => {
    for (;;) {
      const levels = await tileChunk(ref);
      if (levels) return levels;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  return {
    item: (experimentId, name) => item.get(experimentId, name),
    catchUpStep: async (ref) => (await tileChunk(ref)) !== undefined,
    lagging: (experimentId, min) => lagging.all(min, experimentId),
    laggingInRange: (afterId, span, min) => laggingInRange.all(min, afterId, afterId + span),
    lastItemId: async () => (await lastItemId.get()) ?? 0,
    async catchUp(ref) {
      const before = running.get(ref.id);
      if (before) await before.catch(() => undefined);
      const current = catchUp(ref);
      running.set(ref.id, current);
      try {
        return await current;
      } finally {
        if (running.get(ref.id) === current) running.delete(ref.id);
      }
    },
    tiles: async (itemId, axis, level, lo, hi) =>
      (await selectTiles
        .all(itemId, axis, level, lo, hi))
        .map(([index, count, skipped, min, max, firstX, firstY, lastX, lastY, minStep, maxStep]) => [
          index,
          { count, skipped, min, max, firstX, firstY, lastX, lastY, minStep, maxStep },
        ]),
    rawBySteps: async (itemId, lo, hi, limit) => (await points.first(itemId, { ...WHOLE_SERIES, stepLo: lo, stepHi: hi }, limit)).map(rawPoint),
    rawByTime: async (itemId, stepLo, stepHi, lo, hi, limit) =>
      (await points.first(itemId, { ...WHOLE_SERIES, stepLo, stepHi, timeLo: lo, timeHi: hi }, limit)).map(rawPoint),
  };
}
