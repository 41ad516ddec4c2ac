import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { invoke, type BridgeError } from '../../../bridge.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { readThumbnail, type LoadedImage, type ThumbnailTarget } from './thumbnail-batch.ts';

/** The most bytes an image opened large may have (the ipc limit of `transfers.preview`). */
export const FULL_IMAGE_MAX_BYTES = 16 * 1024 * 1024;

/** The query key of a thumbnail (profile first, as every key of the app). */
export const thumbnailKey = (profileId: string, { experimentKey, assetId, size }: ThumbnailTarget) => [profileId, 'assetThumbnail', experimentKey, assetId, size] as const;

/** The query of a thumbnail, for `useQuery` and for reading one ahead (`prefetchQuery`): kept for the session, never retried. */
export const thumbnailQuery = (profileId: string, target: ThumbnailTarget) => ({
  queryKey: thumbnailKey(profileId, target),
  queryFn: () => readThumbnail(profileId, target),
  staleTime: Infinity,
  retry: false,
});

/**
 * The service's preview of an image asset (`ext.assetPreview`: WebP, made once and cached by the service), read through
 * the backend so the key never reaches the window (batched with the other previews asked for at once); kept for the session.
 */
export function useThumbnail(target: ThumbnailTarget, enabled = true): UseQueryResult<LoadedImage, BridgeError> {
  const profileId = useActiveProfile().id;
  return useQuery<LoadedImage, BridgeError>({ ...thumbnailQuery(profileId, target), enabled });
}

/** The full image (its original bytes), read only when it is opened large. */
export function useFullImage(experimentKey: string, assetId: string, enabled = true): UseQueryResult<LoadedImage, BridgeError> {
  const profileId = useActiveProfile().id;
  return useQuery<LoadedImage, BridgeError>({
    queryKey: [profileId, 'assetFullImage', experimentKey, assetId],
    queryFn: () => invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId }, maxBytes: FULL_IMAGE_MAX_BYTES, profileId }),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
