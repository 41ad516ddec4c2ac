import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, nonEmpty, queryBoolean, queryInt } from './fields.ts';

/** An asset as the list read returns it (write-api.md Resources, compat.md §3). */
export const assetRecord = z.object({
  assetId: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  runContext: z.string().nullable(),
  step: z.number().int().nullable(),
  epoch: z.number().int().nullable(),
  link: z.string().describe('Download address; send the API key in the Authorization header.'),
  compressedAssetLink: z.string(),
  curlDownload: z.string(),
  createdAt: z.number().int(),
  dir: z.string(),
  canView: z.boolean(),
  audio: z.boolean(),
  video: z.boolean(),
  histogram: z.boolean(),
  image: z.boolean(),
  type: z.string(),
  metadata: z.string().nullable(),
  remote: z.boolean(),
  tags: z.array(z.string()),
  groupingName: z.string().nullable(),
  artifactVersionId: z.string().nullable(),
});

/** A remote asset item (write-api.md Resources), as E46 receives it. */
export const remoteAssetItem = z.object({
  link: nonEmpty(8192),
  fileName: z.string().max(1000).optional(),
  type: z.string().max(100).optional(),
  metadata: z.string().max(1_000_000).optional().describe('A string holding JSON.'),
  assetId: z.string().max(200).optional(),
  artifactId: z.string().max(200).optional(),
  artifactVersionId: z.string().max(200).optional(),
  step: z.number().int().min(0).optional(),
  context: z.string().max(1000).optional(),
});

/** An experiment model with the registry versions made from it (compat.md §3). */
export const experimentModelRecord = z.object({
  experimentModelId: z.string(),
  experimentKey: z.string(),
  modelName: z.string(),
  registryRecords: z.array(
    z.object({
      registryModelId: z.string(),
      registryModelItemId: z.string(),
      registryModelName: z.string(),
      version: z.string(),
      createdAt: z.number().int(),
    }),
  ),
});

/** The long sides (pixels) the service makes image previews at. */
export const PREVIEW_SIZES = [64, 256, 1024] as const;
/** One of the preview sizes. */
export type PreviewSize = (typeof PREVIEW_SIZES)[number];

const binaryPart = z.string().meta({ format: 'binary' });
const experimentKeyQuery = z.object({ experimentKey });

