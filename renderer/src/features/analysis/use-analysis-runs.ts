import { useQuery } from '@tanstack/react-query';
import type { AnalysisColumn } from '../../../../shared/api/analysis.ts';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';

/** How often the runs are read again while the view is open, so panels follow runs that are logging. */
const FOLLOW_MS = 5_000;

/** Whether `reply` holds the values of `column`. */
const hasColumn = (reply: ApiReply<'getAnalysisRuns'>, column: AnalysisColumn) => reply.columns.some((one) => one.kind === column.kind && one.name === column.name);

/** The runs passing the table's filter `query` with the summaries of `columns` (`ext.analysisRuns`), followed while open. */
export function useAnalysisRuns(projectId: string, query: string, columns: readonly AnalysisColumn[]) {
  const profileId = useActiveProfile().id;
  const body = { projectId, query, columns: [...columns] };
  return useQuery<ApiReply<'getAnalysisRuns'>, BridgeError>({
    queryKey: [...apiQueryKey(profileId, 'getAnalysisRuns'), body],
    queryFn: () => callApi('getAnalysisRuns', { body }, profileId),
    // While the filter or the columns change, the previous reply stands in, unless it has none of the columns asked
    // (a new panel's first read): drawing runs without their values would only flash an empty chart.
    placeholderData: (previous) => (previous && (columns.length === 0 || columns.some((column) => hasColumn(previous, column))) ? previous : undefined),
    refetchInterval: FOLLOW_MS,
    retry: false,
  });
}
