import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiQueryKey, callApi } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
// Straight from the module (not the feature's index): the live reads that import this stay free of the chart library.
import { seriesQueryOptions } from '../logged-data/use-metric-series.ts';

/** How many metrics are charted at first: the first few that are not system usage series. */
const FIRST_CHARTED = 3;

/** The metrics the Metrics section charts before the user picks: the first few that are not system usage series. */
export const firstCharted = (names: readonly string[]): string[] => names.filter((name) => !name.startsWith('sys.')).slice(0, FIRST_CHARTED);

/**
 * Reads, as the experiment page opens (beside its metadata and its first live cursor, not after them), the metric
 * summaries and the series the Metrics section charts first, into the cache the section reads from: a click on the
 * tab then draws the chart from reads already made or in flight (react-query shares them). Reads made before the
 * cursor may miss what a running experiment logged until it: the live reads read them again once it is taken
 * (`rereadBeforeCursor`).
 */
export function usePrefetchCharts(experimentKey: string): void {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  useEffect(() => {
    const query = { experimentKey };
    client
      .fetchQuery({ queryKey: apiQueryKey(profileId, 'getMetricSummaries', query), queryFn: () => callApi('getMetricSummaries', { query }, profileId) })
      .then((summaries) => {
        const names = firstCharted(summaries.values.map((summary) => summary.name));
        const sources = names.map((metricName, colorIndex) => ({ experimentKey, metricName, label: metricName, colorIndex }));
        return Promise.all(sources.map((source) => client.prefetchQuery(seriesQueryOptions(source, 'step', null, profileId))));
      })
      // A failed prefetch only means the section reads (and reports the failure) itself.
      .catch(() => undefined);
  }, [client, profileId, experimentKey]);
}
