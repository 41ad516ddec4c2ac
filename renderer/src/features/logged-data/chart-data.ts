import type { z } from 'zod';
import type { chartSeries } from '../../../../shared/api/logging-records.ts';

/** One metric's series as the multi-metric chart read answers it. */
export type ChartSeries = z.infer<typeof chartSeries>;

/** What the x axis shows: the step, or the wall-clock time of each point. */
export type ChartAxis = 'step' | 'time';

/** A series ready to draw: numeric points sorted by x. */
export interface PlotSeries {
  name: string;
  points: [number, number][];
  /** The palette colour to draw it in (default: its position), so one thing keeps its colour across charts. */
  colorIndex?: number;
}

/** The drawable points of a series: numeric values with an x on the chosen axis (steps may be missing). */
export function toPlotSeries(series: ChartSeries, axis: ChartAxis): PlotSeries {
  const points: [number, number][] = [];
  series.values.forEach((value, index) => {
    const x = axis === 'step' ? series.steps[index] : series.timestamps[index];
    const y = typeof value === 'number' ? value : Number.NaN;
    if (x === null || x === undefined || !Number.isFinite(y)) return;
    points.push([x, y]);
  });
  points.sort((a, b) => a[0] - b[0]);
  return { name: series.metricName, points };
}

/** The smallest and largest x and y over every series; undefined when there is no point. */
export function extent(series: readonly PlotSeries[]): { x: [number, number]; y: [number, number] } | undefined {
  let xMin = Infinity;
  let xMax = -Infinity;
  let yMin = Infinity;
  let yMax = -Infinity;
  for (const { points } of series) {
    for (const [x, y] of points) {
      xMin = Math.min(xMin, x);
      xMax = Math.max(xMax, x);
      yMin = Math.min(yMin, y);
      yMax = Math.max(yMax, y);
    }
  }
  if (xMin === Infinity) return undefined;
  return { x: widen(xMin, xMax), y: widen(yMin, yMax) };
}

/** A range with some width, so that a single point or a flat line still gets an axis. */
function widen(min: number, max: number): [number, number] {
  if (min !== max) return [min, max];
  const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
  return [min - pad, max + pad];
}

/** About `count` round tick values covering [min, max] (steps of 1, 2 or 5 times a power of ten). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return [min];
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

/** A linear map from a domain to a range (pixels). */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]): (value: number) => number {
  const ratio = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * ratio;
}

/** A tick label: a step or value compactly ("0.25", "1.5k"), or a time of day for the time axis. */
export function tickLabel(value: number, axis: ChartAxis | 'value'): string {
  if (axis === 'time') {
    const date = new Date(value);
    return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}:${String(date.getSeconds()).padStart(2, '0')}`;
  }
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (magnitude >= 1e4) return `${Number((value / 1e3).toPrecision(3))}k`;
  return String(Number(value.toPrecision(4)));
}
