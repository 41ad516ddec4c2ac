import yazl from 'yazl';
import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { sendBlob } from './assets-download.ts';
import { receiveUpload } from './assets-upload.ts';
import { ok } from './replies.ts';

/** The name of the patch file inside the zip the git patch read returns. */
export const GIT_PATCH_ENTRY = 'git_diff.patch';

/** Handlers of the asset download, the experiment model list, and the git patch upload (E45) and read. */
export function createAssetReadHandlers(services: Services): HandlerTable {
  const { access, assets, blobs, experimentModels, gitPatches, registry } = services;
  return {
    downloadAsset: ({ query, caller, request, reply }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const asset = assets.byUuid(experiment.id, query.assetId);
      if (!asset) throw notFound(`No asset with assetId "${query.assetId}" in experiment "${experiment.key}".`);
      if (asset.remoteLink !== null) return reply.redirect(asset.remoteLink, 302);
      if (asset.blob === null) throw new Error('asset without bytes or link');
      return sendBlob(reply, blobs, { blob: asset.blob, fileName: asset.fileName, contentType: asset.contentType }, request.headers.range);
    },
    listExperimentModels: ({ query, caller }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const models = experimentModels.listForExperiment(experiment.id);
      const records = registry.recordsOfExperimentModels(models.map((model) => model.id));
      return {
        models: models.map((model) => ({
          experimentModelId: model.uuid,
          experimentKey: experiment.key,
          modelName: model.name,
          registryRecords: records
            .filter((record) => record.experimentModelRowId === model.id)
            .map(({ experimentModelRowId: _row, ...record }) => record),
        })),
      };
    },
    uploadGitPatch: async ({ query, caller, request }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const upload = await receiveUpload(request, blobs, services.config.uploadLimitBytes);
      if (!upload.file) throw badRequest('The multipart part "file" (the patch) is required.');
      try {
        gitPatches.put(experiment.id, { blob: upload.file.blob, fileSize: upload.file.size, createdAt: services.now() });
      } catch (error) {
        await blobs.remove(upload.file.blob);
        throw error;
      }
      await services.blobGarbage.collect();
      return ok('Saved');
    },
    downloadGitPatch: ({ query, caller, reply }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const patch = gitPatches.get(experiment.id);
      if (!patch) throw notFound(`Experiment "${experiment.key}" has no git patch.`);
      const zip = new yazl.ZipFile();
      zip.addReadStream(blobs.read(patch.blob), GIT_PATCH_ENTRY, { mtime: new Date(patch.createdAt), size: patch.fileSize });
      zip.end();
      return reply
        .code(200)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="git_diff.zip"')
        .send(zip.outputStream);
    },
  };
}
