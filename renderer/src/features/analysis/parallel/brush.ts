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
