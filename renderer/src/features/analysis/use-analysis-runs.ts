import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisColumn } from '../../../../shared/api/analysis.ts';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { mergeAnalysisRuns } from './merge-analysis-runs.ts';

/** How often the runs are read again while the view is open, so panels follow runs that are logging. */
const FOLLOW_MS = 5_000;

/** Whether `reply` holds the values of `column`. */
const hasColumn = (reply: ApiReply<'getAnalysisRuns'>, column: AnalysisColumn) => reply.columns.some((one) => one.kind === column.kind && one.name === column.name);

/**
 * How often the runs are read whole instead of what changed: a run can change unseen by the change feed (one logging
 * through the REST API without heartbeats, long after it was created), so what it missed shows within a minute.
 */
const WHOLE_READ_MS = 60_000;

/** Where the next read of a held reply starts, when it moved on without the runs changing (the reply is kept as it is). */
const cursors = new WeakMap<ApiReply<'getAnalysisRuns'>, string>();
/** When the runs a held reply merges were last read whole. */
const readWholeAt = new WeakMap<ApiReply<'getAnalysisRuns'>, number>();

/** Reads the runs whole, noting when. */
async function readWhole(body: { projectId: string; query: string; columns: AnalysisColumn[] }, profileId: string): Promise<ApiReply<'getAnalysisRuns'>> {
  const reply = await callApi('getAnalysisRuns', { body }, profileId);
  readWholeAt.set(reply, Date.now());
  return reply;
}

/**
 * The runs passing the table's filter `query` with the summaries of `columns` (`ext.analysisRuns`), followed while open:
 * after the first read, each re-read asks only what changed since the previous one and merges it into the held runs.
 */
export function useAnalysisRuns(projectId: string, query: string, columns: readonly AnalysisColumn[]) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const body = { projectId, query, columns: [...columns] };
  const queryKey = [...apiQueryKey(profileId, 'getAnalysisRuns'), body];
  return useQuery<ApiReply<'getAnalysisRuns'>, BridgeError>({
    queryKey,
    queryFn: async () => {
      const held = client.getQueryData<ApiReply<'getAnalysisRuns'>>(queryKey);
      const since = held && (cursors.get(held) ?? held.cursor);
      const wholeAt = held && readWholeAt.get(held);
      if (!held || !since || wholeAt === undefined || Date.now() - wholeAt >= WHOLE_READ_MS) return readWhole(body, profileId);
      const delta = await callApi('getAnalysisRuns', { body: { ...body, since } }, profileId);
      const merged = mergeAnalysisRuns(held, delta);
      if (delta.cursor) cursors.set(merged, delta.cursor);
      readWholeAt.set(merged, wholeAt);
      return merged;
    },
    // The reply can hold 10,000 runs: comparing it deeply with the last one would cost more than the merge, which
    // already answers the held reply itself when nothing changed.
    structuralSharing: false,
    // While the filter or the columns change, the previous reply stands in, unless it has none of the columns asked
    // (a new panel's first read): drawing runs without their values would only flash an empty chart.
    placeholderData: (previous) => (previous && (columns.length === 0 || columns.some((column) => hasColumn(previous, column))) ? previous : undefined),
    refetchInterval: FOLLOW_MS,
    retry: false,
  });
}
