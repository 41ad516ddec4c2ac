import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey } from './fields.ts';
import { itemName } from './logging-records.ts';
import { metricSeriesBuckets, metricSeriesReply, seriesAxis } from './metric-series.ts';

/** The most runs one `ext.metricSeriesMany` request reads. */
export const SERIES_MANY_MAX_RUNS = 1_000;

/** The bucket arrays a caller of `ext.metricSeriesMany` may ask for (`start` always comes). */
export const bucketField = z.enum(['firstX', 'lastX', 'first', 'last', 'min', 'max', 'count']);

/** One run's series in the reply of `ext.metricSeriesMany` (the shape of `ext.metricSeries`, per run, with the bucket arrays asked). */
export const runSeries = metricSeriesReply
  .omit({ metricName: true, axis: true, buckets: true })
  .extend({
    experimentKey: z.string(),
    buckets: metricSeriesBuckets.partial().required({ start: true }),
    origin: z.number().nullable().optional().describe("With relative: the time of the run's first point, from which from and to counted (null: no point)."),
  });

/** Extension read of one metric of many runs at once (line charts across a sweep). */
export const metricSeriesManyEndpoints = {
  getMetricSeriesMany: defineEndpoint({
    id: 'ext.metricSeriesMany',
    summary:
      'Extension: one metric of up to 1,000 experiments for charting in one request, each downsampled as ext.metricSeries does ' +
      '(at most `buckets` buckets per run over an optional x range); runs without the metric are listed apart.',
    group: 'logging',
    method: 'POST',
    needs: 'read',
    path: 'ext/experiments/metric-series',
    body: z.object({
      experimentKeys: z.array(experimentKey).min(1).max(SERIES_MANY_MAX_RUNS),
      metricName: itemName,
      axis: seriesAxis.default('step').describe('Default step (points without a step are left out).'),
      from: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional().describe('Lowest x to include (default: each run\'s first point).'),
      to: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional().describe('Highest x to include (default: each run\'s last point).'),
      relative: z
        .boolean()
        .optional()
        .describe("With axis time: from and to count ms from each run's first point (a zoom on time since each run began), and each run says that point's time as origin."),
      buckets: z.number().int().min(10).max(10_000).default(200).describe('Buckets per run (default 200).'),
      fields: z
        .array(bucketField)
        .optional()
        .describe('The bucket arrays to answer besides `start` (default all): a chart of many runs asks only what it draws, keeping the reply small.'),
    }),
    reply: z.object({
      metricName: z.string(),
      axis: seriesAxis,
      runs: z.array(runSeries).describe('In the order asked, runs holding the metric only.'),
      missing: z.array(z.string()).describe('Keys of the asked runs that hold no such metric.'),
    }),
  }),
};
