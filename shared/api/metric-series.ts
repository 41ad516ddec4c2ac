import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, queryInt } from './fields.ts';
import { itemName } from './logging-records.ts';
import { plainList } from './plain-list.ts';

/** What a series is charted against: the step, or the wall-clock time (ms) of each point. */
export const seriesAxis = z.enum(['step', 'time']);

/** An x bound of a zoom range: a step or a time in ms, as the axis says. */
const xBound = queryInt.pipe(z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER));

/**
 * A metric downsampled into buckets, as parallel arrays (one entry per bucket that holds a numeric point, by x).
 * With `bucketWidth` null every bucket is one raw point (firstX = lastX, first = last = min = max).
 */
export const metricSeriesBuckets = z.object({
  start: plainList(z.array(z.number())).describe('Where each bucket starts on the x axis (its lower bound; the raw point\'s x).'),
  firstX: plainList(z.array(z.number())).describe('x of the first point of each bucket.'),
  lastX: plainList(z.array(z.number())).describe('x of the last point of each bucket.'),
  first: plainList(z.array(z.number())).describe('Value of the first point.'),
  last: plainList(z.array(z.number())).describe('Value of the last point.'),
  min: plainList(z.array(z.number())),
  max: plainList(z.array(z.number())),
  count: plainList(z.array(z.number().int())).describe('Numeric points in the bucket.'),
});

/** The reply of `ext.metricSeries`. */
export const metricSeriesReply = z.object({
  metricName: z.string(),
  axis: seriesAxis,
  from: z.number().nullable().describe('The x range answered (the asked range widened to whole buckets); null when empty.'),
  to: z.number().nullable(),
  bucketWidth: z.number().int().nullable().describe('x units per bucket (a power of two); null when the points are raw.'),
  total: z.number().int().describe('Numeric points in the range.'),
  skipped: z.number().int().describe('Values in the range that are not finite numbers (strings, NaN), left out.'),
  buckets: metricSeriesBuckets,
});

/** Extension read of one metric downsampled on the service (charts of long series). */
export const metricSeriesEndpoints = {
  getMetricSeries: defineEndpoint({
    id: 'ext.metricSeries',
    summary:
      "Extension: one metric of one experiment for charting, at most `buckets` buckets (min, max, first and last per bucket) " +
      'over an optional x range (steps, or times in ms with axis=time); the raw points when the range holds no more than that.',
    group: 'logging',
    method: 'GET',
    needs: 'read',
    path: 'ext/experiment/metric-series',
    query: z.object({
      experimentKey,
      metricName: itemName,
      axis: seriesAxis.optional().describe('Default step (points without a step are left out).'),
      from: xBound.optional().describe('Lowest x to include (default: the first point).'),
      to: xBound.optional().describe('Highest x to include (default: the last point).'),
      buckets: queryInt.pipe(z.number().int().min(10).max(10_000)).optional().describe('Default 1,000.'),
    }),
    reply: metricSeriesReply,
  }),
};
