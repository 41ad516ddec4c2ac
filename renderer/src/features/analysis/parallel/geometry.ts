import type { ParallelModel } from './parallel-model.ts';

/** The chart's box in CSS pixels and the margins around the axes. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The x of axis `index` of `count` axes. */
export const axisX = (box: ChartBox, index: number, count: number): number =>
  count <= 1 ? box.left + (box.width - box.left - box.right) / 2 : box.left + (index * (box.width - box.left - box.right)) / (count - 1);

/** The y of a position on an axis (0 bottom, 1 top). */
export const positionY = (box: ChartBox, at: number): number => box.height - box.bottom - at * (box.height - box.top - box.bottom);

/** The position on an axis at a y (clamped to 0 … 1). */
export const yPosition = (box: ChartBox, y: number): number => Math.max(0, Math.min(1, (box.height - box.bottom - y) / (box.height - box.top - box.bottom)));

/** The index of the axis nearest to x within `reach` pixels, or -1. */
export function axisAt(box: ChartBox, count: number, x: number, reach: number): number {
  for (let index = 0; index < count; index += 1) if (Math.abs(axisX(box, index, count) - x) <= reach) return index;
  return -1;
}

/**
 * The run whose line passes nearest to (x, y), within `reach` pixels vertically, among the runs `drawn` lets through
 * (1); -1 when none. Between two axes a line is straight, so its y at x is interpolated.
 */
export function runAt(model: ParallelModel, box: ChartBox, drawn: Uint8Array, x: number, y: number, reach: number): number {
  const axes = model.axes.length;
  if (axes < 2) return -1;
  const first = axisX(box, 0, axes);
  const step = axisX(box, 1, axes) - first;
  const segment = Math.max(0, Math.min(axes - 2, Math.floor((x - first) / step)));
  const t = Math.max(0, Math.min(1, (x - axisX(box, segment, axes)) / step));
  let best = -1;
  let bestDistance = reach;
  for (let run = 0; run < model.keys.length; run += 1) {
    if (drawn[run] !== 1) continue;
    const from = model.positions[run * axes + segment] ?? Number.NaN;
    const to = model.positions[run * axes + segment + 1] ?? Number.NaN;
    if (Number.isNaN(from) || Number.isNaN(to)) continue;
    const distance = Math.abs(positionY(box, from + (to - from) * t) - y);
    if (distance <= bestDistance) {
      best = run;
      bestDistance = distance;
    }
  }
  return best;
}
