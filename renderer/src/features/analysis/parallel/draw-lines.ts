import { axisX, positionY, type ChartBox } from './geometry.ts';
import { COLOUR_STEPS, type ParallelModel } from './parallel-model.ts';

const ANCHORS = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
] as const;

/** The metric's colours, low (dark violet) to high (yellow): viridis, in COLOUR_STEPS steps. */
export const PALETTE: readonly string[] = Array.from({ length: COLOUR_STEPS }, (_, step) => {
  const at = (step / (COLOUR_STEPS - 1)) * (ANCHORS.length - 1);
  const low = ANCHORS[Math.floor(at)] ?? ANCHORS[0];
  const high = ANCHORS[Math.min(ANCHORS.length - 1, Math.floor(at) + 1)] ?? low;
  const mix = (index: 0 | 1 | 2) => Math.round(low[index] + (high[index] - low[index]) * (at - Math.floor(at)));
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
});
const NO_METRIC = 'rgb(120, 144, 156)';
const OUTSIDE = 'rgba(140, 140, 140, 0.18)';

/** Adds run `run`'s line to the current path (a gap where it has no value on an axis). */
function trace(ctx: CanvasRenderingContext2D, model: ParallelModel, box: ChartBox, xs: readonly number[], run: number): void {
  const axes = xs.length;
  let pen = false;
  for (let axis = 0; axis < axes; axis += 1) {
    const at = model.positions[run * axes + axis] ?? Number.NaN;
    if (Number.isNaN(at)) {
      pen = false;
      continue;
    }
    const y = positionY(box, at);
    if (pen) ctx.lineTo(xs[axis] ?? 0, y);
    else ctx.moveTo(xs[axis] ?? 0, y);
    pen = true;
  }
}

/**
 * Draws the lines of the runs `shown` lets through (1): those `passing` lets through in the metric's colour, the others
 * faint grey behind them. One path per colour, so 10,000 runs cost 17 strokes.
 */
export function drawLines(ctx: CanvasRenderingContext2D, model: ParallelModel, box: ChartBox, shown: Uint8Array, passing: Uint8Array): void {
  const ratio = ctx.canvas.width / Math.max(1, box.width);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, box.width, box.height);
  const axes = model.axes.length;
  if (axes === 0) return;
  const xs = model.axes.map((_, axis) => axisX(box, axis, axes));
  const groups: number[][] = Array.from({ length: COLOUR_STEPS + 1 }, () => []);
  const outside: number[] = [];
  for (let run = 0; run < model.keys.length; run += 1) {
    if (shown[run] !== 1) continue;
    if (passing[run] !== 1) outside.push(run);
    else groups[(model.colour[run] ?? -1) + 1]?.push(run);
  }
  ctx.lineWidth = 1;
  const stroke = (runs: readonly number[], colour: string) => {
    if (runs.length === 0) return;
    ctx.beginPath();
    for (const run of runs) trace(ctx, model, box, xs, run);
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  stroke(outside, OUTSIDE);
  groups.forEach((runs, index) => stroke(runs, index === 0 ? NO_METRIC : (PALETTE[index - 1] ?? NO_METRIC)));
}

/** The SVG points of run `run`'s line (for the hovered and selected runs drawn above the canvas). */
export function linePoints(model: ParallelModel, box: ChartBox, run: number): string {
  const axes = model.axes.length;
  const points: string[] = [];
  for (let axis = 0; axis < axes; axis += 1) {
    const at = model.positions[run * axes + axis] ?? Number.NaN;
    if (!Number.isNaN(at)) points.push(`${axisX(box, axis, axes).toFixed(1)},${positionY(box, at).toFixed(1)}`);
  }
  return points.join(' ');
}