/** E31, E44–E49 and the asset, model and git patch reads. */
export const assetEndpoints = {
  uploadTextSample: defineEndpoint({
    id: 'E31',
    summary: 'Log a text sample (stored as an asset of type text-sample).',
    group: 'assets',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/upload-text-sample',
    keyInBody: 'apiKey',
    body: z.object({
      experimentKey,
      apiKey: z.string().optional().describe('The API key, accepted instead of the Authorization header; when both are sent they must be the same key.'),
      step: z.number().int().min(0).optional(),
      context: z.string().max(1000).optional(),
      metadata: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      content: z.string().max(10_000_000),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string() }),
  }),
  uploadAsset: defineEndpoint({
    id: 'E44',
    summary: 'Upload an asset (multipart part `file`), or register a remote one (`isRemote=true`, part `link`).',
    group: 'assets',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/upload-asset',
    query: z.object({
      experimentKey,
      fileName: z.string().max(1000).optional(),
      extension: z.string().max(100).optional().describe("The file's type, with or without the leading dot: it sets the download's content type and never renames a given fileName."),
      type: z.string().max(100).optional(),
      step: queryInt.pipe(z.number().int().min(0)).optional(),
      epoch: queryInt.pipe(z.number().int().min(0)).optional(),
      context: z.string().max(1000).optional(),
      metadata: z.string().max(1_000_000).optional(),
      overwrite: queryBoolean.optional().describe(
        "Replace the experiment's existing assets of the same fileName, whatever their type or context (400, 90401, when one belongs to an artifact version that is no longer OPEN).",
      ),
      groupingName: z.string().max(1000).optional().describe('Model name for type=model-element.'),
      artifactVersionId: z.string().max(200).optional(),
      isRemote: queryBoolean.optional(),
      assetId: z.string().trim().min(1).max(200).optional().describe(
        "The client's id for the asset (the SDK builds URLs from it): used as assetId. Sent again for the same experiment it replaces that asset; 409 when another experiment's asset has it.",
      ),
    }),
    bodyKind: 'multipart',
    body: z.object({
      file: binaryPart.optional().describe('The bytes (omitted when isRemote=true); without fileName the asset is named after its basename.'),
      link: z.string().optional().describe('The remote address (only when isRemote=true), as a plain field or a file part.'),
      metadata: z.string().optional().describe('A JSON string (plain field or file part); preferred over the metadata query field.'),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string(), experimentModelId: z.string().optional() }),
  }),
  uploadGitPatch: defineEndpoint({
    id: 'E45',
    summary: "Upload the experiment's git patch (multipart part `file`).",
    group: 'assets',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/git/patch',
    query: experimentKeyQuery,
    bodyKind: 'multipart',
    body: z.object({ file: binaryPart }),
    reply: msgReply('Saved'),
  }),
  uploadRemoteAssets: defineEndpoint({
    id: 'E46',
    summary: 'Register several remote assets at once.',
    group: 'assets',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/assets/remote/batch',
    body: z.object({ experimentKey, remoteAssets: z.array(remoteAssetItem).min(1).max(10_000) }),
    reply: msgReply('Saved').extend({ assetIds: z.array(z.string()) }),
  }),
  deleteAsset: defineEndpoint({
    id: 'E47',
    summary: 'Delete an asset and its bytes (GET with the same query is accepted too).',
    group: 'assets',
    method: 'POST',
    needs: 'write',
    alsoMethods: ['GET'],
    path: 'write/experiment/asset/delete',
    query: z.object({ experimentKey, assetId: nonEmpty(200) }),
    reply: msgReply('Deleted'),
  }),
  addAssetTags: defineEndpoint({
    id: 'E48',
    summary: 'Add tags to an asset.',
    group: 'assets',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/asset/tag',
    body: z.object({ experimentKey, assetId: nonEmpty(200), tags: z.array(nonEmpty(200)).max(1000) }),
    reply: msgReply('Saved'),
  }),
  deleteAssetTag: defineEndpoint({
    id: 'E49',
    summary: 'Remove one tag from an asset.',
    group: 'assets',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/asset/tag/delete',
    query: z.object({ experimentKey, assetId: nonEmpty(200), tag: nonEmpty(200) }),
    reply: msgReply('Deleted'),
  }),
  listAssets: defineEndpoint({
    id: 'read.assetList',
    summary: "An experiment's assets; `type` is all (default), image, histogram_combined_3d, video, audio, or any asset type.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/list',
    query: z.object({ experimentKey, type: z.string().max(100).optional() }),
    reply: z.object({ assets: z.array(assetRecord) }),
  }),
  downloadAsset: defineEndpoint({
    id: 'read.assetDownload',
    summary: "An asset's bytes (supports Range).",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/get-asset',
    query: z.object({
      experimentKey,
      assetId: nonEmpty(200).optional().describe('Required unless imageId is given.'),
      imageId: nonEmpty(200).optional().describe('The same as assetId (the image URLs the Python SDK builds use it).'),
      artifactVersionId: nonEmpty(200).optional().describe('When given, the asset must be a file of that artifact version (404 otherwise).'),
      allow301: queryBoolean.optional().describe('false: a remote asset answers 400 naming its link instead of redirecting; absent or true: 302 to the link.'),
    }),
    replyKind: 'binary',
  }),
  assetPreview: defineEndpoint({
    id: 'ext.assetPreview',
    summary:
      "A WebP preview of an image asset, at most `size` pixels on its long side (SVG rasterised), made once and cached; " +
      'strong ETag (304 on If-None-Match). 422 for an image over 100 megapixels or one that cannot be decoded.',
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/preview',
    query: z.object({
      experimentKey,
      assetId: nonEmpty(200),
      size: z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.literal(PREVIEW_SIZES)).describe('The long side in pixels: 64, 256 or 1024.'),
    }),
    replyKind: 'binary',
  }),
  getAssetsByName: defineEndpoint({
    id: 'sdk.assetsByName',
    summary: "An experiment's assets with exactly this fileName (and type, when given; all types otherwise), oldest first.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/get-by-name',
    query: z.object({ experimentKey, assetName: nonEmpty(1000), type: z.string().max(100).optional() }),
    reply: z.object({ assets: z.array(assetRecord) }),
  }),
  listExperimentModels: defineEndpoint({
    id: 'read.experimentModels',
    summary: "An experiment's models (from type=model-element uploads) and their registry versions.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/model',
    query: experimentKeyQuery,
    reply: z.object({ models: z.array(experimentModelRecord) }),
  }),
  downloadGitPatch: defineEndpoint({
    id: 'read.gitPatch',
    summary:
      "The experiment's git patch, the bytes as uploaded (application/zip when they are a zip, else text/plain); " +
      'none uploaded: 200 with {"msg":"No git patch",...}.',
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/git/patch',
    query: experimentKeyQuery,
    replyKind: 'binary',
  }),
};
