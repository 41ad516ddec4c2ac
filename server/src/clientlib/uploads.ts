import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from '../http/api-error.ts';
import type { FastifyRequest } from 'fastify';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { ClientlibServices } from './services.ts';
import type { Experiment } from '../experiments/index.ts';
import { bareExtension, saveGitPatch, saveUploadedAsset, type UploadRequest, TEXT_SAMPLE } from '../assets/index.ts';
import { ok } from '../http/replies.ts';

/** The asset type the images of the live SDK are stored as (listed by `asset/list?type=image`). */
const IMAGE = 'image';
/** The file name the live SDK sends for text samples, leaving the naming to the service. */
const AUTO_NAMED = 'auto-generated-in-the-backend';
/** The name text samples get (E31's). */
const TEXT_SAMPLE_NAME = 'text-sample.txt';

/**
 * Runs an upload, turning the refusals the live SDK can act on into its codes (clients.md B.7): a file over the
 * size limit → 7777777 (the SDK shows the message rather than a bare failure); a retried upload of an assetId the
 * experiment already holds, frozen in a closed artifact version → 409 with 7000005 (the SDK counts it as done).
 */
async function forSdk<T>(services: ClientlibServices, save: () => Promise<T>, retried?: { experiment: Experiment; assetId?: string }): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 413) throw new ApiError(413, SdkError.uploadMessage, error.message);
    const held = retried?.assetId === undefined ? undefined : await services.assets.byUuid(retried.experiment.id, retried.assetId);
    if (error.sdkErrorCode === SdkError.stateImmutable && held) {
      throw new ApiError(409, SdkError.alreadyUploaded, `Asset "${held.uuid}" is already uploaded (its artifact version is closed).`);
    }
    throw error;
  }
}

/**
 * Upload handlers of the clientlib front door (clients.md B.7): the live SDK's uploads onto the same storage and
 * rules as the REST routes (E44, E45). The SDK names the file part `file` whatever the file: names come from the query.
 */
export function createClientlibUploadHandlers(services: ClientlibServices): HandlerTable {
  const upload = (caller: Caller, request: FastifyRequest, wanted: UploadRequest) =>
    forSdk(services, () => saveUploadedAsset(services, caller, request, wanted), wanted);
  return {
    uploadVisualization: async ({ query, caller, request }) => {
      const experiment = await services.access.experiment(caller, query.experimentId);
      const wanted: UploadRequest = {
        experiment,
        type: IMAGE,
        fileName: query.figName,
        // An unnamed figure gets the counter instead.
        fallbackName: `figure_${query.figCounter ?? 0}`,
        ignorePartName: true,
        extension: bareExtension(query.extension) || 'png',
        assetId: query.imageId,
        overwrite: query.overwrite,
        step: query.step,
        epoch: query.epoch,
        context: query.context,
      };
      const saved = await upload(caller, request, wanted);
      return { ...ok('Saved'), assetId: saved.assetId, imageId: saved.assetId };
    },
    clientlibUploadAsset: async ({ query, caller, request }) => {
      const experiment = await services.access.experiment(caller, query.experimentId);
      const { experimentId: _key, apiKey: _apiKey, projectId: _project, runId: _run, sampleRate, type, fileName, ...rest } = query;
      const assetType = type?.trim() || 'asset';
      const wanted: UploadRequest = {
        ...rest,
        experiment,
        type: assetType,
        fileName: fileName === AUTO_NAMED ? TEXT_SAMPLE_NAME : fileName,
        ignorePartName: true,
        fallbackName: assetType === TEXT_SAMPLE ? TEXT_SAMPLE_NAME : 'asset',
        extraMetadata: sampleRate === undefined ? undefined : { sampleRate },
      };
      return { ...ok('Saved'), ...(await upload(caller, request, wanted)) };
    },
    clientlibUploadGitPatch: async ({ query, caller, request }) => {
      const experiment = await services.access.experiment(caller, query.experimentId);
      await forSdk(services, () => saveGitPatch(services, experiment, request));
      return ok('Saved');
    },
  };
}
