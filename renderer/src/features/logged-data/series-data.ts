import type { ApiReply } from '../../lib/api.ts';
import type { ChartAxis } from './chart-data.ts';

/** How a chart line asks `ext.metricSeries` (and the third part of its cache key). */
export interface SeriesQuery {
  experimentKey: string;
  metricName: string;
  axis: ChartAxis;
  buckets: number;
  from?: number;
  to?: number;
}

/** A metric as `ext.metricSeries` answers it: buckets (or raw points) over an x range. */
export type SeriesReply = ApiReply<'getMetricSeries'>;
/** New points of one metric as the live read answers them. */
type LivePoints = Pick<ApiReply<'getExperimentLive'>['metrics'][number], 'values' | 'steps' | 'timestamps'>;

/** One line to draw: x strictly increasing, y finite. */
export interface LinePoints {
  x: number[];
  y: number[];
}

/**
 * The points that draw a bucketed series faithfully: per bucket its first point, its min and max between
 * (in the order that follows the trend), and its last point, so every peak shows and buckets connect.
 */
export function linePoints(reply: SeriesReply): LinePoints {
  const { start, firstX, lastX, first, last, min, max, count } = reply.buckets;
  const x: number[] = [];
  const y: number[] = [];
  const push = (px: number, py: number) => {
    if (x.length > 0 && px <= (x.at(-1) ?? px)) {
      y[y.length - 1] = py;
      return;
    }
    x.push(px);
    y.push(py);
  };
  start.forEach((_, index) => {
    const [x0, x1, y0, y1] = [firstX[index] ?? 0, lastX[index] ?? 0, first[index] ?? 0, last[index] ?? 0];
    push(x0, y0);
    if ((count[index] ?? 0) > 2 && x1 > x0) {
      const [low, high] = [min[index] ?? y0, max[index] ?? y0];
      const [a, b] = y1 >= y0 ? [low, high] : [high, low];
      push(x0 + (x1 - x0) / 3, a);
      push(x0 + ((x1 - x0) * 2) / 3, b);
    }
    if (x1 > x0) push(x1, y1);
  });
  return { x, y };
}

/**
 * Exponential moving average with TensorBoard's debiasing (the first points are not pulled towards 0);
 * `weight` 0 leaves the values as they are, towards 1 smooths more.
 */
export function smooth(values: readonly number[], weight: number): number[] {
  if (weight <= 0) return [...values];
  let last = 0;
  let seen = 0;
  return values.map((value) => {
    last = last * weight + (1 - weight) * value;
    seen += 1;
    return last / (1 - weight ** seen);
  });
}

/** The summary a chart's text alternative shows for one line. */
export interface LineSummary {
  points: number;
  last: number | null;
  min: number | null;
  max: number | null;
}

/** Points, last value, least and greatest value of a series reply. */
export function summarise(reply: SeriesReply): LineSummary {
  const { min, max, last } = reply.buckets;
  return {
    points: reply.total,
    last: last.at(-1) ?? null,
    min: min.length > 0 ? Math.min(...min) : null,
    max: max.length > 0 ? Math.max(...max) : null,
  };
}

/** A series reply with live points appended, and whether it should be read again (too many appended, or reset). */
export interface SeriesMerge {
  reply: SeriesReply;
  stale: boolean;
}

/**
 * Appends the numeric live points that lie after the series' last x (earlier ones are already in it, or are
 * late and show on the next read) as raw one-point buckets. Once the appended points outnumber the asked
 * buckets the series is stale: read again, downsampled.
 */
export function appendLivePoints(reply: SeriesReply, points: LivePoints, axis: ChartAxis, askedBuckets: number): SeriesMerge {
  const buckets = { ...reply.buckets };
  for (const key of Object.keys(buckets) as (keyof typeof buckets)[]) buckets[key] = [...buckets[key]];
  let lastX = buckets.lastX.at(-1) ?? Number.NEGATIVE_INFINITY;
  let added = 0;
  points.values.forEach((value, index) => {
    const x = axis === 'step' ? points.steps[index] : points.timestamps[index];
    if (x === null || x === undefined || x <= lastX || typeof value !== 'number' || !Number.isFinite(value)) return;
    for (const key of ['start', 'firstX', 'lastX'] as const) buckets[key].push(x);
    for (const key of ['first', 'last', 'min', 'max'] as const) buckets[key].push(value);
    buckets.count.push(1);
    lastX = x;
    added += 1;
  });
  if (added === 0) return { reply, stale: false };
  const next = { ...reply, buckets, total: reply.total + added, to: Math.max(reply.to ?? lastX, lastX), from: reply.from ?? buckets.start[0] ?? null };
  return { reply: next, stale: buckets.start.length > askedBuckets * 2 };
}
