import { useQueries, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { MediaDecoded } from '../../../../../shared/media/media-json.ts';
import { invoke } from '../../../bridge.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import type { AssetRecord } from '../../assets/asset-record.ts';
import { dataUrlText } from '../../experiment-detail/source-code.tsx';

/** The largest JSON file a media tab reads (the backend's preview limit); a larger one is offered as a download. */
export const MEDIA_JSON_MAX_BYTES = 16 * 1024 * 1024;

/** Decodes a media file's text into what a tab shows, or why it cannot (see `shared/media`). */
export type MediaDecoder<T> = (text: string) => MediaDecoded<T>;

/** The query reading one asset's bytes through the backend (never by a URL carrying the key) and decoding them. */
function decodedAssetQuery<T>(profileId: string, experimentKey: string, asset: AssetRecord, kind: string, decode: MediaDecoder<T>): UseQueryOptions<MediaDecoded<T>> {
  return {
    queryKey: [profileId, 'mediaDecoded', kind, experimentKey, asset.assetId],
    queryFn: async (): Promise<MediaDecoded<T>> => {
      if (asset.remote) return { ok: false, error: { kind, reason: 'it is a remote file (a link): download it to open it' } };
      if (asset.fileSize > MEDIA_JSON_MAX_BYTES) return { ok: false, error: { kind, reason: `it is larger than ${MEDIA_JSON_MAX_BYTES / 1024 / 1024} MiB` } };
      const reply = await invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, maxBytes: MEDIA_JSON_MAX_BYTES, profileId });
      return decode(dataUrlText(reply.dataUrl));
    },
    staleTime: Infinity,
  };
}

/** One media file read and decoded (cached for the session: a logged file does not change). */
export function useDecodedAsset<T>(experimentKey: string, asset: AssetRecord | undefined, kind: string, decode: MediaDecoder<T>) {
  const profileId = useActiveProfile().id;
  const options = asset ? decodedAssetQuery(profileId, experimentKey, asset, kind, decode) : { queryKey: [profileId, 'mediaDecoded', kind, experimentKey, null], queryFn: () => null };
  return useQuery({ ...(options as UseQueryOptions<MediaDecoded<T>>), enabled: asset !== undefined });
}

/** Several media files read and decoded (e.g. every step of a histogram), each cached on its own. */
export function useDecodedAssets<T>(experimentKey: string, assets: readonly AssetRecord[], kind: string, decode: MediaDecoder<T>) {
  const profileId = useActiveProfile().id;
  return useQueries({
    queries: assets.map((asset) => decodedAssetQuery(profileId, experimentKey, asset, kind, decode)),
    combine: (results) => ({
      decoded: results.map((result) => result.data),
      failures: results.flatMap((result) => (result.error ? [result.error.message] : [])),
      pending: results.filter((result) => result.isPending).length,
    }),
  });
}
