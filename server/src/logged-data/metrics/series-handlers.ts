import { ApiError, badRequest, notFound } from '../../http/api-error.ts';
import type { HandlerTable } from '../../http/handler.ts';
import type { LoggedDataServices } from '../services.ts';
import type { bucketField } from '../../../../shared/api/metric-series-many.ts';
import type { SeriesSample } from './series-sampler.ts';
import type { TileSummary } from './tile-fold.ts';

/** Buckets answered unless the caller asks otherwise. */
const DEFAULT_BUCKETS = 1_000;
/** Runs sampled at once by `ext.metricSeriesMany` (the SQLite reads are synchronous; PostgreSQL overlaps them). */
const MANY_AT_ONCE = 8;

/** A turn of the event loop: SQLite's reads resolve at once, so without it a 1,000-run read would starve every other request (health checks included). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The bucket arrays of the wire besides `start`, and where each comes from in a bucket's summary. */
type BucketField = (typeof bucketField.options)[number];
const BUCKET_FIELDS: Record<BucketField, keyof TileSummary> = { firstX: 'firstX', lastX: 'lastX', first: 'firstY', last: 'lastY', min: 'min', max: 'max', count: 'count' };
const ALL_FIELDS = Object.keys(BUCKET_FIELDS) as BucketField[];

/** A sample as the wire's parallel arrays (`ext.metricSeries` and each run of `ext.metricSeriesMany`), `start` and the `fields` asked. */
function wireSample(sample: SeriesSample, fields: readonly BucketField[] = ALL_FIELDS) {
  const buckets: Partial<Record<BucketField, number[]>> & { start: number[] } = { start: sample.buckets.map(({ start }) => start) };
  for (const field of fields) buckets[field] = sample.buckets.map(({ summary }) => summary[BUCKET_FIELDS[field]] ?? 0);
  return {
    from: sample.from,
    to: sample.to,
    bucketWidth: sample.bucketWidth,
    ...(sample.origin === undefined ? {} : { origin: sample.origin }),
    total: sample.buckets.reduce((sum, { summary }) => sum + summary.count, 0),
    skipped: sample.skipped,
    buckets,
  };
}

const checkRange = (from: number | undefined, to: number | undefined) => {
  if (from !== undefined && to !== undefined && from > to) throw badRequest('The field "from" must not be greater than "to".');
};

/** Handlers of `ext.metricSeries` and `ext.metricSeriesMany`: metrics downsampled for charts (README: "Chart reads"). */
export function createMetricSeriesHandlers(services: LoggedDataServices): HandlerTable {
  const { access, metricTiles, seriesSampler } = services;
  return {
    getMetricSeries: async ({ query, caller }) => {
      checkRange(query.from, query.to);
      const experiment = await access.experiment(caller, query.experimentKey);
      const item = await metricTiles.item(experiment.id, query.metricName);
      if (!item) throw notFound(`Experiment ${experiment.key} has no metric "${query.metricName}".`);
      const axis = query.axis ?? 'step';
      const sample = await seriesSampler.sample(item, { axis: axis === 'step' ? 0 : 1, buckets: query.buckets ?? DEFAULT_BUCKETS, from: query.from, to: query.to });
      const { buckets, ...rest } = wireSample(sample);
      return { metricName: query.metricName, axis, ...rest, buckets: buckets as Required<typeof buckets> };
    },
    getMetricSeriesMany: async ({ body, caller }) => {
      checkRange(body.from, body.to);
      if (body.relative && body.axis !== 'time') throw badRequest('The field "relative" applies to the time axis only: send axis "time", or leave "relative" out.');
      const keys: string[] = [...new Set(body.experimentKeys)];
      const answers: (ReturnType<typeof wireSample> & { experimentKey: string })[] = [];
      const found = new Set<string>();
      const one = async (key: string) => {
        const experiment = await access.experiment(caller, key).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        });
        const item = experiment && (await metricTiles.item(experiment.id, body.metricName));
        if (!item) return null;
        const sample = await seriesSampler.sample(item, { axis: body.axis === 'step' ? 0 : 1, buckets: body.buckets, from: body.from, to: body.to, relative: body.relative });
        return { experimentKey: key, ...wireSample(sample, body.fields) };
      };
      for (let at = 0; at < keys.length; at += MANY_AT_ONCE) {
        if (at > 0) await nextTurn();
        for (const answer of await Promise.all(keys.slice(at, at + MANY_AT_ONCE).map(one))) {
          if (answer) {
            answers.push(answer);
            found.add(answer.experimentKey);
          }
        }
      }
      return { metricName: body.metricName, axis: body.axis, runs: answers, missing: keys.filter((key) => !found.has(key)) };
    },
  };
}
