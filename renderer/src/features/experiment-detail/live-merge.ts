import type { ApiReply } from '../../lib/api.ts';
// Straight from the module (not the feature's index): live merges stay free of the chart library.
import { appendLivePoints, type SeriesMerge, type SeriesReply } from '../logged-data/series-data.ts';
import type { SeriesQuery } from '../logged-data/index.ts';

type LiveReply = ApiReply<'getExperimentLive'>;
type LiveMetric = LiveReply['metrics'][number];
type Summary = LiveMetric['summary'];

/**
 * A cached chart line with what the experiment logged since appended, or `stale` when it must be read again
 * (its metric was reset, or too many points were appended); unchanged (same object) when nothing concerns it.
 * A zoomed line (read over a range) stays as read.
 */
export function mergeIntoSeries(reply: SeriesReply, query: SeriesQuery, experimentKey: string, metrics: readonly LiveMetric[]): SeriesMerge {
  const metric = metrics.find((one) => one.summary.name === query.metricName);
  if (query.experimentKey !== experimentKey || !metric || query.from !== undefined || query.to !== undefined) return { reply, stale: false };
  if (metric.reset) return { reply, stale: true };
  return appendLivePoints(reply, metric, query.axis, query.buckets);
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
