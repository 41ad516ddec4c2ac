/** Per axis id, the brushed span of positions [low, high] (0 bottom … 1 top); an axis without one lets every run through. */
export type AxisBrushes = Readonly<Record<string, readonly [number, number]>>;

/** The span between two positions dragged on an axis, clamped to the axis, lowest first. */
export const spanOf = (from: number, to: number): [number, number] => [Math.max(0, Math.min(from, to)), Math.min(1, Math.max(from, to))];

/**
 * Which runs pass every brush (1) or not (0), from `positions[run * axisIds.length + axis]`; a run without a value on a
 * brushed axis does not pass.
 */
export function passingMask(positions: Float32Array, axisIds: readonly string[], brushes: AxisBrushes): Uint8Array {
  const axes = axisIds.length;
  const runs = axes === 0 ? 0 : positions.length / axes;
  const mask = new Uint8Array(runs).fill(1);
  axisIds.forEach((id, axis) => {
    const span = brushes[id];
    if (!span) return;
    const [low, high] = span;
    for (let run = 0; run < runs; run += 1) {
      const at = positions[run * axes + axis] ?? Number.NaN;
      if (!(at >= low && at <= high)) mask[run] = 0;
    }
  });
  return mask;
}

/** The keys whose mask entry is 1. */
export const keysOf = (keys: readonly string[], mask: Uint8Array): string[] => keys.filter((_, run) => mask[run] === 1);

/** Whether any of `axisIds` has a brush. */
export const anyBrush = (brushes: AxisBrushes, axisIds: readonly string[]): boolean => axisIds.some((id) => brushes[id] !== undefined);

/** Up to this many runs, each is sorted as one number: its position's float bits × RUN_BITS + the run. */
const RUN_BITS = 2 ** 20;

/**
 * The runs `base` lets through (1) that have a value on axis `axis`, ordered by their position on it (ties by run):
 * run indices and positions. Positions (0 … 1) order as their float bits do, so each run becomes one exact number and a
 * typed array sorts them natively (about 2 ms for 10,000 runs where a comparator takes 5–8).
 */
export function sortedOn(positions: Float32Array, axes: number, axis: number, base: Uint8Array): { runs: Int32Array; at: Float32Array } {
  const kept: number[] = [];
  for (let run = 0; run < base.length; run += 1) if (base[run] === 1 && (positions[run * axes + axis] ?? Number.NaN) >= 0) kept.push(run);
  const runs = new Int32Array(kept.length);
  if (base.length <= RUN_BITS) {
    const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
    const keys = new Float64Array(kept.length);
    for (let index = 0; index < kept.length; index += 1) {
      const run = kept[index] ?? 0;
      keys[index] = (bits[run * axes + axis] ?? 0) * RUN_BITS + run;
    }
    keys.sort();
    for (let index = 0; index < keys.length; index += 1) runs[index] = (keys[index] ?? 0) % RUN_BITS;
  } else {
    runs.set(kept);
    runs.sort((a, b) => (positions[a * axes + axis] ?? 0) - (positions[b * axes + axis] ?? 0) || a - b);
  }
  const at = new Float32Array(runs.length);
  for (let index = 0; index < runs.length; index += 1) at[index] = positions[(runs[index] ?? 0) * axes + axis] ?? 0;
  return { runs, at };
}

/** The index of the first of the ascending `at` that is ≥ `value` (`orEqual` false: > `value`); `at.length` when none. */
export function firstAtLeast(at: Float32Array, value: number, orEqual = true): number {
  let low = 0;
  let high = at.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((at[middle] ?? 0) < value || (!orEqual && at[middle] === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The indices [start, end) of the ascending `at` inside the span [low, high]. */
export const rangeIn = (at: Float32Array, low: number, high: number): [number, number] => [firstAtLeast(at, low), firstAtLeast(at, high, false)];

/**
 * How a drag from an anchor draws the runs `[start, end)` of the sorted order: whole blocks of `size` runs counted outward
 * from the anchor's side (`up`: from `start`; else down from `end`), cached as layers, and the runs past them drawn line
 * by line. Answers the number of whole blocks, and the range left to draw when `cached` of them are at hand.
 */
export function blocksOf(start: number, end: number, size: number, up: boolean, cached = Infinity): { blocks: number; rest: [number, number] } {
  const blocks = Math.floor(Math.max(0, end - start) / size);
  const used = Math.min(blocks, cached);
  return { blocks, rest: up ? [start + used * size, end] : [start, end - used * size] };
}
