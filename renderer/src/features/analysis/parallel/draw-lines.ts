import { axisX, positionY, type ChartBox } from './geometry.ts';
import { COLOUR_STEPS, type ParallelModel } from './parallel-model.ts';

const ANCHORS = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
] as const;

/** A colour as red, green, blue (0 … 255). */
export type Rgb = readonly [number, number, number];

/** The metric's colours, low (dark violet) to high (yellow): viridis, in COLOUR_STEPS steps. */
const PALETTE_RGB: readonly Rgb[] = Array.from({ length: COLOUR_STEPS }, (_, step): Rgb => {
  const at = (step / (COLOUR_STEPS - 1)) * (ANCHORS.length - 1);
  const low = ANCHORS[Math.floor(at)] ?? ANCHORS[0];
  const high = ANCHORS[Math.min(ANCHORS.length - 1, Math.floor(at) + 1)] ?? low;
  const mix = (index: 0 | 1 | 2) => Math.round(low[index] + (high[index] - low[index]) * (at - Math.floor(at)));
  return [mix(0), mix(1), mix(2)];
});
/** Each colour group's colour, in drawing order: group 0 (no metric value) grey, then group i the palette's colour i - 1. */
export const GROUP_RGB: readonly Rgb[] = [[120, 144, 156], ...PALETTE_RGB];
/** The colour of a faint line (a run outside the brushes). */
export const OUTSIDE_RGB: Rgb = [140, 140, 140];
/** The opacity of a faint line. */
export const OUTSIDE_ALPHA = 0.18;

/** A colour as CSS. */
const css = (rgb: Rgb) => `rgb(${rgb.join(', ')})`;
/** The metric's colours as CSS, low (dark violet) to high (yellow). */
export const PALETTE: readonly string[] = PALETTE_RGB.map(css);
const GROUP_CSS = [css(GROUP_RGB[0] ?? OUTSIDE_RGB), ...PALETTE];
const OUTSIDE = `rgba(${OUTSIDE_RGB.join(', ')}, ${OUTSIDE_ALPHA})`;

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Adds run `run`'s line to the current path (a gap where it has no value on an axis). */
function trace(ctx: Context, model: ParallelModel, box: ChartBox, xs: readonly number[], run: number): void {
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

/** Strokes each group of runs as one path: all faint grey, or each group in its colour (GROUP_RGB). */
function strokeGroups(ctx: Context, model: ParallelModel, box: ChartBox, groups: readonly number[][], style: 'colour' | 'faint'): void {
  const axes = model.axes.length;
  const xs = model.axes.map((_, axis) => axisX(box, axis, axes));
  ctx.lineWidth = 1;
  groups.forEach((group, index) => {
    if (group.length === 0) return;
    ctx.beginPath();
    for (const run of group) trace(ctx, model, box, xs, run);
    ctx.strokeStyle = style === 'faint' ? OUTSIDE : (GROUP_CSS[index] ?? OUTSIDE);
    ctx.stroke();
  });
}

/** Empty run lists, one per colour group (or one for faint lines). */
const groupsFor = (style: 'colour' | 'faint'): number[][] => Array.from({ length: style === 'faint' ? 1 : COLOUR_STEPS + 1 }, () => []);

/** The runs `runs` lets through (1) in drawing order: one list per colour group (see GROUP_RGB), or one for faint lines. */
export function lineGroups(model: ParallelModel, runs: Uint8Array, style: 'colour' | 'faint'): number[][] {
  const groups = groupsFor(style);
  for (let run = 0; run < model.keys.length; run += 1) {
    if (runs[run] === 1) groups[style === 'faint' ? 0 : (model.colour[run] ?? -1) + 1]?.push(run);
  }
  return groups;
}

/**
 * Clears the canvas and draws the lines of the runs `runs` lets through (1): in the metric's colour, or all faint grey
 * (the runs outside the brushes, drawn once on a canvas behind the brushed ones). One path per colour, so 10,000 runs
 * cost at most 17 strokes.
 */
export function drawLines(ctx: Context, model: ParallelModel, box: ChartBox, runs: Uint8Array, style: 'colour' | 'faint'): void {
  const ratio = ctx.canvas.width / Math.max(1, box.width);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, box.width, box.height);
  if (model.axes.length === 0) return;
  strokeGroups(ctx, model, box, lineGroups(model, runs, style), style);
}

/**
 * Adds to what the context holds (no clearing; its transform already maps CSS pixels) the coloured lines of the runs
 * `order[start … end)`, one path per colour, the highest colour last as `drawLines` does.
 */
export function strokeRuns(ctx: Context, model: ParallelModel, box: ChartBox, order: Int32Array, start: number, end: number): void {
  if (model.axes.length === 0 || end <= start) return;
  const groups = groupsFor('colour');
  for (let index = start; index < end; index += 1) {
    const run = order[index] ?? 0;
    groups[(model.colour[run] ?? -1) + 1]?.push(run);
  }
  strokeGroups(ctx, model, box, groups, 'colour');
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
