import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnalysisColumn } from '../../../../shared/api/analysis.ts';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { mergeAnalysisRuns } from './merge-analysis-runs.ts';

/** How often the runs (and what panels read of them) are read again while the view is open, so panels follow runs that are logging. */
export const FOLLOW_MS = 5_000;

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

/** What a runs read asks: the project, the table's filter text and the columns. */
interface RunsBody {
  projectId: string;
  query: string;
  columns: AnalysisColumn[];
}

/** Reads the runs whole, noting when. */
async function readWhole(body: RunsBody, profileId: string): Promise<ApiReply<'getAnalysisRuns'>> {
  const reply = await callApi('getAnalysisRuns', { body }, profileId);
  readWholeAt.set(reply, Date.now());
  return reply;
}

/**
 * The query of the runs passing `body`'s filter with its columns' summaries, shared by `useAnalysisRuns` and
 * `prefetchAnalysisRuns`: after the first read, each re-read asks only what changed since and merges it into the held runs.
 */
function analysisRunsQuery(client: QueryClient, profileId: string, body: RunsBody) {
  const queryKey = [...apiQueryKey(profileId, 'getAnalysisRuns'), body];
  return {
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
  };
}

/**
 * Starts reading the runs a panel about to mount will ask (`useAnalysisRuns` with the same arguments joins this read),
 * so that the read runs while the panel renders.
 */
export function prefetchAnalysisRuns(client: QueryClient, profileId: string, projectId: string, query: string, columns: readonly AnalysisColumn[]): void {
  void client.prefetchQuery(analysisRunsQuery(client, profileId, { projectId, query, columns: [...columns] }));
}

/**
 * The runs passing the table's filter `query` with the summaries of `columns` (`ext.analysisRuns`), followed while open
 * (see `analysisRunsQuery`).
 */
export function useAnalysisRuns(projectId: string, query: string, columns: readonly AnalysisColumn[]) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  return useQuery<ApiReply<'getAnalysisRuns'>, BridgeError>({
    ...analysisRunsQuery(client, profileId, { projectId, query, columns: [...columns] }),
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
