import { mapInOrder } from '../database/in-order.ts';
import type { HandlerTable } from '../http/handler.ts';
import { assetRules, checkRemoteLink, insertAsset, MODEL_ELEMENT } from '../assets/index.ts';
import { ok } from '../http/replies.ts';
import type { ClientlibServices } from './services.ts';

/**
 * Handlers of the live SDK's remote models and remote artifact files (clients.md B.7): remote assets inserted by
 * E44's code (client assetIds, overwrite), each request in one transaction.
 */
export function createClientlibRemoteHandlers(services: ClientlibServices): HandlerTable {
  const { access } = services;
  /** Runs the inserts in one transaction, then frees the bytes of replaced assets. */
  const insertAll = async <T extends { replaced: boolean }>(work: () => Promise<T[]>): Promise<T[]> => {
    const saved = await services.sql.transaction(work);
    if (saved.some((item) => item.replaced)) await services.blobGarbage.collect();
    return saved;
  };
  return {
    clientlibLogRemoteModel: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey);
      const saved = await insertAll(() =>
        mapInOrder(body.remoteEntities, (entity) =>
          insertAsset(
            services,
            { link: checkRemoteLink(entity.remoteUrl), metadata: entity.metadata ?? null },
            { experiment, type: MODEL_ELEMENT, groupingName: body.modelName, fileName: entity.fileName ?? undefined, assetId: entity.assetId ?? undefined },
          ),
        ),
      );
      return { ...ok('Saved'), experimentModelId: saved[0]?.experimentModelId ?? '', assetIds: saved.map((item) => item.assetId) };
    },
    clientlibArtifactRemoteAssets: async ({ query, body, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const { openArtifactVersion } = assetRules(services);
      const saved = await insertAll(() =>
        mapInOrder(body.remoteArtifactAssetRequests, async (item) => {
          await openArtifactVersion(caller, item.artifactVersionId);
          return insertAsset(
            services,
            { link: checkRemoteLink(item.link), metadata: item.metadata ?? null },
            {
              experiment,
              type: item.type?.trim() || 'asset',
              fileName: item.fileName ?? undefined,
              assetId: item.assetId ?? undefined,
              overwrite: item.overwrite ?? false,
              step: item.step ?? undefined,
              context: item.context ?? undefined,
              artifactVersionId: item.artifactVersionId,
            },
          );
        }),
      );
      return { ...ok('Saved'), assetIds: saved.map((item) => item.assetId) };
    },
  };
}
