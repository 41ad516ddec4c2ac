import { keepPreviousData, useQueries, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import type { ChartAxis } from './chart-data.ts';
import { sampleFullSeries } from './series-fallback.ts';
import type { SeriesQuery } from './series-data.ts';

/** Buckets asked per series: about one per pixel of a wide chart. */
export const CHART_BUCKETS = 1000;

/** One line of a chart: a metric of an experiment, its legend label and palette colour. */
export interface SeriesSource {
  experimentKey: string;
  metricName: string;
  label: string;
  colorIndex: number;
}

/** The x range a chart is zoomed to. */
export type XRange = readonly [number, number];

/** The query of `ext.metricSeries` for a line on an axis, over a zoom range or the whole series. */
export function seriesQuery(source: SeriesSource, axis: ChartAxis, range: XRange | null): SeriesQuery {
  const query = { experimentKey: source.experimentKey, metricName: source.metricName, axis, buckets: CHART_BUCKETS };
  return range ? { ...query, from: range[0], to: range[1] } : query;
}

/** The reads of a chart's lines: each reply (undefined until read), the failures, whether any is still reading. */
export interface ChartReads {
  replies: (ApiReply<'getMetricSeries'> | undefined)[];
  errors: BridgeError[];
  pending: boolean;
}

/** Combines the line reads; react-query keeps the result the same object until a read changes. */
const combine = (results: UseQueryResult<ApiReply<'getMetricSeries'>, BridgeError>[]): ChartReads => ({
  replies: results.map((result) => result.data),
  errors: results.flatMap((result) => (result.error ? [result.error] : [])),
  pending: results.some((result) => result.isPending),
});

/**
 * One line's read: `ext.metricSeries`, or, on a service without it (which answers 404 for a metric its summaries
 * list), the full series sampled the same way in the app.
 */
async function readSeries(query: SeriesQuery, profileId: string): Promise<ApiReply<'getMetricSeries'>> {
  try {
    return await callApi('getMetricSeries', { query }, profileId);
  } catch (error) {
    if (!(error instanceof BridgeError) || (error.code !== 'not_found' && error.code !== 'incompatible')) throw error;
    const full = await callApi('getMetric', { query: { experimentKey: query.experimentKey, metricName: query.metricName } }, profileId);
    return sampleFullSeries(full.metrics, query);
  }
}

/** The react-query options of one line's read (shared by the chart and the experiment page's prefetch). */
export function seriesQueryOptions(source: SeriesSource, axis: ChartAxis, range: XRange | null, profileId: string): UseQueryOptions<ApiReply<'getMetricSeries'>, BridgeError> {
  const query = seriesQuery(source, axis, range);
  return { queryKey: apiQueryKey(profileId, 'getMetricSeries', query), queryFn: () => readSeries(query, profileId) };
}

/** Reads every line of a chart downsampled on the service (keeping the previous data on screen while a zoom reads). */
export function useMetricSeries(sources: readonly SeriesSource[], axis: ChartAxis, range: XRange | null): ChartReads {
  const profileId = useActiveProfile().id;
  return useQueries({
    queries: sources.map((source) => ({ ...seriesQueryOptions(source, axis, range, profileId), placeholderData: keepPreviousData })),
    combine,
  });
}
