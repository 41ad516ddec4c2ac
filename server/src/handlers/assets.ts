import { Readable } from 'node:stream';
import { badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { Experiment } from '../storage/experiments.ts';
import { artifactVersionOf, immutableVersion } from './artifacts.ts';
import { contentTypeOf, extensionOf, toAssetRecord, typeFilter } from './assets-records.ts';
import { createAssetReadHandlers } from './assets-reads.ts';
import { receiveUpload } from './assets-upload.ts';
import { ok, origin } from './replies.ts';

/** The asset type of model files; with groupingName they form an experiment model. */
export const MODEL_ELEMENT = 'model-element';
/** The asset type of text samples (E31 and E44 with type=text-sample). */
export const TEXT_SAMPLE = 'text-sample';

/** The file name an asset is stored under: `fileName`, else the part's name, with `extension` added when it has none. */
function assetFileName(given: string | undefined, partName: string | undefined, extension: string | undefined): string {
  const name = [...(given?.trim() || partName?.trim() || 'asset')].filter((char) => char.charCodeAt(0) > 0x1f && char !== '\x7f').join('');
  const ext = extension?.trim().replace(/^\./, '');
  return ext && extensionOf(name) === '' ? `${name}.${ext}` : name;
}

/** A JSON metadata string as stored: objects are serialized, strings kept. */
export const metadataText = (value: string | Record<string, unknown> | undefined): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** 400 unless `link` is an absolute URL (any scheme: http, s3, gs...). */
export function checkRemoteLink(link: string): string {
  try {
    return new URL(link.trim()).href;
  } catch {
    throw badRequest(`The remote asset link "${link}" is not an absolute URL.`);
  }
}

/** Handlers of E31, E44–E49 and the asset, model and git patch reads. */
export function createAssetHandlers(services: Services): HandlerTable {
  const { access, assets, blobs, experimentModels } = services;
  const transaction = <T>(work: () => T): T => services.db.transaction(work)();
  const limit = services.config.uploadLimitBytes;
  /** An artifact version assets may still be added to: 404 when unknown, 90401 unless OPEN. */
  const openArtifactVersion = (caller: Caller, artifactVersionId: string | undefined) => {
    if (!artifactVersionId) return;
    const { version } = artifactVersionOf(services, caller, artifactVersionId);
    if (version.state !== 'OPEN') throw immutableVersion(version);
  };
  /** 90401 when a file belongs to an artifact version that is no longer OPEN: its files are frozen with it. */
  const requireChangeable = (artifactVersionId: string | null) => {
    const version = artifactVersionId ? services.artifacts.versionByUuid(artifactVersionId) : undefined;
    if (version && version.state !== 'OPEN') throw immutableVersion(version);
  };
  /** The experiment's asset `assetId` (404 when unknown), checked to be changeable. */
  const changeableAsset = (experiment: Experiment, assetId: string) => {
    const asset = assets.byUuid(experiment.id, assetId);
    if (!asset) throw notFound(`No asset with assetId "${assetId}" in experiment "${experiment.key}".`);
    requireChangeable(asset.artifactVersionId);
    return asset;
  };

  return {
    ...createAssetReadHandlers(services),
    uploadAsset: async ({ query, caller, request }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const type = query.type?.trim() || 'asset';
      const groupingName = query.groupingName?.trim();
      if (type === MODEL_ELEMENT && !groupingName) throw badRequest('The query field "groupingName" (the model name) is required for type=model-element.');
      openArtifactVersion(caller, query.artifactVersionId);
      const upload = await receiveUpload(request, blobs, limit);
      let saved: { assetId: string; experimentModelId?: string };
      try {
        const link = query.isRemote ? checkRemoteLink(upload.fields.link ?? '') : undefined;
        if (!link && !upload.file) throw badRequest('The multipart part "file" is required (or isRemote=true with a part "link").');
        if (link && upload.file) throw badRequest('Send either a part "file" or isRemote=true with a part "link", not both.');
        const fileName = assetFileName(query.fileName, upload.file?.fileName ?? (link && new URL(link).pathname.split('/').pop()), query.extension);
        saved = transaction(() => {
          const now = services.now();
          const model = type === MODEL_ELEMENT && groupingName ? experimentModels.ensure(experiment.id, groupingName, now) : undefined;
          if (query.overwrite) {
            for (const versionId of assets.artifactVersionsNamed(experiment.id, fileName)) requireChangeable(versionId);
            assets.deleteByName(experiment.id, fileName);
          }
          const asset = assets.insert({
            experimentId: experiment.id,
            fileName,
            fileSize: upload.file?.size ?? 0,
            type,
            contentType: contentTypeOf(fileName),
            context: query.context ?? null,
            step: query.step ?? null,
            epoch: query.epoch ?? null,
            metadata: upload.fields.metadata ?? query.metadata ?? null,
            blob: upload.file?.blob ?? null,
            remoteLink: link ?? null,
            experimentModelRowId: model?.id ?? null,
            artifactVersionId: query.artifactVersionId ?? null,
            createdAt: now,
          });
          return { assetId: asset.uuid, experimentModelId: model?.uuid };
        });
      } catch (error) {
        if (upload.file) await blobs.remove(upload.file.blob);
        throw error;
      }
      if (query.overwrite) await services.blobGarbage.collect();
      return { ...ok('Saved'), ...saved };
    },
    uploadTextSample: async ({ body, caller }) => {
      const experiment = access.experiment(caller, body.experimentKey);
      const written = await blobs.write(Readable.from([Buffer.from(body.content, 'utf8')]), limit);
      try {
        const asset = assets.insert({
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
      transaction(() => {
        const experiment = access.experiment(caller, body.experimentKey);
        const now = services.now();
        const assetIds = body.remoteAssets.map((item) => {
          openArtifactVersion(caller, item.artifactVersionId);
          const link = checkRemoteLink(item.link);
          const fileName = assetFileName(item.fileName, new URL(link).pathname.split('/').pop(), undefined);
          return assets.insert({
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
          }).uuid;
        });
        return { ...ok('Saved'), assetIds };
      }),
    deleteAsset: async ({ query, caller }) => {
      transaction(() => {
        const experiment = access.experiment(caller, query.experimentKey);
        assets.delete(changeableAsset(experiment, query.assetId).id);
      });
      await services.blobGarbage.collect();
      return ok('Deleted');
    },
    addAssetTags: ({ body, caller }) =>
      transaction(() => {
        const experiment = access.experiment(caller, body.experimentKey);
        assets.addTags(changeableAsset(experiment, body.assetId).id, [...new Set(body.tags.map((tag) => tag.trim()))]);
        return ok('Saved');
      }),
    deleteAssetTag: ({ query, caller }) =>
      transaction(() => {
        const experiment = access.experiment(caller, query.experimentKey);
        assets.removeTag(changeableAsset(experiment, query.assetId).id, query.tag.trim());
        return ok('Deleted');
      }),
    listAssets: ({ query, caller, request }) => {
      const experiment = access.experiment(caller, query.experimentKey);
      const base = origin(request);
      return { assets: assets.list(experiment.id, typeFilter(query.type)).map((asset) => toAssetRecord(asset, experiment.key, base)) };
    },
  };
}
