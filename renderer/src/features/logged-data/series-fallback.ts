import type { ApiReply } from '../../lib/api.ts';
import type { SeriesQuery, SeriesReply } from './series-data.ts';

type FullSeries = ApiReply<'getMetric'>['metrics'];

/** One bucket as it fills. */
interface Bucket {
  start: number;
  firstX: number;
  lastX: number;
  first: number;
  last: number;
  min: number;
  max: number;
  count: number;
}

/**
 * What `ext.metricSeries` would answer, computed in the app from the full series (`read.metric`), for services
 * without that extension read: the same raw points or power-of-two buckets over the same range.
 */
export function sampleFullSeries(points: FullSeries, query: SeriesQuery): SeriesReply {
  let skipped = 0;
  const drawable: [number, number][] = [];
  for (const point of points) {
    const x = query.axis === 'step' ? point.step : point.timestamp;
    if (x === null || (query.from !== undefined && x < query.from) || (query.to !== undefined && x > query.to)) continue;
    const y = point.metricValue.trim() === '' ? Number.NaN : Number(point.metricValue);
    if (Number.isFinite(y)) drawable.push([x, y]);
    else skipped += 1;
  }
  drawable.sort((a, b) => a[0] - b[0]);
  const lo = query.from ?? drawable[0]?.[0];
  const hi = query.to ?? drawable.at(-1)?.[0];
  const reply = (from: number | null, to: number | null, bucketWidth: number | null, buckets: Bucket[]): SeriesReply => ({
    metricName: query.metricName,
    axis: query.axis,
    from,
    to,
    bucketWidth,
    total: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    skipped,
    buckets: {
      start: buckets.map((bucket) => bucket.start),
      firstX: buckets.map((bucket) => bucket.firstX),
      lastX: buckets.map((bucket) => bucket.lastX),
      first: buckets.map((bucket) => bucket.first),
      last: buckets.map((bucket) => bucket.last),
      min: buckets.map((bucket) => bucket.min),
      max: buckets.map((bucket) => bucket.max),
      count: buckets.map((bucket) => bucket.count),
    },
  });
  if (lo === undefined || hi === undefined) return reply(null, null, null, []);
  const one = ([x, y]: [number, number], start: number): Bucket => ({ start, firstX: x, lastX: x, first: y, last: y, min: y, max: y, count: 1 });
  if (drawable.length <= query.buckets) return reply(lo, hi, null, drawable.map((point) => one(point, point[0])));
  let width = 2 ** Math.max(0, Math.ceil(Math.log2((hi - lo + 1) / query.buckets)));
  while (Math.floor(hi / width) - Math.floor(lo / width) + 1 > query.buckets) width *= 2;
  const buckets: Bucket[] = [];
  for (const point of drawable) {
    const start = Math.floor(point[0] / width) * width;
    const current = buckets.at(-1);
    if (current?.start !== start) buckets.push(one(point, start));
    else Object.assign(current, { lastX: point[0], last: point[1], min: Math.min(current.min, point[1]), max: Math.max(current.max, point[1]), count: current.count + 1 });
  }
  return reply(Math.floor(lo / width) * width, Math.floor(hi / width) * width + width - 1, width, buckets);
}
