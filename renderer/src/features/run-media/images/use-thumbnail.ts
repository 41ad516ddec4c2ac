import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PreviewSize } from '../../../../../shared/api/assets.ts';
import { invoke, type BridgeError } from '../../../bridge.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';

/** The most bytes one preview may have (a 1024 px WebP is well under it). */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** The most bytes an image opened large may have (the ipc limit of `transfers.preview`). */
export const FULL_IMAGE_MAX_BYTES = 16 * 1024 * 1024;

/** An image read through the backend: a data: URL and how many bytes it took. */
export interface LoadedImage {
  dataUrl: string;
  bytes: number;
}

/** Which image asset to show, and at which preview size. */
export interface ThumbnailTarget {
  experimentKey: string;
  assetId: string;
  size: PreviewSize;
}

/** The query key of a thumbnail (profile first, as every key of the app). */
export const thumbnailKey = (profileId: string, { experimentKey, assetId, size }: ThumbnailTarget) => [profileId, 'assetThumbnail', experimentKey, assetId, size] as const;

/**
 * The service's preview of an image asset (`ext.assetPreview`: WebP, made once and cached by the service), read through
 * the backend so the key never reaches the window; kept for the session (a new upload is a new assetId or a new ETag).
 */
export function useThumbnail(target: ThumbnailTarget, enabled = true): UseQueryResult<LoadedImage, BridgeError> {
  const profileId = useActiveProfile().id;
  const { experimentKey, assetId, size } = target;
  return useQuery<LoadedImage, BridgeError>({
    queryKey: thumbnailKey(profileId, target),
    queryFn: () => invoke('transfers.preview', { endpoint: 'assetPreview', query: { experimentKey, assetId, size }, maxBytes: THUMBNAIL_MAX_BYTES, profileId }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
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
