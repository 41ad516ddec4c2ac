import type uPlot from 'uplot';
import { seriesColor } from '../../logged-data/chart-options.ts';
import type { ChartLine } from './line-model.ts';

/** One stroke of the chart: a colour, a width (CSS px) and the lines it draws. */
export interface StrokeGroup {
  color: string;
  width: number;
  lines: number[];
}

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
    const group = byColor.get(stroke) ?? { color: stroke, width: 1.5, lines: [] };
    byColor.set(stroke, group);
    group.lines.push(index);
  });
  plan.strokes = [...byColor.values(), ...lit];
  return plan;
}

const drawn = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

/** Adds a line through the values of `ys` that exist (gaps are spanned) to `path`, at canvas positions. */
function trace(path: Path2D, px: Float64Array, ys: readonly (number | null)[], py: (y: number) => number): void {
  let started = false;
  for (let at = 0; at < px.length; at += 1) {
    const y = ys[at];
    if (!drawn(y)) continue;
    if (started) path.lineTo(px[at] ?? 0, py(y));
    else path.moveTo(px[at] ?? 0, py(y));
    started = true;
  }
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

/** Paints `lines` on uPlot's canvas inside its plot area (uPlot's draw hook: after the axes, before the cursor). */
export function paintLines(u: uPlot, lines: readonly ChartLine[], highlighted: ReadonlySet<number>): void {
  const xs = u.data[0];
  if (lines.length === 0 || xs.length === 0) return;
  const { ctx } = u;
  const ratio = globalThis.devicePixelRatio || 1;
  const px = new Float64Array(xs.length);
  for (let at = 0; at < xs.length; at += 1) px[at] = u.valToPos(xs[at] ?? 0, 'x', true);
  const py = (y: number) => u.valToPos(y, 'y', true);
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
    for (const line of stroke.lines) trace(path, px, lines[line]?.ys ?? [], py);
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = stroke.width * ratio;
    ctx.stroke(path);
  }
  ctx.restore();
}
