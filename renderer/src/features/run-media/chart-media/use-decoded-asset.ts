import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaDecoded } from '../../../../../shared/media/media-json.ts';
import { invoke } from '../../../bridge.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import type { AssetRecord } from '../../assets/asset-record.ts';
import { dataUrlText } from '../../experiment-detail/source-code.tsx';

/** The largest JSON file a media tab reads (the backend's preview limit); a larger one is offered as a download. */
export const MEDIA_JSON_MAX_BYTES = 16 * 1024 * 1024;

/** How many files of a series are read at once. */
const READS_AT_ONCE = 8;

/** Decodes a media file's text into what a tab shows, or why it cannot (see `shared/media`). */
export type MediaDecoder<T> = (text: string) => MediaDecoded<T>;

/** What reading a file needs: where, which, and how to decode it. */
interface DecodeRequest<T> {
  profileId: string;
  experimentKey: string;
  kind: string;
  decode: MediaDecoder<T>;
}

/** The query reading one asset's bytes through the backend (never by a URL carrying the key) and decoding them. */
function decodedAssetQuery<T>({ profileId, experimentKey, kind, decode }: DecodeRequest<T>, asset: AssetRecord) {
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
export function useDecodedAsset<T>(experimentKey: string, asset: AssetRecord, kind: string, decode: MediaDecoder<T>) {
  const profileId = useActiveProfile().id;
  return useQuery(decodedAssetQuery({ profileId, experimentKey, kind, decode }, asset));
}

/** Reads every file of a series, a few at a time, each through its own cached query; a failed read answers why. */
async function readSeries<T>(client: QueryClient, request: DecodeRequest<T>, assets: readonly AssetRecord[], onRead: (count: number) => void): Promise<MediaDecoded<T>[]> {
  const results: MediaDecoded<T>[] = new Array<MediaDecoded<T>>(assets.length);
  let next = 0;
  let read = 0;
  const worker = async () => {
    for (let index = next++; index < assets.length; index = next++) {
      const asset = assets[index] as AssetRecord;
      try {
        results[index] = await client.fetchQuery(decodedAssetQuery(request, asset));
      } catch (error) {
        results[index] = { ok: false, error: { kind: request.kind, reason: `it could not be read: ${errorMessage(error)}` } };
      }
      onRead((read += 1));
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
  return results;
}

/**
 * Every file of a series (e.g. each step of a histogram) read and decoded as one result, so a thousand steps render
 * once rather than once per file; while a grown series is read, the previous result stays shown. `read` counts the
 * files read so far of the current reading.
 */
export function useDecodedSeries<T>(experimentKey: string, assets: readonly AssetRecord[], kind: string, decode: MediaDecoder<T>) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const [read, setRead] = useState(0);
  const request = { profileId, experimentKey, kind, decode };
  const series = useQuery({
    queryKey: [profileId, 'mediaDecodedSeries', kind, experimentKey, assets.map((asset) => asset.assetId)],
    queryFn: () => readSeries(client, request, assets, (count) => (count % 50 === 0 || count === assets.length) && setRead(count)),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return { decoded: series.data, read, error: series.error };
}
