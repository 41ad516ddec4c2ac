import type { z } from 'zod';
import type { chartExperiment, chartSeries } from '../../../shared/api/logging-records.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { numberOf } from './summary.ts';
import type { StoredPoint } from './metrics/point-chunks.ts';

type ChartSeries = z.output<typeof chartSeries>;
type ChartExperiment = z.output<typeof chartExperiment>;

/** How many points a series keeps when `fetchFull` is false. */
export const CHART_POINTS = 1000;

/** At most `limit` points, evenly spread over the series, first and last always kept. */
export function thin<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points];
  if (limit <= 1) return points.slice(-limit);
  return Array.from({ length: limit }, (_, index) => points[Math.round((index * (points.length - 1)) / (limit - 1))] as T);
}

/** The steps present in every series (points without a step never align). */
function commonSteps(series: readonly StoredPoint[][]): Set<number> {
  const [first, ...rest] = series.map((points) => new Set(points.flatMap((point) => (point.step === null ? [] : [point.step]))));
  return new Set([...(first ?? [])].filter((step) => rest.every((steps) => steps.has(step))));
}

/** Parallel arrays of one series, durations counted from its first point. */
function toChartSeries(metricName: string, points: readonly StoredPoint[]): ChartSeries {
  const start = points[0]?.timestamp ?? 0;
  return {
    metricName,
    values: points.map((point) => numberOf(point.value) ?? point.value),
    steps: points.map((point) => point.step),
    epochs: points.map((point) => point.epoch),
    timestamps: points.map((point) => point.timestamp),
    durations: points.map((point) => point.timestamp - start),
  };
}

/** Handler of `experiments/multi-metric-chart`. */
export function createLoggingChartHandlers(services: LoggedDataServices): HandlerTable {
  const { access, loggedData } = services;
  return {
    getMultiMetricChart: async ({ body, caller }) => {
      const independent = body.independentMetrics ?? true;
      const limit = body.fetchFull ? Infinity : CHART_POINTS;
      const experiments: Record<string, ChartExperiment> = {};
      for (const key of body.targetedExperiments) {
        const experiment = await access.experiment(caller, key);
        let series = await Promise.all(body.metrics.map((name) => loggedData.values.series(experiment.id, name)));
        if (!independent) {
          const steps = commonSteps(series.filter((points) => points.length > 0));
          series = series.map((points) => points.filter((point) => point.step !== null && steps.has(point.step)));
        }
        const wanted = new Set(body.params ?? []);
        const params = Object.fromEntries(
          (await loggedData.values
            .summaries(experiment.id, 'parameter'))
            .filter((item) => wanted.has(item.name))
            .map((item) => [item.name, item.summary.current.value]),
        );
        const metrics = body.metrics.flatMap((name, index) => {
          const points = series[index] ?? [];
          return points.length > 0 ? [toChartSeries(name, thin(points, limit))] : [];
        });
        const distinct = (values: (number | null)[]) => [...new Set(values.filter((value) => value !== null))].sort((a, b) => a - b);
        experiments[experiment.key] = {
          experimentKey: experiment.key,
          experiment_key: experiment.key,
          steps: distinct(metrics.flatMap((metric) => metric.steps)),
          epochs: distinct(metrics.flatMap((metric) => metric.epochs)),
          empty: metrics.length === 0,
          params,
          metrics,
        };
      }
      return { experiments, empty: Object.values(experiments).every((experiment) => experiment.empty) };
    },
  };
}
