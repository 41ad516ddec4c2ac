import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AssetServices } from './services.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Experiment } from '../experiments/index.ts';
import { contentDisposition, sendBlob } from './download.ts';
import { receiveUpload } from './upload.ts';
import { ok } from '../http/replies.ts';

/** The first bytes of a zip file (a local file header). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Handlers of the asset download and the git patch upload (E45) and read (bytes kept and served as uploaded). */
export function createAssetReadHandlers(services: AssetServices): HandlerTable {
  const { access, assets, blobs, gitPatches } = services;
  return {
    downloadAsset: async ({ query, caller, request, reply }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const assetId = query.assetId ?? query.imageId;
      if (assetId === undefined) throw badRequest('The query field "assetId" is required (or its alias "imageId").');
      const asset = await assets.byUuid(experiment.id, assetId);
      if (!asset || (query.artifactVersionId !== undefined && asset.artifactVersionId !== query.artifactVersionId)) {
        const ofVersion = query.artifactVersionId === undefined ? '' : ` of artifact version "${query.artifactVersionId}"`;
        throw notFound(`No asset with assetId "${assetId}"${ofVersion} in experiment "${experiment.key}".`);
      }
      if (asset.remoteLink !== null) {
        if (query.allow301 === false) throw badRequest(`Asset "${assetId}" is remote: download it from ${asset.remoteLink} (or ask with allow301=true).`);
        return reply.redirect(asset.remoteLink, 302);
      }
      if (asset.blob === null) throw new Error('asset without bytes or link');
      return sendBlob(reply, blobs, { blob: asset.blob, fileName: asset.fileName, contentType: asset.contentType }, request.headers.range);
    },
    uploadGitPatch: async ({ query, caller, request }) => {
      await saveGitPatch(services, await access.experiment(caller, query.experimentKey), request);
      return ok('Saved');
    },
    downloadGitPatch: async ({ query, caller, reply }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const patch = await gitPatches.get(experiment.id);
      // The Python SDK takes a body starting with `{"msg"` as "no patch" (a 404 would raise).
      if (!patch) return { msg: 'No git patch', code: 200, data: null, sdk_error_code: 0 };
      const zip = await startsWithZipMagic(blobs, patch.blob, patch.fileSize);
      return reply
        .code(200)
        .header('Content-Type', zip ? 'application/zip' : 'text/plain; charset=utf-8')
        .header('Content-Disposition', contentDisposition(zip ? 'git_diff.zip' : 'git_diff.patch'))
        .header('Content-Length', patch.fileSize)
        .header('X-Content-Type-Options', 'nosniff')
        .send(blobs.read(patch.blob));
    },
  };
}

/** Stores the multipart part `file` verbatim as the experiment's git patch (E45), replacing the previous one. */
export async function saveGitPatch(services: AssetServices, experiment: Experiment, request: FastifyRequest): Promise<void> {
  const { blobs, gitPatches } = services;
  const upload = await receiveUpload(request, blobs, services.config.uploadLimitBytes);
  if (!upload.file) throw badRequest('The multipart part "file" (the patch) is required.');
  try {
    await gitPatches.put(experiment.id, { blob: upload.file.blob, fileSize: upload.file.size, createdAt: services.now() });
  } catch (error) {
    await blobs.remove(upload.file.blob);
    throw error;
  }
  await services.blobGarbage.collect();
}

/** Whether a blob begins with the local-file-header signature of a zip, `PK\x03\x04`. */
async function startsWithZipMagic(blobs: BlobStore, blob: string, size: number): Promise<boolean> {
  if (size < ZIP_MAGIC.length) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.read(blob, { start: 0, end: ZIP_MAGIC.length - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
}
