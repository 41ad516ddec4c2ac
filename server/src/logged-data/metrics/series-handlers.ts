import { badRequest, notFound } from '../../http/api-error.ts';
import type { HandlerTable } from '../../http/handler.ts';
import type { LoggedDataServices } from '../services.ts';

/** Buckets answered unless the caller asks otherwise. */
const DEFAULT_BUCKETS = 1_000;

/** Handler of `ext.metricSeries`: one metric downsampled for a chart (README: "Chart reads"). */
export function createMetricSeriesHandlers(services: LoggedDataServices): HandlerTable {
  const { access, metricTiles, seriesSampler } = services;
  return {
    getMetricSeries: async ({ query, caller }) => {
      if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
        throw badRequest('The query field "from" must not be greater than "to".');
      }
      const experiment = await access.experiment(caller, query.experimentKey);
      const item = await metricTiles.item(experiment.id, query.metricName);
      if (!item) throw notFound(`Experiment ${experiment.key} has no metric "${query.metricName}".`);
      const axis = query.axis ?? 'step';
      const sample = await seriesSampler.sample(item, { axis: axis === 'step' ? 0 : 1, buckets: query.buckets ?? DEFAULT_BUCKETS, from: query.from, to: query.to });
      const pick = (field: 'firstX' | 'lastX' | 'firstY' | 'lastY' | 'min' | 'max') => sample.buckets.map(({ summary }) => summary[field] ?? 0);
      return {
        metricName: query.metricName,
        axis,
        from: sample.from,
        to: sample.to,
        bucketWidth: sample.bucketWidth,
        total: sample.buckets.reduce((sum, { summary }) => sum + summary.count, 0),
        skipped: sample.skipped,
        buckets: {
          start: sample.buckets.map(({ start }) => start),
          firstX: pick('firstX'),
          lastX: pick('lastX'),
          first: pick('firstY'),
          last: pick('lastY'),
          min: pick('min'),
          max: pick('max'),
          count: sample.buckets.map(({ summary }) => summary.count),
        },
      };
    },
  };
}
