import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, queryBoolean, queryInt } from './fields.ts';

const group = 'clientlib';
const binaryPart = z.string().meta({ format: 'binary' });
const step = queryInt.pipe(z.number().int().min(0)).optional();

/** The query every multipart upload of the live SDK carries (clients.md B.7). */
const uploadQuery = z.object({
  experimentId: experimentKey.describe('The experiment key (this front door names it experimentId).'),
  apiKey: z.string().max(1000).optional().describe('The API key, when no Authorization header is sent.'),
  projectId: z.string().max(200).optional().describe('Ignored (the experiment knows its project).'),
  runId: z.string().max(200).optional().describe('Ignored.'),
});

/** The upload reply of E44, which the SDK reads only on failure. */
const savedAsset = msgReply('Saved').extend({ assetId: z.string(), experimentModelId: z.string().optional() });

/**
 * The multipart uploads of the Python SDK's live-logging front door (`/clientlib/…`, clients.md B.7): assets of every
 * type, images and figures, the git patch. Each is stored by the same code as its REST twin (E44, E45).
 */
export const clientlibUploadEndpoints = {
  uploadVisualization: defineEndpoint({
    id: 'clientlib.visualizationUpload',
    summary:
      'Upload an image or figure (Experiment.log_image / log_figure): stored as an asset of type image with assetId = imageId, ' +
      'named figName (else figure_<figCounter>.<extension>). The key may come in the query field apiKey.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/visualizations/upload',
    keyInQuery: 'apiKey',
    query: uploadQuery.extend({
      imageId: z.string().trim().min(1).max(200).optional().describe("The client's id for the image; a new one when absent."),
      figName: z.string().max(1000).optional(),
      figCounter: queryInt.pipe(z.number().int().min(0)).optional(),
      extension: z.string().max(100).optional().describe('With or without the leading dot: the content type; added only to the generated figure_<figCounter> name.'),
      overwrite: queryBoolean.optional().describe("Replace the experiment's assets of the same file name."),
      step,
      epoch: step,
      context: z.string().max(1000).optional(),
    }),
    bodyKind: 'multipart',
    body: z.object({
      file: binaryPart.describe('The image bytes.'),
      metadata: z.string().optional().describe('A JSON string (e.g. annotations).'),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string(), imageId: z.string() }),
  }),
  clientlibUploadAsset: defineEndpoint({
    id: 'clientlib.assetUpload',
    summary:
      'Upload an asset of any type (log_asset, log_code, log_text, log_audio, log_model, log_artifact…), or with isRemote=True a ' +
      'remote one (part link): stored as E44 stores it, under the client assetId. text-sample uploads named ' +
      '"auto-generated-in-the-backend" are named text-sample.txt.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/asset/upload',
    keyInQuery: 'apiKey',
    query: uploadQuery.extend({
      assetId: z.string().trim().min(1).max(200).optional().describe("The client's id for the asset (the SDK builds URLs from it)."),
      fileName: z.string().max(1000).optional(),
      extension: z.string().max(100).optional().describe('Without the leading dot (accepted with it).'),
      type: z.string().max(100).optional().describe('Absent: asset.'),
      overwrite: queryBoolean.optional().describe("Replace the experiment's assets of the same file name (as E44)."),
      step,
      epoch: step,
      context: z.string().max(1000).optional(),
      groupingName: z.string().max(1000).optional().describe('The model name of a model-element.'),
      artifactVersionId: z.string().max(200).optional().describe('The artifact version the file belongs to (it must be OPEN).'),
      sampleRate: queryInt.pipe(z.number().int().min(1)).optional().describe('Audio sample rate (Hz), kept in the metadata as sampleRate.'),
      isRemote: queryBoolean.optional().describe('True: the part link holds the remote address instead of a part file.'),
    }),
    bodyKind: 'multipart',
    body: z.object({
      file: binaryPart.optional().describe('The bytes (filename "file"); omitted with isRemote=True.'),
      link: z.string().optional().describe('The remote address (isRemote=True), a file part named link.'),
      metadata: z.string().optional().describe('A JSON string.'),
    }),
    reply: savedAsset,
  }),
  clientlibUploadGitPatch: defineEndpoint({
    id: 'clientlib.gitPatchUpload',
    summary: "Upload the experiment's git patch (a zip holding git_diff.patch), kept and served verbatim as E45 does.",
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/git-patch/upload',
    keyInQuery: 'apiKey',
    query: uploadQuery,
    bodyKind: 'multipart',
    body: z.object({ file: binaryPart }),
    reply: msgReply('Saved'),
  }),
};
