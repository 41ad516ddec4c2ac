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

/** How many files of a series one backend call reads (it reads a few at a time), and how many such calls run at once. */
const FILES_PER_CALL = 200;
const CALLS_AT_ONCE = 2;

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
      const refused = unreadable(kind, asset);
      if (refused) return refused;
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

/** Why a file was not read: a remote link, or a file too large to read whole. */
function unreadable(kind: string, asset: AssetRecord): MediaDecoded<never> | undefined {
  if (asset.remote) return { ok: false, error: { kind, reason: 'it is a remote file (a link): download it to open it' } };
  if (asset.fileSize > MEDIA_JSON_MAX_BYTES) return { ok: false, error: { kind, reason: `it is larger than ${MEDIA_JSON_MAX_BYTES / 1024 / 1024} MiB` } };
  return undefined;
}

/** Reads and decodes files through one backend call (`transfers.previewMany`), each kept in its own file's cache entry. */
async function readFiles<T>(client: QueryClient, request: DecodeRequest<T>, assets: readonly AssetRecord[]): Promise<MediaDecoded<T>[]> {
  const { profileId, experimentKey, kind, decode } = request;
  const queries = assets.map((asset) => ({ experimentKey, assetId: asset.assetId }));
  const { items } = await invoke('transfers.previewMany', { endpoint: 'downloadAsset', queries, maxBytes: MEDIA_JSON_MAX_BYTES, profileId });
  return assets.map((asset, index) => {
    const item = items[index];
    const result: MediaDecoded<T> = item?.ok ? decode(dataUrlText(item.dataUrl)) : { ok: false, error: { kind, reason: `it could not be read: ${item?.message ?? 'no answer'}` } };
    if (item?.ok) client.setQueryData(decodedAssetQuery(request, asset).queryKey, result);
    return result;
  });
}

/** Reads every file of a series: those already decoded from the cache, the rest a batch per backend call. */
async function readSeries<T>(client: QueryClient, request: DecodeRequest<T>, assets: readonly AssetRecord[], onRead: (count: number) => void): Promise<MediaDecoded<T>[]> {
  const results = assets.map((asset) => unreadable(request.kind, asset) ?? client.getQueryData<MediaDecoded<T>>(decodedAssetQuery(request, asset).queryKey));
  const missing = assets.flatMap((asset, index) => (results[index] === undefined ? [index] : []));
  let read = assets.length - missing.length;
  const batches = Array.from({ length: Math.ceil(missing.length / FILES_PER_CALL) }, (_, batch) => missing.slice(batch * FILES_PER_CALL, (batch + 1) * FILES_PER_CALL));
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      const indexes = batch;
      try {
        const decoded = await readFiles(client, request, indexes.map((index) => assets[index] as AssetRecord));
        indexes.forEach((index, position) => (results[index] = decoded[position]));
      } catch (error) {
        for (const index of indexes) results[index] = { ok: false, error: { kind: request.kind, reason: `it could not be read: ${errorMessage(error)}` } };
      }
      onRead((read += indexes.length));
    }
  };
  await Promise.all(Array.from({ length: CALLS_AT_ONCE }, worker));
  return results as MediaDecoded<T>[];
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
    queryFn: () => readSeries(client, request, assets, setRead),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return { decoded: series.data, read, error: series.error };
}
