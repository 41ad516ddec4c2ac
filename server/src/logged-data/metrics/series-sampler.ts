import { numberOf } from '../summary.ts';
import { TileMap, foldPoint, mergeTile, type TileSummary } from './tile-fold.ts';
import { TILE_LEVELS, tileWidth, type AxisCode, type MetricItemRef, type MetricTileStore, type RawPoint } from './tile-store.ts';

/** One metric downsampled for a chart: buckets by x (only those holding a numeric point), or raw points. */
export interface SeriesSample {
  /** The x range answered: the asked one widened to whole buckets; null when there is nothing to draw. */
  from: number | null;
  to: number | null;
  /** x units per bucket (a power of two); null when the buckets are the raw points. */
  bucketWidth: number | null;
  /** Values in the range that are not finite numbers. */
  skipped: number;
  /** Each bucket's lower bound with its summary, by x. */
  buckets: { start: number; summary: TileSummary }[];
  /** With a relative ask: the x of the series' first point, from which `from` and `to` counted (null: no point). */
  origin?: number | null;
}

/** What a chart asks: an axis, at most `buckets` buckets, an optional x range (counted from the first point's x when `relative`). */
export interface SeriesAsk {
  axis: AxisCode;
  buckets: number;
  from?: number;
  to?: number;
  relative?: boolean;
}

/** Tiles of a level read for an extent or a step range: a level where the range spans this many tiles or fewer. */
const COARSE_SPAN = 64;

/** The smallest power-of-two width that cuts [lo, hi] into at most `count` aligned buckets. */
export function bucketWidthFor(lo: number, hi: number, count: number): number {
  let width = 2 ** Math.max(0, Math.ceil(Math.log2((hi - lo + 1) / count)));
  while (Math.floor(hi / width) - Math.floor(lo / width) + 1 > count) width *= 2;
  return width;
}

/** The coarsest level whose tiles are no wider than `width` (0 when even level 1 is wider; raw points then). */
const levelFor = (width: number): number => Math.min(TILE_LEVELS, Math.floor(Math.log2(width) / 4));

/** Downsamples metric series from the tile store: at most 16 tiles per bucket are read, or raw points for short ranges. */
export function createSeriesSampler(tiles: MetricTileStore) {
  /** The summary of every point in [lo, hi] (or of the whole series), from a level of few tiles. */
  const coarse = async (item: MetricItemRef, axis: AxisCode, finest: number, lo: number, hi: number): Promise<TileSummary> => {
    let level = TILE_LEVELS;
    while (level > finest && (hi - lo) / tileWidth(level - 1) <= COARSE_SPAN) level -= 1;
    const total = new TileMap().at(0);
    const width = tileWidth(level);
    for (const [, tile] of await tiles.tiles(item.id, axis, level, Math.floor(lo / width), Math.floor(hi / width))) mergeTile(total, tile);
    return total;
  };

  /** Points with x in [lo, hi], at most `limit`, in x order. */
  const rawPoints = async (item: MetricItemRef, axis: AxisCode, finest: number, lo: number, hi: number, limit: number): Promise<RawPoint[]> => {
    if (axis === 0) return tiles.rawBySteps(item.id, Math.max(0, lo), hi, limit);
    const steps = await coarse(item, axis, finest, lo, hi);
    if (steps.minStep > steps.maxStep) return [];
    const points = await tiles.rawByTime(item.id, steps.minStep, steps.maxStep, lo, hi, limit);
    return points.sort((a, b) => a.timestamp - b.timestamp || a.step - b.step);
  };

  /** Buckets of `width` from raw points. */
  const bucketRaw = (points: readonly RawPoint[], axis: AxisCode, width: number): TileMap => {
    const buckets = new TileMap();
    for (const point of points) {
      const x = axis === 0 ? point.step : point.timestamp;
      foldPoint(buckets.at(Math.floor(x / width)), x, numberOf(point.value), point.step);
    }
    return buckets;
  };

  /** Buckets of `width` from the tiles of the coarsest level that fits in them. */
  const bucketTiles = async (item: MetricItemRef, axis: AxisCode, lo: number, hi: number, width: number): Promise<TileMap> => {
    const level = levelFor(width);
    const perTile = tileWidth(level);
    const buckets = new TileMap();
    for (const [index, tile] of await tiles.tiles(item.id, axis, level, Math.floor(lo / perTile), Math.floor(hi / perTile))) {
      mergeTile(buckets.at(Math.floor((index * perTile) / width)), tile);
    }
    return buckets;
  };

  return {
    /** One metric downsampled as `ask` says (tiling the points that arrived since the last read first). */
    async sample(item: MetricItemRef, ask: SeriesAsk): Promise<SeriesSample> {
      const finest = (await tiles.catchUp(item))[ask.axis];
      const partial = ask.from !== undefined && ask.to !== undefined;
      const whole = !partial || ask.relative ? await coarse(item, ask.axis, TILE_LEVELS, -1, Number.MAX_SAFE_INTEGER) : undefined;
      const origin = ask.relative ? (whole?.firstX ?? null) : undefined;
      const shift = origin ?? 0;
      const said = origin === undefined ? {} : { origin };
      const lo = ask.from === undefined ? (whole?.firstX ?? null) : ask.from + shift;
      const hi = ask.to === undefined ? (whole?.lastX ?? null) : ask.to + shift;
      const empty: SeriesSample = { from: null, to: null, bucketWidth: null, skipped: 0, buckets: [], ...said };
      if (lo === null || hi === null || lo > hi || origin === null) return empty;
      // The whole series' summary already tells when it holds more points than buckets: no raw read to find that out.
      const longer = whole !== undefined && !partial && whole.count + whole.skipped > ask.buckets;
      const raw = longer ? undefined : await rawPoints(item, ask.axis, finest, lo, hi, ask.buckets + 1);
      if (raw && raw.length <= ask.buckets) {
        const buckets: SeriesSample['buckets'] = [];
        let skipped = 0;
        for (const point of raw) {
          const x = ask.axis === 0 ? point.step : point.timestamp;
          const summary = new TileMap().at(0);
          foldPoint(summary, x, numberOf(point.value), point.step);
          if (summary.count === 0) skipped += 1;
          else buckets.push({ start: x, summary });
        }
        return { from: lo, to: hi, bucketWidth: null, skipped, buckets, ...said };
      }
      const width = bucketWidthFor(lo, hi, ask.buckets);
      const from = Math.floor(lo / width) * width;
      const to = Math.floor(hi / width) * width + width - 1;
      const map =
        levelFor(width) < finest
          ? bucketRaw(await rawPoints(item, ask.axis, finest, from, to, Number.MAX_SAFE_INTEGER), ask.axis, width)
          : await bucketTiles(item, ask.axis, from, to, width);
      const ordered = [...map].sort((a, b) => a[0] - b[0]);
      const skipped = ordered.reduce((sum, [, summary]) => sum + summary.skipped, 0);
      const buckets = ordered.filter(([, summary]) => summary.count > 0).map(([index, summary]) => ({ start: index * width, summary }));
      return { from, to, bucketWidth: width, skipped, buckets, ...said };
    },
  };
}

/** The sampler over a tile store. */
export type SeriesSampler = ReturnType<typeof createSeriesSampler>;
