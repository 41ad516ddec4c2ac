import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { BridgeError } from '../../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../../lib/api.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';

/** How often the series are read again while the chart is open, so lines follow runs that are logging; less often for many runs (a read costs the service some ms per run). */
const followMs = (runs: number): number => (runs > 100 ? 15_000 : 5_000);
/**
 * Buckets read across all runs of one chart; each run gets its share, within the service's 10–500 per run. The service
 * reads up to 16 tiles per bucket, so the share sets the read's cost: at 1,000 runs, 50 buckets of a 10,000-point run
 * are one tile each (about 40 buckets drawn, 40,000 tiles read), where 100 took 8 tiles each (625,000 tiles, 4 times slower).
 */
const BUCKET_BUDGET = 50_000;
/** The bucket arrays the chart draws (besides each bucket's start): the reply stays small. */
const FIELDS = ['first'] as const;

/** Buckets per run for a chart of `runs` runs. */
export const bucketsPerRun = (runs: number): number => Math.max(10, Math.min(500, Math.floor(BUCKET_BUDGET / Math.max(1, runs))));

/** What a chart asks for: the runs, the metric, the axis and an optional zoomed x range. */
export interface SeriesAsk {
  experimentKeys: string[];
  metricName: string;
  axis: 'step' | 'time';
  /** With axis time: `from` and `to` count ms from each run's first point, which each run's answer says (`origin`). */
  relative?: boolean;
  from?: number;
  to?: number;
}

/**
 * The data a chart shows while its next read is under way: the previous read's, but only when it was of the same metric
 * (another range or other runs); after a switch of metric none, so no line is drawn under a name it is not of.
 */
export const sameMetricPlaceholder =
  <Data>(metricName: string) =>
  (previous: Data | undefined, previousQuery: Pick<Query, 'queryKey'> | undefined): Data | undefined => {
    const asked = previousQuery?.queryKey.at(-1) as { metricName?: unknown } | undefined;
    return asked?.metricName === metricName ? previous : undefined;
  };

/** One metric of many runs, downsampled by the service (`ext.metricSeriesMany`), followed while open. */
export function useSeriesMany(ask: SeriesAsk) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const body = { ...ask, buckets: bucketsPerRun(ask.experimentKeys.length), fields: [...FIELDS] };
  const queryKey = [...apiQueryKey(profileId, 'getMetricSeriesMany'), body];
  const queryFn = () => callApi('getMetricSeriesMany', { body }, profileId);
  const enabled = ask.metricName !== '' && ask.experimentKeys.length > 0;
  // Asked while the view renders: useQuery's own read waits until the whole view (its runs table too) is rendered and
  // painted, some 100–200 ms later at 1,000 runs. useQuery then joins the read under way.
  if (enabled && !client.getQueryState(queryKey)) void client.prefetchQuery({ queryKey, queryFn, retry: false });
  return useQuery<ApiReply<'getMetricSeriesMany'>, BridgeError>({
    queryKey,
    queryFn,
    enabled,
    placeholderData: sameMetricPlaceholder<ApiReply<'getMetricSeriesMany'>>(ask.metricName),
    refetchInterval: followMs(ask.experimentKeys.length),
    retry: false,
  });
}
