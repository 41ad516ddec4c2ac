/** One run's points as the chart reads them (x ascending). */
export interface RunPoints {
  xs: readonly number[];
  ys: readonly number[];
}

/** Runs aligned on one x grid: `xs` ascending, `ys[run][i]` the run's value at `xs[i]` (null where it has none). */
export interface Aligned {
  xs: number[];
  ys: (number | null)[][];
}

/** Per-x statistics of a group of aligned runs (null where no run of the group has a value). */
export interface GroupStats {
  mean: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
  std: (number | null)[];
  /** Runs holding a value at each x. */
  count: number[];
}

/**
 * Exponential moving average with TensorBoard's debiasing (the first values are not pulled towards 0), `weight` in
 * [0, 1): 0 leaves the values as they are. Non-finite values pass through unsmoothed and do not disturb the average.
 */
export function smooth(ys: readonly number[], weight: number): number[] {
  if (weight <= 0) return [...ys];
  let last = 0;
  let seen = 0;
  return ys.map((y) => {
    if (!Number.isFinite(y)) return y;
    last = last * weight + (1 - weight) * y;
    seen += 1;
    return last / (1 - weight ** seen);
  });
}

/** x shifted so that `origin` (the run's first point; else its first x) is 0 (relative time); the values are kept. */
export const relative = (run: RunPoints, origin = run.xs[0] ?? 0): RunPoints => ({ xs: run.xs.map((x) => x - origin), ys: run.ys });

/**
 * Aligns runs on a common grid of `width` x units (1: exact x): each run's value in a cell is its last value there.
 * The grid holds only cells where some run has a value.
 */
export function alignRuns(runs: readonly RunPoints[], width: number): Aligned {
  const cells = new Map<number, (number | null)[]>();
  runs.forEach((run, index) => {
    run.xs.forEach((x, at) => {
      const cell = Math.floor(x / width) * width;
      let row = cells.get(cell);
      if (!row) cells.set(cell, (row = new Array<number | null>(runs.length).fill(null)));
      row[index] = run.ys[at] ?? null;
    });
  });
  const xs = [...cells.keys()].sort((a, b) => a - b);
  const ys = runs.map((_, index) => xs.map((x) => cells.get(x)?.[index] ?? null));
  return { xs, ys };
}

/** Mean, min, max and standard deviation (population) at each x over the aligned `rows` of one group. */
export function groupStats(rows: readonly (readonly (number | null)[])[], length: number): GroupStats {
  const stats: GroupStats = { mean: [], min: [], max: [], std: [], count: [] };
  for (let at = 0; at < length; at += 1) {
    let sum = 0;
    let squares = 0;
    let count = 0;
    let low = Infinity;
    let high = -Infinity;
    for (const row of rows) {
      const y = row[at];
      if (y === null || y === undefined || !Number.isFinite(y)) continue;
      sum += y;
      squares += y * y;
      count += 1;
      low = Math.min(low, y);
      high = Math.max(high, y);
    }
    const mean = count ? sum / count : null;
    stats.mean.push(mean);
    stats.min.push(count ? low : null);
    stats.max.push(count ? high : null);
    stats.std.push(mean === null ? null : Math.sqrt(Math.max(0, squares / count - mean * mean)));
    stats.count.push(count);
  }
  return stats;
}

/** Run indexes by group label, groups in order of first appearance (`labelOf` answers each run's group). */
export function groupRuns(count: number, labelOf: (index: number) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let index = 0; index < count; index += 1) {
    const label = labelOf(index);
    const members = groups.get(label);
    if (members) members.push(index);
    else groups.set(label, [index]);
  }
  return groups;
}

/** The grid width that aligns runs read in buckets of `bucketWidths` (null: raw points): the widest bucket, else 1 x unit. */
export const gridWidth = (bucketWidths: readonly (number | null)[]): number => Math.max(1, ...bucketWidths.map((width) => width ?? 1));
