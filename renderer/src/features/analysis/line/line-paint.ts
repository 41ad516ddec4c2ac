import type uPlot from 'uplot';
import { seriesColor } from '../../logged-data/chart-options.ts';
import type { ChartLine } from './line-model.ts';

/** One stroke of the chart: a colour, a width (CSS px; HAIRLINE: one device pixel) and the lines it draws. */
export interface StrokeGroup {
  color: string;
  width: number;
  lines: number[];
}

/** A stroke one device pixel wide: the canvas rasterises it about 10 times faster than a 1.5 px one (1,000 runs: ~15 ms against 100–400 ms, measured in Chromium without GPU). */
export const HAIRLINE = 0;
/** Above this many lines, the lines not highlighted are hairlines (at that density a wider line only blurs them together). */
const HAIRLINES_FROM = 100;

/** What the chart paints, in order: the groups' bands, then a stroke per colour, the highlighted lines last (on top). */
export interface PaintPlan {
  bands: { fill: string; line: number }[];
  strokes: StrokeGroup[];
}

/**
 * The strokes that draw `lines` (a colour per line, as the legend shows): all lines of one colour share a stroke, so
 * 1,000 runs take a handful; while some are highlighted the others are dimmed.
 */
export function paintPlan(lines: readonly ChartLine[], highlighted: ReadonlySet<number>): PaintPlan {
  const dim = highlighted.size > 0;
  const plan: PaintPlan = { bands: [], strokes: [] };
  const byColor = new Map<string, StrokeGroup>();
  const lit: StrokeGroup[] = [];
  lines.forEach((line, index) => {
    const color = seriesColor(index);
    const on = highlighted.has(index);
    if (line.band) plan.bands.push({ fill: `${color}${dim && !on ? '18' : '33'}`, line: index });
    if (on) return void lit.push({ color, width: 3, lines: [index] });
    const stroke = dim ? `${color}55` : color;
    const group = byColor.get(stroke) ?? { color: stroke, width: lines.length > HAIRLINES_FROM ? HAIRLINE : 1.5, lines: [] };
    byColor.set(stroke, group);
    group.lines.push(index);
  });
  plan.strokes = [...byColor.values(), ...lit];
  return plan;
}

const drawn = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

/** Adds a line through the values of `ys` that exist (gaps are spanned) to `path`, at canvas positions; answers their count. */
function trace(path: Path2D, px: Float64Array, ys: readonly (number | null)[], py: (y: number) => number): number {
  let started = false;
  let points = 0;
  for (let at = 0; at < px.length; at += 1) {
    const y = ys[at];
    if (!drawn(y)) continue;
    if (started) path.lineTo(px[at] ?? 0, py(y));
    else path.moveTo(px[at] ?? 0, py(y));
    started = true;
    points += 1;
  }
  return points;
}

/** The area between a band's high and low values, where both exist. */
function bandPath(px: Float64Array, band: NonNullable<ChartLine['band']>, py: (y: number) => number): Path2D {
  const path = new Path2D();
  const at: number[] = [];
  for (let index = 0; index < px.length; index += 1) if (drawn(band.high[index]) && drawn(band.low[index])) at.push(index);
  at.forEach((index, order) => (order === 0 ? path.moveTo : path.lineTo).call(path, px[index] ?? 0, py(band.high[index] ?? 0)));
  for (const index of at.reverse()) path.lineTo(px[index] ?? 0, py(band.low[index] ?? 0));
  path.closePath();
  return path;
}

/** The canvas y of a value: straight arithmetic on a linear scale (uPlot's valToPos per point costs more), uPlot's own on a log scale. */
function yToCanvas(u: uPlot): (y: number) => number {
  const { min, max, distr } = u.scales.y ?? {};
  if ((distr ?? 1) !== 1 || min === undefined || max === undefined || min === null || max === null || max <= min) return (y) => u.valToPos(y, 'y', true);
  const bottom = u.bbox.top + u.bbox.height;
  const perUnit = u.bbox.height / (max - min);
  return (y) => bottom - (y - min) * perUnit;
}

/** What a paint drew: lines, their points (values), and the highlighted lines among them. */
export interface Painted {
  lines: number;
  points: number;
  highlighted: number;
}

/** Paints `lines` on uPlot's canvas inside its plot area (uPlot's draw hook: after the axes, before the cursor). */
export function paintLines(u: uPlot, lines: readonly ChartLine[], highlighted: ReadonlySet<number>): Painted {
  const painted: Painted = { lines: 0, points: 0, highlighted: 0 };
  const xs = u.data[0];
  if (lines.length === 0 || xs.length === 0) return painted;
  const { ctx } = u;
  const ratio = globalThis.devicePixelRatio || 1;
  const px = new Float64Array(xs.length);
  for (let at = 0; at < xs.length; at += 1) px[at] = u.valToPos(xs[at] ?? 0, 'x', true);
  const py = yToCanvas(u);
  const plan = paintPlan(lines, highlighted);
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  for (const { fill, line } of plan.bands) {
    const band = lines[line]?.band;
    if (!band) continue;
    ctx.fillStyle = fill;
    ctx.fill(bandPath(px, band, py));
  }
  ctx.lineJoin = 'round';
  for (const stroke of plan.strokes) {
    const path = new Path2D();
    for (const line of stroke.lines) {
      const points = trace(path, px, lines[line]?.ys ?? [], py);
      painted.points += points;
      painted.lines += points > 0 ? 1 : 0;
      painted.highlighted += points > 0 && highlighted.has(line) ? 1 : 0;
    }
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = stroke.width === HAIRLINE ? 1 : stroke.width * ratio;
    ctx.stroke(path);
  }
  ctx.restore();
  return painted;
}
