import { Readable } from 'node:stream';
import { notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AssetServices } from './services.ts';
import type { Experiment } from '../experiments/index.ts';
import { contentTypeOf, toAssetRecord, typeFilter } from './records.ts';
import { createPreviewHandlers } from './preview-handlers.ts';
import { createAssetReadHandlers } from './read-handlers.ts';
import { createMediaManyHandlers } from './media-many-handlers.ts';
import { assetFileName, assetRules, checkRemoteLink, saveUploadedAsset } from './save.ts';
import { mapInOrder } from '../database/in-order.ts';
import { ok, origin } from '../http/replies.ts';

/** The asset type of text samples (E31 and E44 with type=text-sample). */
export const TEXT_SAMPLE = 'text-sample';

/** A JSON metadata string as stored: objects are serialized, strings kept. */
export const metadataText = (value: string | Record<string, unknown> | undefined): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** Handlers of E31, E44–E49 and the asset, model and git patch reads. */
export function createAssetHandlers(services: AssetServices): HandlerTable {
  const { access, assets, blobs } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());
  const limit = services.config.uploadLimitBytes;
  const { requireChangeable, openArtifactVersion } = assetRules(services);
  /** The experiment's asset `assetId` (404 when unknown), checked to be changeable. */
  const changeableAsset = async (experiment: Experiment, assetId: string) => {
    const asset = await assets.byUuid(experiment.id, assetId);
    if (!asset) throw notFound(`No asset with assetId "${assetId}" in experiment "${experiment.key}".`);
    await requireChangeable(asset.artifactVersionId);
    return asset;
  };

  return {
    ...createAssetReadHandlers(services),
    ...createMediaManyHandlers(services),
    ...createPreviewHandlers(services),
    uploadAsset: async ({ query, caller, request }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const { experimentKey: _key, metadata, type, ...wanted } = query;
      const saved = await saveUploadedAsset(services, caller, request, { ...wanted, experiment, type: type?.trim() || 'asset', queryMetadata: metadata });
      return { ...ok('Saved'), ...saved };
    },
    uploadTextSample: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey);
      const written = await blobs.write(Readable.from([Buffer.from(body.content, 'utf8')]), limit);
      try {
        const asset = await assets.insert({
          experimentId: experiment.id,
          fileName: 'text-sample.txt',
          fileSize: written.size,
          type: TEXT_SAMPLE,
          contentType: 'text/plain',
          context: body.context ?? null,
          step: body.step ?? null,
          epoch: null,
          metadata: metadataText(body.metadata),
          blob: written.blob,
          remoteLink: null,
          experimentModelRowId: null,
          artifactVersionId: null,
          createdAt: services.now(),
        });
        return { ...ok('Saved'), assetId: asset.uuid };
      } catch (error) {
        await blobs.remove(written.blob);
        throw error;
      }
    },
    uploadRemoteAssets: ({ body, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        const now = services.now();
        const assetIds = await mapInOrder(body.remoteAssets, async (item) => {
          await openArtifactVersion(caller, item.artifactVersionId);
          const link = checkRemoteLink(item.link);
          const fileName = assetFileName(item.fileName, new URL(link).pathname.split('/').pop(), 'asset', undefined);
          return (await assets.insert({
            experimentId: experiment.id,
            fileName,
            fileSize: 0,
            type: item.type?.trim() || 'asset',
            contentType: contentTypeOf(fileName),
            context: item.context ?? null,
            step: item.step ?? null,
            epoch: null,
            metadata: item.metadata ?? null,
            blob: null,
            remoteLink: link,
            experimentModelRowId: null,
            artifactVersionId: item.artifactVersionId ?? null,
            createdAt: now,
          })).uuid;
        });
        return { ...ok('Saved'), assetIds };
      }),
    deleteAsset: async ({ query, caller }) => {
      await transaction(async () => {
        const experiment = await access.experiment(caller, query.experimentKey);
        await assets.delete((await changeableAsset(experiment, query.assetId)).id);
      });
      await services.blobGarbage.collect();
      return ok('Deleted');
    },
    addAssetTags: ({ body, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, body.experimentKey);
        await assets.addTags((await changeableAsset(experiment, body.assetId)).id, [...new Set(body.tags.map((tag) => tag.trim()))]);
        return ok('Saved');
      }),
    deleteAssetTag: ({ query, caller }) =>
      transaction(async () => {
        const experiment = await access.experiment(caller, query.experimentKey);
        await assets.removeTag((await changeableAsset(experiment, query.assetId)).id, query.tag.trim());
        return ok('Deleted');
      }),
    getAssetsByName: async ({ query, caller, request }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const base = origin(request);
      const named = await assets.listNamed(experiment.id, query.assetName, typeFilter(query.type));
      return { assets: named.map((asset) => toAssetRecord(asset, experiment.key, base)) };
    },
    listAssets: async ({ query, caller, request }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const base = origin(request);
      return { assets: (await assets.list(experiment.id, typeFilter(query.type))).map((asset) => toAssetRecord(asset, experiment.key, base)) };
    },
  };
}
