import { useQuery } from '@tanstack/react-query';
import { MEDIA_MANY_MAX_RUNS } from '../../../../../shared/api/media-many.ts';
import type { BridgeError } from '../../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../../lib/api.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { FOLLOW_MS } from '../use-analysis-runs.ts';

/** The asset types the media panels read (as the asset list names them). */
export type MediaType = 'image' | 'curve' | 'confusion-matrix' | 'histogram3d';

/**
 * One kind of media of the runs `experimentKeys` (`ext.mediaMany`): the names they logged and, when `name` is given,
 * each run's assets of it. Read again while open, so a panel follows runs that are logging; while other runs are read
 * (the filter changed) the last reply of the same name stands in.
 */
export function useMediaMany(experimentKeys: readonly string[], type: MediaType, name = '') {
  const profileId = useActiveProfile().id;
  const body = { experimentKeys: experimentKeys.slice(0, MEDIA_MANY_MAX_RUNS), type, ...(name === '' ? {} : { name }) };
  return useQuery<ApiReply<'getMediaMany'>, BridgeError>({
    queryKey: [...apiQueryKey(profileId, 'getMediaMany'), body],
    queryFn: () => callApi('getMediaMany', { body }, profileId),
    enabled: body.experimentKeys.length > 0,
    placeholderData: (previous, previousQuery) => ((previousQuery?.queryKey.at(-1) as { name?: string } | undefined)?.name === body.name ? previous : undefined),
    refetchInterval: FOLLOW_MS,
    retry: false,
  });
}
