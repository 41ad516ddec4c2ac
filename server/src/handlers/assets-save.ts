import type { FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { Experiment } from '../storage/experiments.ts';
import { artifactVersionOf, immutableVersion } from './artifacts.ts';
import { contentTypeOf, extensionOf } from './assets-records.ts';
import { receiveUpload } from './assets-upload.ts';

/** The asset type of model files; with groupingName they form an experiment model. */
export const MODEL_ELEMENT = 'model-element';

/** What an upload (E44, or the clientlib image upload) asks for, besides the multipart parts. */
export interface UploadRequest {
  experiment: Experiment;
  type: string;
  /** The name the client gave (`fileName`, `figName`). */
  fileName?: string;
  /** The name to use when neither fileName nor the part gives one (default `asset`). */
  fallbackName?: string;
  /** Skip the part's file name (a client that always sends a fixed one): fileName, else fallbackName. */
  ignorePartName?: boolean;
  extension?: string;
  /** The client's id for the asset. */
  assetId?: string;
  overwrite?: boolean;
  step?: number;
  epoch?: number;
  context?: string;
  /** Metadata from the query, used only when no part `metadata` came. */
  queryMetadata?: string;
  groupingName?: string;
  artifactVersionId?: string;
  isRemote?: boolean;
}

/** The last path segment of a name (the REST image upload sends the local path as the part's file name). */
const baseName = (name: string | undefined) => name?.split(/[\\/]/).pop()?.trim() || undefined;

/** The file name an asset is stored under: the given name, else the part's base name, with `extension` added when it has none. */
export function assetFileName(given: string | undefined, partName: string | undefined, fallback: string, extension: string | undefined): string {
  const name = [...(given?.trim() || baseName(partName) || fallback)].filter((char) => char.charCodeAt(0) > 0x1f && char !== '\x7f').join('');
  const ext = extension?.trim().replace(/^\./, '');
  return ext && extensionOf(name) === '' ? `${name}.${ext}` : name;
}

/** 400 unless `link` is an absolute URL (any scheme: http, s3, gs...). */
export function checkRemoteLink(link: string): string {
  try {
    return new URL(link.trim()).href;
  } catch {
    throw badRequest(`The remote asset link "${link}" is not an absolute URL.`);
  }
}

/** Helpers shared by every way of adding assets: artifact version checks. */
export function assetRules(services: Services) {
  /** 90401 when a file belongs to an artifact version that is no longer OPEN: its files are frozen with it. */
  const requireChangeable = (artifactVersionId: string | null) => {
    const version = artifactVersionId ? services.artifacts.versionByUuid(artifactVersionId) : undefined;
    if (version && version.state !== 'OPEN') throw immutableVersion(version);
  };
  /** An artifact version assets may still be added to: 404 when unknown, 90401 unless OPEN. */
  const openArtifactVersion = (caller: Caller, artifactVersionId: string | undefined) => {
    if (!artifactVersionId) return;
    const { version } = artifactVersionOf(services, caller, artifactVersionId);
    if (version.state !== 'OPEN') throw immutableVersion(version);
  };
  return { requireChangeable, openArtifactVersion };
}

/**
 * Receives a multipart upload and stores it as one asset: the bytes of part `file`, or with isRemote a link
 * (part or field `link`); metadata from part `metadata` before the query's. A client-chosen assetId replaces the
 * experiment's asset of that id (a retried upload) and is refused (409) when another experiment's asset has it.
 */
export async function saveUploadedAsset(
  services: Services,
  caller: Caller,
  request: FastifyRequest,
  wanted: UploadRequest,
): Promise<{ assetId: string; experimentModelId?: string }> {
  const { assets, blobs, experimentModels } = services;
  const { requireChangeable, openArtifactVersion } = assetRules(services);
  const { experiment, type } = wanted;
  const groupingName = wanted.groupingName?.trim();
  if (type === MODEL_ELEMENT && !groupingName) throw badRequest('The query field "groupingName" (the model name) is required for type=model-element.');
  openArtifactVersion(caller, wanted.artifactVersionId);
  const upload = await receiveUpload(request, blobs, services.config.uploadLimitBytes);
  let saved: { assetId: string; experimentModelId?: string };
  let replaced = false;
  try {
    const link = wanted.isRemote ? checkRemoteLink(upload.fields.link ?? '') : undefined;
    if (!link && !upload.file) throw badRequest('The multipart part "file" is required (or isRemote=true with a part "link").');
    if (link && upload.file) throw badRequest('Send either a part "file" or isRemote=true with a part "link", not both.');
    const partName = wanted.ignorePartName ? undefined : (upload.file?.fileName ?? (link && new URL(link).pathname.split('/').pop()));
    const fileName = assetFileName(wanted.fileName, partName, wanted.fallbackName ?? 'asset', wanted.extension);
    saved = services.db.transaction(() => {
      const now = services.now();
      const model = type === MODEL_ELEMENT && groupingName ? experimentModels.ensure(experiment.id, groupingName, now) : undefined;
      if (wanted.assetId !== undefined) {
        const existing = assets.byUuidAnywhere(wanted.assetId);
        if (existing && existing.experimentId !== experiment.id) {
          throw new ApiError(409, SdkError.conflict, `The assetId "${wanted.assetId}" belongs to another experiment's asset: choose another.`);
        }
        if (existing) {
          requireChangeable(existing.artifactVersionId);
          assets.delete(existing.id);
          replaced = true;
        }
      }
      if (wanted.overwrite) {
        for (const versionId of assets.artifactVersionsNamed(experiment.id, fileName)) requireChangeable(versionId);
        replaced = assets.deleteByName(experiment.id, fileName) > 0 || replaced;
      }
      const asset = assets.insert({
        uuid: wanted.assetId,
        experimentId: experiment.id,
        fileName,
        fileSize: upload.file?.size ?? 0,
        type,
        contentType: contentTypeOf(fileName),
        context: wanted.context ?? null,
        step: wanted.step ?? null,
        epoch: wanted.epoch ?? null,
        metadata: upload.fields.metadata ?? wanted.queryMetadata ?? null,
        blob: upload.file?.blob ?? null,
        remoteLink: link ?? null,
        experimentModelRowId: model?.id ?? null,
        artifactVersionId: wanted.artifactVersionId ?? null,
        createdAt: now,
      });
      return { assetId: asset.uuid, experimentModelId: model?.uuid };
    })();
  } catch (error) {
    if (upload.file) await blobs.remove(upload.file.blob);
    throw error;
  }
  if (replaced) await services.blobGarbage.collect();
  return saved;
}
