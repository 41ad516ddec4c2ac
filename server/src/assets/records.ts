import type { z } from 'zod';
import type { assetRecord } from '../../../shared/api/assets.ts';
import { fullPath, api } from '../../../shared/api/index.ts';
import type { StoredAsset } from './asset-store.ts';

/** An asset as the reads send it. */
export type AssetRecord = z.infer<typeof assetRecord>;

/** Content types the app shows as text. */
const TEXT_CONTENT = /^(text\/|application\/(json|yaml|xml)$)/;
const VIEWABLE_TYPES = new Set(['image', 'audio', 'video', 'text-sample', 'source_code', 'notebook', 'curve', 'confusion-matrix', 'histogram3d']);

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  ipynb: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  py: 'text/x-python',
  zip: 'application/zip',
  gz: 'application/gzip',
  pdf: 'application/pdf',
};

/** The lower-case extension of a file name, without the dot ('' when none). */
export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** An `extension` field (`png`, `.png`) without its dot ('' when absent). */
export const bareExtension = (extension: string | null | undefined): string => extension?.trim().replace(/^\./, '') ?? '';

/** The content type a download is sent with: from the file name's extension, else from the `extension` field the client sent. */
export const contentTypeOf = (fileName: string, extension?: string): string =>
  CONTENT_TYPES[extensionOf(fileName)] ?? CONTENT_TYPES[bareExtension(extension).toLowerCase()] ?? 'application/octet-stream';

/** The folder a type is listed under (`dir`). */
const dirOf = (type: string): string => (type === 'image' ? 'images' : type === 'asset' ? 'assets' : type);

/** The list-filter type values that differ from the stored type. */
export const typeFilter = (type: string | undefined): string | undefined =>
  type === undefined || type === '' || type === 'all' ? undefined : type === 'histogram_combined_3d' ? 'histogram3d' : type;

/** The download address of an uploaded asset. */
export const assetLink = (origin: string, experimentKey: string, assetId: string): string =>
  `${origin}${fullPath(api.downloadAsset)}?experimentKey=${encodeURIComponent(experimentKey)}&assetId=${encodeURIComponent(assetId)}`;

/**
 * An asset record. Flags follow the type: image/audio/video by type, histogram for histogram3d,
 * canView for the types the app can show and for text-like content.
 */
export function toAssetRecord(asset: StoredAsset, experimentKey: string, origin: string): AssetRecord {
  const link = asset.remoteLink ?? assetLink(origin, experimentKey, asset.uuid);
  const output = asset.fileName.replace(/["\\\n\r]/g, '_');
  return {
    assetId: asset.uuid,
    fileName: asset.fileName,
    fileSize: asset.fileSize,
    runContext: asset.context,
    step: asset.step,
    epoch: asset.epoch,
    link,
    compressedAssetLink: link,
    curlDownload: asset.remoteLink
      ? `curl -L "${link}" -o "${output}"`
      : `curl -H "Authorization: <API_KEY>" "${link}" -o "${output}"`,
    createdAt: asset.createdAt,
    dir: dirOf(asset.type),
    canView: VIEWABLE_TYPES.has(asset.type) || TEXT_CONTENT.test(asset.contentType),
    audio: asset.type === 'audio',
    video: asset.type === 'video',
    histogram: asset.type === 'histogram3d',
    image: asset.type === 'image',
    type: asset.type,
    metadata: asset.metadata,
    remote: asset.remoteLink !== null,
    tags: asset.tags,
    groupingName: asset.groupingName,
    artifactVersionId: asset.artifactVersionId,
  };
}
