import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, queryBoolean, queryInt } from './fields.ts';

const group = 'clientlib';
const binaryPart = z.string().meta({ format: 'binary' });

/**
 * The uploads of the Python SDK's live-logging front door (`/clientlib/…`, clients.md B.7), onto the same storage as
 * the REST routes. So far the image upload (`visualizations/upload`).
 */
export const clientlibUploadEndpoints = {
  uploadVisualization: defineEndpoint({
    id: 'clientlib.visualizationUpload',
    summary:
      'Upload an image or figure (Experiment.log_image / log_figure): stored as an asset of type image with assetId = imageId, ' +
      'named figName (else figure_<figCounter>.<extension>). The key may come in the query field apiKey.',
    group,
    method: 'POST',
    path: '/clientlib/visualizations/upload',
    keyInQuery: 'apiKey',
    query: z.object({
      experimentId: experimentKey.describe('The experiment key (this front door names it experimentId).'),
      imageId: z.string().trim().min(1).max(200).optional().describe("The client's id for the image; a new one when absent."),
      figName: z.string().max(1000).optional(),
      figCounter: queryInt.pipe(z.number().int().min(0)).optional(),
      extension: z.string().max(100).optional().describe('With or without the leading dot.'),
      overwrite: queryBoolean.optional().describe("Replace the experiment's assets of the same file name."),
      step: queryInt.pipe(z.number().int().min(0)).optional(),
      epoch: queryInt.pipe(z.number().int().min(0)).optional(),
      context: z.string().max(1000).optional(),
      apiKey: z.string().max(1000).optional().describe('The API key, when no Authorization header is sent.'),
      projectId: z.string().max(200).optional().describe('Ignored (the experiment knows its project).'),
      runId: z.string().max(200).optional().describe('Ignored.'),
    }),
    bodyKind: 'multipart',
    body: z.object({
      file: binaryPart.describe('The image bytes.'),
      metadata: z.string().optional().describe('A JSON string (e.g. annotations).'),
    }),
    reply: msgReply('Saved').extend({ assetId: z.string(), imageId: z.string() }),
  }),
};
