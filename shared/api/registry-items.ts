import { z } from 'zod';
import { assetRecord } from './assets.ts';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, labelName, nonEmpty } from './fields.ts';
import { promotionPendingReply } from './registry-governance.ts';

/** The kinds of change the registry history records (clients.md A.4 `actionType`). */
export const registryActionTypes = [
  'MODEL_VERSION_CREATED',
  'MODEL_VERSION_STATUS_CHANGED',
  'MODEL_VERSION_STAGE_ADDED',
  'MODEL_VERSION_STAGE_REMOVED',
  'MODEL_VERSION_TAGS_CHANGED',
  'MODEL_VERSION_COMMENT_CHANGED',
  'MODEL_VERSION_METADATA_CHANGED',
  'MODEL_VERSION_DELETED',
  'MODEL_VERSION_PROMOTION_REQUESTED',
  'MODEL_VERSION_PROMOTION_APPROVED',
  'MODEL_VERSION_PROMOTION_REJECTED',
  'MODEL_VERSION_PROMOTION_CANCELLED',
] as const;

/** One kind of registry history entry. */
export type RegistryActionType = (typeof registryActionTypes)[number];

/** A version's metadata document: a JSON object. */
export const registryMetadataDocument = z.record(z.string(), z.unknown());

/** A registry model version as the SDK's reads return it (`item/details`, `items`). `tags` are the version's stages. */
export const registryItemRecord = z.object({
  registryModelItemId: z.string(),
  registryModelId: z.string(),
  registryModelName: z.string(),
  workspaceName: z.string(),
  version: z.string(),
  comment: z.string(),
  tags: z.array(z.string()).describe('The version stages (E25/E26); the SDK calls them tags.'),
  stages: z.array(z.string()),
  status: z.string(),
  metadata: registryMetadataDocument,
  experimentKey: z.string(),
  experimentModelId: z.string(),
  experimentModelName: z.string(),
  userName: z.string(),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
});

/** One entry of a version's history (clients.md A.4 "History event", plus `id` and `createdAt`). */
export const registryHistoryEvent = z.object({
  id: z.string(),
  actionType: z.enum(registryActionTypes),
  comment: z.string(),
  previousValue: z.record(z.string(), z.unknown()).nullable(),
  newValue: z.record(z.string(), z.unknown()).nullable(),
  registryModelId: z.string(),
  registryModelItemId: z.string(),
  registryModelItemVersion: z.string(),
  registryModelName: z.string(),
  registryModelItemActualPathParams: z.object({ workspaceName: z.string(), registryModelName: z.string(), version: z.string() }),
  userName: z.string(),
  userAvatarLink: z.string().nullable(),
  createdAt: z.number().int().describe('When the change was made (ms since the epoch).'),
});

/** A metadata entry as the wire carries it: the document's key and its JSON value. */
const metadataEntry = z.object({ key: nonEmpty(1000), value: z.unknown() });
const workspaceName = nonEmpty(100);
const modelName = nonEmpty(1000);
const workspaceAndModel = z.object({ workspaceName, modelName });
const itemId = nonEmpty(200);
const itemParams = z.object({ registryModelItemId: itemId });
const optionalFilter = z.string().max(1000).optional().describe('Empty means no filter.');
const versionOrStage = workspaceAndModel.extend({
  version: z.string().max(200).optional().describe('A semantic version; `v1.0.0` and `1.0.0` are the same.'),
  stage: z.string().max(100).optional().describe('The highest version carrying this stage (or having it as status).'),
});
const statusValues = z.array(labelName(100)).min(1).max(100);

