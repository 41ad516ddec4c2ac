import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiQueryKey, BACKGROUND_READ, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import type { SeriesQuery } from '../logged-data/index.ts';
import { rereadBeforeCursor } from './reread-before-cursor.ts';
import { appendOutput, mergeIntoSeries, mergeSummaries } from './live-merge.ts';

type LiveReply = ApiReply<'getExperimentLive'>;

/** How often the page asks what the experiment logged: within the 2 s in which new data must show. */
const LIVE_INTERVAL_MS = 1_000;

/** Whether the section may read its data: once its live cursor is known (or the service has no live read). */
interface LiveState {
  ready: boolean;
}

/** Puts what arrived into the cached reads the page shows, so charts, output and summaries grow without reading them again. */
function applyLive(client: QueryClient, profileId: string, experimentKey: string, reply: LiveReply): void {
  client.setQueryData(apiQueryKey(profileId, 'getExperimentMetadata', { experimentKey }), reply.experiment);
  if (reply.metrics.length > 0) {
    const summariesKey = apiQueryKey(profileId, 'getMetricSummaries', { experimentKey });
    const summaries = client.getQueryData<ApiReply<'getMetricSummaries'>>(summariesKey);
    const changed = reply.metrics.map((metric) => metric.summary);
    if (summaries) client.setQueryData(summariesKey, { values: mergeSummaries(summaries.values, changed) });
    if (summaries && changed.some((summary) => summary.name.startsWith('sys.') && !summaries.values.some((known) => known.name === summary.name))) {
      void client.invalidateQueries({ queryKey: apiQueryKey(profileId, 'getSystemDetails', { experimentKey }) });
    }
    for (const [key, series] of client.getQueriesData<ApiReply<'getMetricSeries'>>({ queryKey: apiQueryKey(profileId, 'getMetricSeries') })) {
      const query = key[2] as SeriesQuery | undefined;
      if (!series || !query) continue;
      const merged = mergeIntoSeries(series, query, experimentKey, reply.metrics);
      if (merged.stale) void client.invalidateQueries({ queryKey: key, exact: true });
      else if (merged.reply !== series) client.setQueryData(key, merged.reply);
    }
  }
  if (reply.output.length > 0) {
    for (const stderr of [undefined, true, false]) {
      const key = apiQueryKey(profileId, 'getOutput', stderr === undefined ? { experimentKey } : { experimentKey, stderr });
      const output = client.getQueryData<ApiReply<'getOutput'>>(key);
      if (output) client.setQueryData(key, { output: appendOutput(output.output, reply.output, stderr) });
    }
  }
}

/**
 * Follows an experiment while its page is open: every second, `ext.experimentLive` answers what it logged since the
 * last look, which is appended to the page's cached reads. Each time the page shows another `section`, the cursor is
 * moved on (appending what arrived since the last look) before that section reads, so what it reads and what is
 * appended meet without a gap, and reads made earlier stay whole. The charts' reads, made as the page opens beside the
 * first look, are read again once it answers if the experiment is running (`rereadBeforeCursor`). On a service
 * without that read the page simply stays as read.
 */
export function useLiveExperiment(experimentKey: string, section: string): LiveState {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const cursor = useRef<{ value: string } | undefined>(undefined);
  // One look at a time: a section's read still in flight when another section starts would otherwise share its cursor,
  // and what arrived would be appended twice.
  const previousLook = useRef<Promise<unknown>>(Promise.resolve());
  const look = async (): Promise<string> => {
    for (;;) {
      // A new section goes on from the last cursor (its first read appends what arrived since the last look), so what
      // earlier sections read or prefetched stays whole; the cursor it answers is new, taken before the section reads.
      const since = cursor.current?.value;
      const reply = await callApi('getExperimentLive', { query: { experimentKey, since } }, profileId);
      if (since !== undefined) applyLive(client, profileId, experimentKey, reply);
      else {
        client.setQueryData(apiQueryKey(profileId, 'getExperimentMetadata', { experimentKey }), reply.experiment);
        // The charts' reads began as the page opened, beside this first look: read again what may have missed points.
        if (reply.experiment.running) rereadBeforeCursor(client, profileId, experimentKey);
      }
      cursor.current = { value: reply.cursor };
      if (!reply.more) return reply.cursor;
    }
  };
  const live = useQuery({
    queryKey: [...apiQueryKey(profileId, 'getExperimentLive', { experimentKey }), section],
    queryFn: () => {
      const next = previousLook.current.then(look, look);
      previousLook.current = next.catch(() => undefined);
      return next;
    },
    retry: false,
    gcTime: 0,
    meta: BACKGROUND_READ,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.error ? false : LIVE_INTERVAL_MS),
  });
  return { ready: live.data !== undefined || live.error !== null };
}
