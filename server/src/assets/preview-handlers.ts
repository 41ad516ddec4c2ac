import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { StoredAsset } from './asset-store.ts';
import { makeImagePreview } from './image-preview.ts';
import { createPreviewCache } from './preview-cache.ts';
import type { AssetServices } from './services.ts';

/** Changes whenever the previews' look changes (format, quality, resizing), so that cached ones are made again. */
const PREVIEW_VERSION = 'webp-q80-v1';

/**
 * The preview's cache key and strong ETag: a digest of the asset's blob (written once, never changed: an overwrite
 * stores a new blob), the size and the maker's version. So an overwritten asset never answers an old preview.
 */
const previewKey = (blob: string, size: number): string => createHash('sha256').update(`${PREVIEW_VERSION}:${blob}:${size}`).digest('hex').slice(0, 40);

/** Whether an `If-None-Match` header names this ETag (or `*`). */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/** Whether the preview maker takes an asset: a logged image, or any file with an image content type. */
const isImage = (asset: StoredAsset): boolean => asset.type === 'image' || asset.contentType.startsWith('image/');

/** The handler of the image previews (`ext.assetPreview`): made once with sharp, cached in `<dataDir>/previews`. */
export function createPreviewHandlers(services: AssetServices): HandlerTable {
  const { access, assets, blobs } = services;
  const cache = createPreviewCache(join(services.config.dataDir, 'previews'));
  return {
    assetPreview: async ({ query, caller, request, reply }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const asset = await assets.byUuid(experiment.id, query.assetId);
      if (!asset) throw notFound(`No asset with assetId "${query.assetId}" in experiment "${experiment.key}".`);
      const { blob } = asset;
      if (blob === null) throw badRequest(`Asset "${query.assetId}" is remote (${asset.remoteLink ?? ''}): the service has no bytes to preview.`);
      if (!isImage(asset)) throw badRequest(`Asset "${query.assetId}" is not an image (type "${asset.type}"): it has no preview.`);
      const key = previewKey(blob, query.size);
      const etag = `"${key}"`;
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('X-Content-Type-Options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const source = { size: await blobs.size(blob), read: (range?: { start: number; end: number }) => blobs.read(blob, range) };
      const preview = await cache.get(key, () => makeImagePreview(source, query.size));
      return reply
        .code(200)
        .header('Content-Type', 'image/webp')
        .header('Content-Length', preview.bytes.length)
        .header('X-Trackdesk-Preview', preview.made ? 'made' : 'cached')
        .send(preview.bytes);
    },
  };
}
