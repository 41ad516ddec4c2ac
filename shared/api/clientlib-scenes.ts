import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, nonEmpty } from './fields.ts';

const group = 'clientlib';
const binaryPart = z.string().meta({ format: 'binary' });
const apiKey = z.string().max(1000).nullish().describe('The API key (the Authorization header is what counts).');

/** The JSON part `requestParams` of a 3-D thumbnail upload (clients.md B.7). */
export const thumbnailParams = z.object({ apiKey, experimentKey, thumbnailExtension: z.string().max(20).nullish() });

/** The JSON part `requestParams` of a 3-D points or boxes upload (clients.md B.7). */
export const assetItemParams = z.object({
  apiKey,
  experimentKey,
  assetId: nonEmpty(200).describe('The scene (from POST asset).'),
  userFileName: z.string().max(1000).nullish(),
  assetItemType: z.enum(['points', 'boxes']),
});

/**
 * The 3-D point clouds of the live SDK (`log_points_3d`, clients.md B.7): a scene asset, its thumbnail and its points
 * and boxes. The thumbnail and items are assets of their own, whose metadata names the scene (`sceneAssetId`).
 */
export const clientlibSceneEndpoints = {
  clientlibCreateScene: defineEndpoint({
    id: 'clientlib.sceneCreate',
    summary: 'Create a 3-D scene asset (type assetType, default 3d-image, zero bytes) and answer its assetId.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/asset',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({
      apiKey,
      experimentKey,
      userFileName: nonEmpty(1000).describe('The scene name.'),
      assetType: z.string().max(100).nullish(),
      step: z.number().int().min(0).nullish(),
      metadata: z.string().max(1_000_000).nullish().describe('A JSON string (xRange, yRange, zRange…).'),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string() }),
  }),
  clientlibSceneThumbnail: defineEndpoint({
    id: 'clientlib.sceneThumbnail',
    summary: "Set a 3-D scene's thumbnail (a PNG), stored as the asset <assetId>-thumbnail of type 3d-thumbnail; a new one replaces it.",
    group,
    method: 'PUT',
    needs: 'write',
    path: '/clientlib/asset/{assetId}/thumbnail',
    params: z.object({ assetId: nonEmpty(200) }),
    bodyKind: 'multipart',
    body: z.object({ requestParams: z.string().describe('JSON: {apiKey, experimentKey, thumbnailExtension}.'), thumbnail: binaryPart }),
    reply: msgReply('Saved').extend({ assetId: z.string() }),
  }),
  clientlibSceneItem: defineEndpoint({
    id: 'clientlib.sceneItem',
    summary:
      "Upload a 3-D scene's points or boxes (JSONL), stored as the asset <scene>-points or <scene>-boxes of type 3d-points or 3d-boxes; " +
      'a new upload replaces it.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/asset/asset-item',
    bodyKind: 'multipart',
    body: z.object({
      requestParams: z.string().describe('JSON: {apiKey, assetId, experimentKey, userFileName, assetItemType: points|boxes}.'),
      assetItemContent: binaryPart.describe('JSONL: one point array or one box object per line.'),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string() }),
  }),
};
