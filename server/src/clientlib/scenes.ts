import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { assetItemParams, thumbnailParams } from '../../../shared/api/clientlib-scenes.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { parseInput } from '../http/error-reply.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import { bareExtension, receiveUpload, type ReceivedUpload, storeReceivedAsset, type UploadRequest, type StoredAsset } from '../assets/index.ts';
import { ok } from '../http/replies.ts';
import type { ClientlibServices } from './services.ts';

/** The asset type of a scene when the SDK names none. */
const SCENE = '3d-image';
/** The asset type of a scene's thumbnail. */
const THUMBNAIL = '3d-thumbnail';

/** A part of a scene (thumbnail, points, boxes): the scene and the asset to store. */
interface ScenePart {
  scene: StoredAsset;
  wanted: UploadRequest;
}

/** The JSON part `requestParams`, checked against its schema (400 naming the part otherwise). */
function requestParamsOf<S extends z.ZodType>(schema: S, text: string | undefined): z.output<S> {
  if (text === undefined) throw badRequest('The multipart part "requestParams" (JSON) is required.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The multipart part "requestParams" is not valid JSON.');
  }
  try {
    return parseInput(schema, parsed, 'body');
  } catch (error) {
    throw error instanceof ApiError ? new ApiError(error.status, error.sdkErrorCode, `requestParams: ${error.message}`) : error;
  }
}

/**
 * Handlers of the live SDK's 3-D point clouds (clients.md B.7): the scene is an asset of zero bytes; its thumbnail
 * and its points and boxes are assets with ids derived from the scene's (a new upload replaces the old) and metadata
 * `{"sceneAssetId": …}`, all readable through `asset/list` and `get-asset`.
 */
export function createClientlibSceneHandlers(services: ClientlibServices): HandlerTable {
  const { access, assets, blobs } = services;
  const limit = services.config.uploadLimitBytes;

  /** Receives the part `filePart`, then stores it as the scene part `partOf` builds from requestParams (the blob removed on refusal). */
  const saveScenePart = async (request: FastifyRequest, filePart: string, partOf: (upload: ReceivedUpload) => Promise<ScenePart>) => {
    const upload = await receiveUpload(request, blobs, limit, filePart);
    let part: ScenePart;
    try {
      if (!upload.file) throw badRequest(`The multipart part "${filePart}" is required.`);
      part = await partOf(upload);
    } catch (error) {
      if (upload.file) await blobs.remove(upload.file.blob);
      throw error;
    }
    return storeReceivedAsset(services, { file: upload.file, metadata: JSON.stringify({ sceneAssetId: part.scene.uuid }) }, part.wanted);
  };
  /** The caller's scene `assetId` in the experiment (404 when unknown). */
  const sceneOf = async (caller: Caller, experimentKey: string, assetId: string) => {
    const experiment = await access.experiment(caller, experimentKey);
    const scene = await assets.byUuid(experiment.id, assetId);
    if (!scene) throw notFound(`No 3-D scene with assetId "${assetId}" in experiment "${experiment.key}".`);
    return { experiment, scene };
  };

  return {
    clientlibCreateScene: async ({ body, caller }) => {
      const experiment = await access.experiment(caller, body.experimentKey);
      const empty = await blobs.write(Readable.from([]), limit);
      const wanted: UploadRequest = { experiment, type: body.assetType?.trim() || SCENE, fileName: body.userFileName, step: body.step ?? undefined };
      const saved = await storeReceivedAsset(services, { file: { blob: empty.blob, size: 0 }, metadata: body.metadata ?? null }, wanted);
      return { ...ok('Saved'), assetId: saved.assetId };
    },
    clientlibSceneThumbnail: async ({ params, caller, request }) => {
      const saved = await saveScenePart(request, 'thumbnail', async (upload) => {
        const requestParams = requestParamsOf(thumbnailParams, upload.fields.requestParams);
        const { experiment, scene } = await sceneOf(caller, requestParams.experimentKey, params.assetId);
        const extension = bareExtension(requestParams.thumbnailExtension) || 'png';
        const wanted = { experiment, type: THUMBNAIL, fileName: `${scene.fileName}-thumbnail.${extension}`, assetId: `${scene.uuid}-thumbnail`, step: scene.step ?? undefined };
        return { scene, wanted };
      });
      return { ...ok('Saved'), assetId: saved.assetId };
    },
    clientlibSceneItem: async ({ caller, request }) => {
      const saved = await saveScenePart(request, 'assetItemContent', async (upload) => {
        const requestParams = requestParamsOf(assetItemParams, upload.fields.requestParams);
        const { experiment, scene } = await sceneOf(caller, requestParams.experimentKey, requestParams.assetId);
        const kind = requestParams.assetItemType;
        const fileName = requestParams.userFileName?.trim() || `${kind}.jsonl`;
        return { scene, wanted: { experiment, type: `3d-${kind}`, fileName, assetId: `${scene.uuid}-${kind}`, step: scene.step ?? undefined } };
      });
      return { ...ok('Saved'), assetId: saved.assetId };
    },
  };
}
