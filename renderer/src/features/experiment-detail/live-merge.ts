import type { ApiReply } from '../../lib/api.ts';

type LiveReply = ApiReply<'getExperimentLive'>;
type LiveMetric = LiveReply['metrics'][number];
type ChartReply = ApiReply<'getMultiMetricChart'>;
type Summary = LiveMetric['summary'];

/** A chart read with the new points appended, and whether it must be read again (a metric it asks for is new, or was reset). */
export interface ChartMerge {
  chart: ChartReply;
  stale: boolean;
}

/** Appends an experiment's new points to the series of a multi-metric chart read that asked for `metricNames`. */
export function appendToChart(chart: ChartReply, experimentKey: string, metricNames: readonly string[], metrics: readonly LiveMetric[]): ChartMerge {
  const experiment = chart.experiments[experimentKey];
  const asked = metrics.filter((metric) => metricNames.includes(metric.summary.name));
  if (!experiment || asked.length === 0) return { chart, stale: false };
  let stale = false;
  const series = [...experiment.metrics];
  for (const metric of asked) {
    const index = series.findIndex((one) => one.metricName === metric.summary.name);
    const current = series[index];
    if (metric.reset || !current) {
      stale = true;
      continue;
    }
    const start = current.timestamps[0] ?? metric.timestamps[0] ?? 0;
    const fresh = pointsAfterLast(current, metric);
    series[index] = {
      ...current,
      values: [...current.values, ...fresh.map((i) => metric.values[i] ?? Number.NaN)],
      steps: [...current.steps, ...fresh.map((i) => metric.steps[i] ?? null)],
      epochs: [...current.epochs, ...fresh.map((i) => metric.epochs[i] ?? null)],
      timestamps: [...current.timestamps, ...fresh.map((i) => metric.timestamps[i] ?? 0)],
      durations: [...current.durations, ...fresh.map((i) => (metric.timestamps[i] ?? 0) - start)],
    };
  }
  const next = { ...chart, empty: false, experiments: { ...chart.experiments, [experimentKey]: { ...experiment, empty: false, metrics: series } } };
  return { chart: next, stale };
}

/**
 * The indexes of the new points that sort after the series' last point (by step, points without one first, then time),
 * as the chart read orders them. A read made after the live cursor already holds some of the new points; those sort
 * at or before its last point and are skipped, so nothing is drawn twice. (A point logged late with a lower step shows
 * on the next full read.)
 */
function pointsAfterLast(series: ChartReply['experiments'][string]['metrics'][number], metric: LiveMetric): number[] {
  const last = series.steps.length - 1;
  const lastStep = series.steps[last] ?? -1;
  const lastTime = series.timestamps[last] ?? Number.NEGATIVE_INFINITY;
  const indexes: number[] = [];
  metric.timestamps.forEach((timestamp, index) => {
    const step = metric.steps[index] ?? -1;
    if (last < 0 || step > lastStep || (step === lastStep && timestamp > lastTime)) indexes.push(index);
  });
  return indexes;
}

/** The summaries with the changed ones replaced and the new ones added, by name. */
export function mergeSummaries(values: readonly Summary[], changed: readonly Summary[]): Summary[] {
  const byName = new Map(values.map((summary) => [summary.name, summary]));
  for (const summary of changed) byName.set(summary.name, summary);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The output text with the new lines appended; `stderr` keeps one stream only, as the output read's filter does. */
export function appendOutput(text: string, lines: LiveReply['output'], stderr: boolean | undefined): string {
  const kept = stderr === undefined ? lines : lines.filter((line) => line.stderr === stderr);
  return kept.length === 0 ? text : text + kept.map((line) => line.output).join('');
}
