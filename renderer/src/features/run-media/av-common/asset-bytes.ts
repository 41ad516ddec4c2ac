import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { invoke } from '../../../bridge.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';

/** The most bytes of one audio, video or text asset read into the page (the backend's preview limit). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** The bytes of a data: URL the backend answered. */
function bytesOfDataUrl(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An asset's bytes read whole through the backend (never by a URL carrying the key), as react-query state. */
export function useAssetBytes(experimentKey: string, assetId: string, enabled = true) {
  const profileId = useActiveProfile().id;
  return useQuery({
    queryKey: [profileId, 'assetBytes', experimentKey, assetId],
    queryFn: async () => {
      const preview = await invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId }, maxBytes: MEDIA_MAX_BYTES, profileId });
      return { contentType: preview.contentType, bytes: bytesOfDataUrl(preview.dataUrl) };
    },
    enabled,
    staleTime: Infinity,
  });
}

/** An object URL of an asset's bytes (for `<audio>` and `<video>`), revoked when the component goes; undefined until read. */
export function useAssetObjectUrl(bytes: { contentType: string; bytes: Uint8Array<ArrayBuffer> } | undefined, type?: string): string | undefined {
  const url = useMemo(() => (bytes ? URL.createObjectURL(new Blob([bytes.bytes], { type: type ?? bytes.contentType })) : undefined), [bytes, type]);
  useEffect(() => () => (url === undefined ? undefined : URL.revokeObjectURL(url)), [url]);
  return url;
}