/** The registry endpoints the Python SDK's `Model` uses (clients.md A.4) and their extension. */
export const registryItemEndpoints = {
  registryModelCompactDetails: defineEndpoint({
    id: 'read.registryModelCompactDetails',
    summary: "A registry model's id (404 when the workspace has no model of that name).",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/compact-details',
    query: workspaceAndModel,
    reply: z.object({ registryModelId: z.string(), modelName: z.string(), workspaceName: z.string(), numberOfVersions: z.number().int() }),
  }),
  listRegistryModelItems: defineEndpoint({
    id: 'read.registryModelItems',
    summary: "A registry model's versions, highest semantic version first, optionally filtered by tag (stage), status and version prefix.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/items',
    query: workspaceAndModel.extend({ tag: optionalFilter, status: optionalFilter, versionPrefix: optionalFilter }),
    reply: z.object({ items: z.array(registryItemRecord) }),
  }),
  registryModelItemDetails: defineEndpoint({
    id: 'read.registryModelItemDetails',
    summary: 'One version of a registry model: id, tags (stages), status, metadata, comment and source.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/item/details',
    query: workspaceAndModel.extend({ version: nonEmpty(200) }),
    reply: registryItemRecord,
  }),
  registryModelItemHistory: defineEndpoint({
    id: 'read.registryModelItemHistory',
    summary: "A version's history, grouped by day (UTC, e.g. \"June 6, 2023\"), newest first; also for a deleted version.",
    group: 'registry',
    method: 'POST',
    needs: 'read',
    path: 'registry-model/history/item',
    body: z.object({ registryModelItemId: itemId, groupedBy: z.literal('DAY').default('DAY') }),
    reply: z.record(z.string(), z.array(registryHistoryEvent)),
  }),
  registryModelItemMetadata: defineEndpoint({
    id: 'read.registryModelItemMetadata',
    summary: "A version's metadata document as key/value entries.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/item/{registryModelItemId}/metadata',
    params: itemParams,
    reply: z.object({ metadata: z.array(z.object({ key: z.string(), value: z.unknown() })) }),
  }),
  updateRegistryModelItemMetadata: defineEndpoint({
    id: 'A4.updateRegistryModelItemMetadata',
    summary: "Replace a version's metadata document with the given entries (keys unique).",
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/item/{registryModelItemId}/metadata',
    params: itemParams,
    body: z.object({ metadata: z.array(metadataEntry).max(10_000) }),
    reply: msgReply('200 Ok'),
  }),
  createRegistryModelItem: defineEndpoint({
    id: 'A4.createRegistryModelItem',
    summary: 'Register an experiment model (by experiment key and model name) as a new version, creating the registry model if needed.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/item/create',
    body: z.object({
      experimentKey,
      experimentModelName: modelName,
      registryModelName: modelName,
      registryModelDescription: z.string().max(100_000).nullish(),
      version: z.string().trim().max(200).nullish().describe('A semantic version; 1.0.0 when null.'),
      versionComment: z.string().max(100_000).nullish(),
      tags: z.array(labelName(100)).max(100).nullish().describe('The version stages.'),
      status: z.string().max(100).nullish().describe('One of the allowed status values; the first of them when null.'),
      publicModel: z.boolean().nullish(),
    }),
    accepted: promotionPendingReply,
    reply: z.object({ registryModelItemId: z.string(), registryModelId: z.string() }),
  }),
  setRegistryModelItemStatus: defineEndpoint({
    id: 'A4.setRegistryModelItemStatus',
    summary: "Set a version's status to one of the workspace's allowed values.",
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/item/status',
    body: z.object({ status: labelName(100), modelItemId: itemId }),
    accepted: promotionPendingReply,
    reply: msgReply('200 Ok'),
  }),
  registryAllowedStatusValues: defineEndpoint({
    id: 'read.registryAllowedStatusValues',
    summary: "The status values a workspace's versions may take (None, Development, Staging, Production unless changed).",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/allowed_status_values',
    query: z.object({ workspaceName }),
    reply: z.object({ allowedStatus: z.array(z.string()) }),
  }),
  setRegistryAllowedStatusValues: defineEndpoint({
    id: 'ext.setRegistryAllowedStatusValues',
    summary: "Replace a workspace's allowed status values (the first is what new versions get; values in use must stay).",
    group: 'registry',
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/registry-model/allowed_status_values',
    body: z.object({ workspaceName, allowedStatus: statusValues }),
    reply: z.object({ allowedStatus: z.array(z.string()) }),
  }),
  registryModelItemDownloadInstructions: defineEndpoint({
    id: 'read.registryModelItemDownloadInstructions',
    summary: 'Exactly one version (by version, by stage, else the highest) with its files and their download links.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/item/download-instructions',
    query: versionOrStage,
    reply: z.object({
      s3DownloadEnabled: z.boolean(),
      versions: z.array(registryItemRecord.extend({ assets: z.array(assetRecord.extend({ s3Link: z.string().nullable() })) })).length(1),
    }),
  }),
  downloadRegistryModelItem: defineEndpoint({
    id: 'read.registryModelItemDownload',
    summary: "A zip of one version's files (by version, by stage, else the highest), streamed.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/item/download',
    query: versionOrStage,
    replyKind: 'binary',
  }),
};
