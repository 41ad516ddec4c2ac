/** The summary of the points whose x falls in one interval: a stored tile, or a bucket of a chart read. */
export interface TileSummary {
  /** Numeric points. */
  count: number;
  /** Points whose value is not a finite number. */
  skipped: number;
  min: number | null;
  max: number | null;
  firstX: number | null;
  firstY: number | null;
  lastX: number | null;
  lastY: number | null;
  /** Steps of all its points (-1 for a point without one). */
  minStep: number;
  maxStep: number;
}

/** An empty summary. */
export const emptyTile = (): TileSummary => ({
  count: 0,
  skipped: 0,
  min: null,
  max: null,
  firstX: null,
  firstY: null,
  lastX: null,
  lastY: null,
  minStep: Number.POSITIVE_INFINITY,
  maxStep: Number.NEGATIVE_INFINITY,
});

/** Folds one point into a summary; `y` null for a value that is not a finite number. A tie on x keeps the earlier first and the later last. */
export function foldPoint(tile: TileSummary, x: number, y: number | null, step: number): void {
  if (step < tile.minStep) tile.minStep = step;
  if (step > tile.maxStep) tile.maxStep = step;
  if (y === null) {
    tile.skipped += 1;
    return;
  }
  tile.count += 1;
  if (tile.min === null || y < tile.min) tile.min = y;
  if (tile.max === null || y > tile.max) tile.max = y;
  if (tile.firstX === null || x < tile.firstX) {
    tile.firstX = x;
    tile.firstY = y;
  }
  if (tile.lastX === null || x >= tile.lastX) {
    tile.lastX = x;
    tile.lastY = y;
  }
}

/** Folds a summary of later points into `into` (the same rules as folding them one by one). */
export function mergeTile(into: TileSummary, later: TileSummary): void {
  into.minStep = Math.min(into.minStep, later.minStep);
  into.maxStep = Math.max(into.maxStep, later.maxStep);
  into.skipped += later.skipped;
  if (later.count === 0) return;
  into.count += later.count;
  if (into.min === null || (later.min !== null && later.min < into.min)) into.min = later.min;
  if (into.max === null || (later.max !== null && later.max > into.max)) into.max = later.max;
  if (into.firstX === null || (later.firstX !== null && later.firstX < into.firstX)) {
    into.firstX = later.firstX;
    into.firstY = later.firstY;
  }
  if (into.lastX === null || (later.lastX !== null && later.lastX >= into.lastX)) {
    into.lastX = later.lastX;
    into.lastY = later.lastY;
  }
}

/** Summaries keyed by interval index, each created empty on first use. */
export class TileMap extends Map<number, TileSummary> {
  /** The summary of interval `index`, created empty when new. */
  at(index: number): TileSummary {
    let tile = this.get(index);
    if (!tile) {
      tile = emptyTile();
      this.set(index, tile);
    }
    return tile;
  }
}

/**
 * Folds a run of points into summaries of one interval width, the same as `foldPoint` into `TileMap.at(Math.floor(x / width))`,
 * but fast for points that arrive grouped by interval (a series read in step order): the current interval is kept in
 * plain number fields (no null-to-number field changes, which make V8 allocate a boxed number per write) and merged
 * into the map only when the interval changes.
 */
export class TileRunFolder {
  /** The summaries folded so far (complete once `finish` was called). */
  readonly tiles = new TileMap();
  private index = Number.NaN;
  private count = 0;
  private skipped = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private firstX = Number.POSITIVE_INFINITY;
  private firstY = 0;
  private lastX = Number.NEGATIVE_INFINITY;
  private lastY = 0;
  private minStep = Number.POSITIVE_INFINITY;
  private maxStep = Number.NEGATIVE_INFINITY;

  private readonly width: number;

  /** A folder into intervals of `width` x units. */
  constructor(width: number) {
    this.width = width;
  }

  /** Folds one point (`y` null for a value that is not a finite number). */
  add(x: number, y: number | null, step: number): void {
    const index = Math.floor(x / this.width);
    if (index !== this.index) {
      this.flush();
      this.index = index;
    }
    if (step < this.minStep) this.minStep = step;
    if (step > this.maxStep) this.maxStep = step;
    if (y === null) {
      this.skipped += 1;
      return;
    }
    this.count += 1;
    if (y < this.min) this.min = y;
    if (y > this.max) this.max = y;
    if (x < this.firstX) {
      this.firstX = x;
      this.firstY = y;
    }
    if (x >= this.lastX) {
      this.lastX = x;
      this.lastY = y;
    }
  }

  /** Merges the current interval into the map; answers the map. */
  finish(): TileMap {
    this.flush();
    return this.tiles;
  }

  private flush(): void {
    if (Number.isNaN(this.index)) return;
    const numeric = this.count > 0;
    mergeTile(this.tiles.at(this.index), {
      count: this.count,
      skipped: this.skipped,
      min: numeric ? this.min : null,
      max: numeric ? this.max : null,
      firstX: numeric ? this.firstX : null,
      firstY: numeric ? this.firstY : null,
      lastX: numeric ? this.lastX : null,
      lastY: numeric ? this.lastY : null,
      minStep: this.minStep,
      maxStep: this.maxStep,
    });
    this.index = Number.NaN;
    this.count = 0;
    this.skipped = 0;
    this.min = Number.POSITIVE_INFINITY;
    this.max = Number.NEGATIVE_INFINITY;
    this.firstX = Number.POSITIVE_INFINITY;
    this.lastX = Number.NEGATIVE_INFINITY;
    this.minStep = Number.POSITIVE_INFINITY;
    this.maxStep = Number.NEGATIVE_INFINITY;
  }
}
