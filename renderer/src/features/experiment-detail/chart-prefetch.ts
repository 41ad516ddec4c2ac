import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiQueryKey, callApi } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { seriesQueryOptions } from '../logged-data/index.ts';

/** How many metrics are charted at first: the first few that are not system usage series. */
const FIRST_CHARTED = 3;

/** The metrics the Metrics section charts before the user picks: the first few that are not system usage series. */
export const firstCharted = (names: readonly string[]): string[] => names.filter((name) => !name.startsWith('sys.')).slice(0, FIRST_CHARTED);

/**
 * Reads, once `ready` (the page's live cursor is taken, so the live reads keep what is read here current), the metric
 * summaries and the series the Metrics section charts first, into the cache the section reads from: a click on the
 * tab then draws the chart without waiting for those reads one after another. Done once per page.
 */
export function usePrefetchCharts(experimentKey: string, ready: boolean): void {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
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
  }, [client, profileId, experimentKey, ready]);
}
