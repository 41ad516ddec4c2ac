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
    series[index] = {
      ...current,
      values: [...current.values, ...metric.values],
      steps: [...current.steps, ...metric.steps],
      epochs: [...current.epochs, ...metric.epochs],
      timestamps: [...current.timestamps, ...metric.timestamps],
      durations: [...current.durations, ...metric.timestamps.map((timestamp) => timestamp - start)],
    };
  }
  const next = { ...chart, empty: false, experiments: { ...chart.experiments, [experimentKey]: { ...experiment, empty: false, metrics: series } } };
  return { chart: next, stale };
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
