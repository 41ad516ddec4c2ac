import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { isPreviewable } from './image-previews.ts';
import type { AssetServices } from './services.ts';

/** Whether an `If-None-Match` header names this ETag (or `*`). */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/** The handler of the image previews (`ext.assetPreview`): made once with sharp, cached in `<dataDir>/previews`. */
export function createPreviewHandlers(services: AssetServices): HandlerTable {
  const { access, assets, previews } = services;
  return {
    assetPreview: async ({ query, caller, request, reply }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const asset = await assets.byUuid(experiment.id, query.assetId);
      if (!asset) throw notFound(`No asset with assetId "${query.assetId}" in experiment "${experiment.key}".`);
      const { blob } = asset;
      if (blob === null) throw badRequest(`Asset "${query.assetId}" is remote (${asset.remoteLink ?? ''}): the service has no bytes to preview.`);
      if (!isPreviewable(asset)) throw badRequest(`Asset "${query.assetId}" is not an image (type "${asset.type}"): it has no preview.`);
      const etag = `"${previews.keyOf(blob, query.size)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('X-Content-Type-Options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const preview = await previews.get(blob, query.size);
      return reply
        .code(200)
        .header('Content-Type', 'image/webp')
        .header('Content-Length', preview.bytes.length)
        .header('X-Trackdesk-Preview', preview.made ? 'made' : 'cached')
        .send(preview.bytes);
    },
  };
}
