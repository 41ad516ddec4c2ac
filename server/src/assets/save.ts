import type { FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-nesting.ts';
import type { AssetServices } from './services.ts';
import type { Experiment } from '../experiments/index.ts';
import { artifactVersionOf, immutableVersion } from './artifact-handlers.ts';
import { isPreviewable } from './image-previews.ts';
import { bareExtension, contentTypeOf } from './records.ts';
import { receiveUpload } from './upload.ts';

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
  /** The file's type (`png`, `.txt`): names the generated fallback's extension and the content type of a name without one. */
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
  /** Keys added to the metadata JSON object (the live SDK's audio sampleRate). */
  extraMetadata?: Record<string, unknown>;
}

/** The last path segment of a name (the REST image upload sends the local path as the part's file name). */
const baseName = (name: string | undefined) => name?.split(/[\\/]/).pop()?.trim() || undefined;

/** Drops control characters from a file name. */
const printable = (name: string) => [...name].filter((char) => char.charCodeAt(0) > 0x1f && char !== '\x7f').join('');

/**
 * The file name an asset is stored under: the name the client gave, else the part's base name, kept exactly (the
 * `extension` field says the type, it never renames); only the generated `fallback` gets `.<extension>`.
 */
export function assetFileName(given: string | undefined, partName: string | undefined, fallback: string, extension: string | undefined): string {
  const named = given?.trim() || baseName(partName);
  if (named) return printable(named);
  const ext = bareExtension(extension);
  return printable(ext ? `${fallback}.${ext}` : fallback);
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
export function assetRules(services: AssetServices) {
  /** 90401 when a file belongs to an artifact version that is no longer OPEN: its files are frozen with it. */
  const requireChangeable = async (artifactVersionId: string | null) => {
    const version = artifactVersionId ? await services.artifacts.versionByUuid(artifactVersionId) : undefined;
    if (version && version.state !== 'OPEN') throw immutableVersion(version);
  };
  /** An artifact version assets may still be added to: 404 when unknown, 90401 unless OPEN. */
  const openArtifactVersion = async (caller: Caller, artifactVersionId: string | undefined) => {
    if (!artifactVersionId) return;
    const { version } = await artifactVersionOf(services, caller, artifactVersionId);
    if (version.state !== 'OPEN') throw immutableVersion(version);
  };
  return { requireChangeable, openArtifactVersion };
}

/** What an asset is made of once received: bytes already in a blob, or a remote link; and its metadata. */
export interface AssetContent {
  file?: { blob: string; size: number; fileName?: string };
  link?: string;
  metadata: string | null;
}

/**
 * Metadata with `extra` keys added (kept as given when it is not a JSON object, or when there is nothing to add). An object
 * nested deeper than MAX_JSON_DEPTH is refused (400), as JSON bodies are: writing it out again would overflow the stack.
 */
export function metadataWith(metadata: string | null, extra: Record<string, unknown> | undefined): string | null {
  if (!extra || Object.keys(extra).length === 0) return metadata;
  let parsed: unknown = {};
  try {
    parsed = metadata === null || metadata.trim() === '' ? {} : JSON.parse(metadata);
  } catch {
    return metadata;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return metadata;
  if (metadata !== null && nestsDeeperThan(metadata, MAX_JSON_DEPTH)) throw badRequest(`The metadata nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  return JSON.stringify({ ...parsed, ...extra });
}

/**
 * Inserts one asset (call it inside a transaction): a client-chosen assetId replaces the experiment's asset of that
 * id (a retried upload) and is refused (409) when another experiment's asset has it; `overwrite` deletes the
 * experiment's assets of the same file name. `replaced` says whether blobs may wait for the garbage collector.
 */
export async function insertAsset(services: AssetServices, content: AssetContent, wanted: UploadRequest): Promise<{ assetId: string; experimentModelId?: string; replaced: boolean; previewable: boolean }> {
  const { assets, experimentModels } = services;
  const { requireChangeable } = assetRules(services);
  const { experiment, type } = wanted;
  const groupingName = wanted.groupingName?.trim();
  if (type === MODEL_ELEMENT && !groupingName) throw badRequest('A model file needs the model name (the query field "groupingName" for type=model-element): log models from the training script with log_model(name, path), or upload with another type.');
  const { link, file } = content;
  const partName = link ? new URL(link).pathname.split('/').pop() : wanted.ignorePartName ? undefined : file?.fileName;
  const fileName = assetFileName(wanted.fileName, partName, wanted.fallbackName ?? 'asset', wanted.extension);
  const now = services.now();
  let replaced = false;
  const model = type === MODEL_ELEMENT && groupingName ? await experimentModels.ensure(experiment.id, groupingName, now) : undefined;
  if (wanted.assetId !== undefined) {
    const existing = await assets.byUuidAnywhere(wanted.assetId);
    if (existing && existing.experimentId !== experiment.id) {
      throw new ApiError(409, SdkError.conflict, `The assetId "${wanted.assetId}" belongs to another experiment's asset: choose another.`);
    }
    if (existing) {
      await requireChangeable(existing.artifactVersionId);
      await assets.delete(existing.id);
      replaced = true;
    }
  }
  if (wanted.overwrite) {
    for (const versionId of await assets.artifactVersionsNamed(experiment.id, fileName)) await requireChangeable(versionId);
    replaced = await assets.deleteByName(experiment.id, fileName) > 0 || replaced;
  }
  const asset = await assets.insert({
    uuid: wanted.assetId,
    experimentId: experiment.id,
    fileName,
    fileSize: file?.size ?? 0,
    type,
    contentType: contentTypeOf(fileName, wanted.extension),
    context: wanted.context ?? null,
    step: wanted.step ?? null,
    epoch: wanted.epoch ?? null,
    metadata: content.metadata,
    blob: file?.blob ?? null,
    remoteLink: link ?? null,
    experimentModelRowId: model?.id ?? null,
    artifactVersionId: wanted.artifactVersionId ?? null,
    createdAt: now,
  });
  return { assetId: asset.uuid, experimentModelId: model?.uuid, replaced, previewable: asset.blob !== null && isPreviewable(asset) };
}

/**
 * Stores received bytes as one asset in its own transaction (see insertAsset); on failure the blob is removed, and
 * replaced assets' bytes are freed after the commit. An image's gallery preview is then made ahead, in the background.
 */
export async function storeReceivedAsset(services: AssetServices, content: AssetContent, wanted: UploadRequest): Promise<{ assetId: string; experimentModelId?: string }> {
  let saved: Awaited<ReturnType<typeof insertAsset>>;
  try {
    saved = await services.sql.transaction(() => insertAsset(services, content, wanted));
  } catch (error) {
    if (content.file) await services.blobs.remove(content.file.blob);
    throw error;
  }
  if (saved.replaced) await services.blobGarbage.collect();
  if (saved.previewable && content.file) services.previews.makeAhead(content.file.blob);
  return { assetId: saved.assetId, ...(saved.experimentModelId ? { experimentModelId: saved.experimentModelId } : {}) };
}

/**
 * Receives a multipart upload and stores it as one asset: the bytes of part `file`, or with isRemote a link
 * (part or field `link`); metadata from part `metadata` before the query's (plus `extraMetadata`).
 */
export async function saveUploadedAsset(
  services: AssetServices,
  caller: Caller,
  request: FastifyRequest,
  wanted: UploadRequest,
): Promise<{ assetId: string; experimentModelId?: string }> {
  const { blobs } = services;
  if (wanted.type === MODEL_ELEMENT && !wanted.groupingName?.trim()) {
    throw badRequest('A model file needs the model name (the query field "groupingName" for type=model-element): log models from the training script with log_model(name, path), or upload with another type.');
  }
  await assetRules(services).openArtifactVersion(caller, wanted.artifactVersionId);
  const upload = await receiveUpload(request, blobs, services.config.uploadLimitBytes);
  let link: string | undefined;
  let metadata: string | null;
  try {
    link = wanted.isRemote ? checkRemoteLink(upload.fields.link ?? '') : undefined;
    if (!link && !upload.file) throw badRequest('The multipart part "file" is required (or isRemote=true with a part "link").');
    if (link && upload.file) throw badRequest('Send either a part "file" or isRemote=true with a part "link", not both.');
    metadata = metadataWith(upload.fields.metadata ?? wanted.queryMetadata ?? null, wanted.extraMetadata);
  } catch (error) {
    if (upload.file) await blobs.remove(upload.file.blob);
    throw error;
  }
  return storeReceivedAsset(services, { file: upload.file, link, metadata }, wanted);
}
