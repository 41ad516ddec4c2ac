import { z } from 'zod';
import { assetRecord } from './assets.ts';
import { defineEndpoint } from './define.ts';
import { msgReply, labelName, nonEmpty } from './fields.ts';
import { promotionPendingReply } from './registry-governance.ts';

/** A registry model version as the reads return it (compat.md §3 "Version"). */
export const registryVersionRecord = z.object({
  registryModelItemId: z.string(),
  version: z.string(),
  comment: z.string(),
  stages: z.array(z.string()),
  status: z.string().describe('One of the workspace\'s allowed status values (registry-model/allowed_status_values).'),
  userName: z.string(),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
  assets: z.array(assetRecord),
  experimentModel: z.object({ experimentModelId: z.string(), experimentKey: z.string(), modelName: z.string() }),
});

/** One registry model in the list read (compat.md §3 "RegistryModelOverview"). */
export const registryModelOverview = z.object({
  registryModelId: z.string(),
  modelName: z.string(),
  description: z.string(),
  numberOfVersions: z.number().int(),
  isPublic: z.boolean(),
  latestVersion: registryVersionRecord.nullable(),
  userName: z.string(),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
});

/** One registry model with all its versions (compat.md §3 "RegistryModelDetails"). */
export const registryModelDetails = z.object({
  registryModelId: z.string(),
  workspaceId: z.string(),
  modelName: z.string(),
  description: z.string(),
  numberOfVersions: z.number().int(),
  isPublic: z.boolean(),
  notes: z.string(),
  userName: z.string(),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
  versions: z.array(registryVersionRecord),
});

const modelName = nonEmpty(1000);
const stage = labelName(100);
const stages = z.array(stage).max(100);
const semverText = z.string().trim().max(200).describe('A semantic version; 1.0.0 when omitted.');
const okReply = msgReply('200 Ok');
const registryIds = z.object({ registryModelId: z.string(), registryModelItemId: z.string() });
const workspaceAndModel = z.object({ workspaceName: nonEmpty(100), modelName });
const itemAndStage = z.object({ modelItemId: nonEmpty(200), stage });

/** E17–E26 and the registry reads. */
export const registryEndpoints = {
  createRegistryModel: defineEndpoint({
    id: 'E17',
    summary: 'Create a registry model and its first version from an experiment model.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model',
    body: z.object({
      experimentModelId: nonEmpty(200),
      registryModelName: modelName,
      description: z.string().max(100_000).optional(),
      isPublic: z.boolean().optional(),
      version: semverText.optional(),
      comment: z.string().max(100_000).optional(),
      stages: stages.optional(),
    }),
    accepted: promotionPendingReply,
    reply: registryIds,
  }),
  createRegistryModelVersion: defineEndpoint({
    id: 'E18',
    summary: 'Promote an experiment model to a new version of an existing registry model.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/item',
    body: z.object({
      experimentModelId: nonEmpty(200),
      registryModelName: modelName,
      version: semverText.optional(),
      comment: z.string().max(100_000).optional(),
      stages: stages.optional(),
    }),
    accepted: promotionPendingReply,
    reply: registryIds,
  }),
  updateRegistryModelVersion: defineEndpoint({
    id: 'E19',
    summary: "Update a version's comment and/or stages (stages replace the old list).",
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/item/update',
    body: z.object({
      registryModelItemId: nonEmpty(200),
      comment: z.string().max(100_000).optional(),
      stages: stages.optional(),
    }),
    accepted: promotionPendingReply,
    reply: okReply,
  }),
  deleteRegistryModelVersion: defineEndpoint({
    id: 'E20',
    summary: 'Delete a registry model version.',
    group: 'registry',
    method: 'GET',
    needs: 'write',
    path: 'write/registry-model/item/delete',
    query: z.object({ modelItemId: nonEmpty(200) }),
    reply: okReply,
  }),
  updateRegistryModel: defineEndpoint({
    id: 'E21',
    summary: "Update a registry model's name, description and/or visibility.",
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/update',
    body: z.object({
      registryModelId: nonEmpty(200),
      registryModelName: modelName.optional(),
      description: z.string().max(100_000).optional(),
      isPublic: z.boolean().optional(),
    }),
    reply: okReply,
  }),
  updateRegistryModelNotes: defineEndpoint({
    id: 'E22',
    summary: "Replace a registry model's notes (may be very long).",
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'write/registry-model/notes',
    body: z.object({ workspaceName: nonEmpty(100), registryModelName: modelName, notes: z.string().max(16 * 1024 * 1024) }),
    reply: okReply,
  }),
  deleteRegistryModel: defineEndpoint({
    id: 'E23',
    summary: 'Delete a registry model with all its versions.',
    group: 'registry',
    method: 'GET',
    needs: 'write',
    path: 'write/registry-model/delete',
    query: workspaceAndModel,
    reply: okReply,
  }),
  countRegistryModels: defineEndpoint({
    id: 'E24',
    summary: 'How many registry models a workspace has.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'write/registry-model/count',
    aliases: ['/api/rest/v2/registry-model/count'],
    query: z.object({ workspaceName: nonEmpty(100) }),
    reply: z.object({ registryModelCount: z.number().int() }),
  }),
  addRegistryModelVersionStage: defineEndpoint({
    id: 'E25',
    summary: "Add one stage to a version's stages.",
    group: 'registry',
    method: 'GET',
    needs: 'write',
    path: 'write/registry-model/item/stage',
    query: itemAndStage,
    accepted: promotionPendingReply,
    reply: okReply,
  }),
  removeRegistryModelVersionStage: defineEndpoint({
    id: 'E26',
    summary: "Remove one stage from a version's stages.",
    group: 'registry',
    method: 'GET',
    needs: 'write',
    path: 'write/registry-model/item/stage/delete',
    query: itemAndStage,
    reply: okReply,
  }),
  listRegistryModels: defineEndpoint({
    id: 'read.registryModels',
    summary: "A workspace's registry models.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model',
    query: z.object({ workspaceName: nonEmpty(100) }),
    reply: z.object({ registryModels: z.array(registryModelOverview) }),
  }),
  registryModelDetails: defineEndpoint({
    id: 'read.registryModelDetails',
    summary: 'One registry model with its versions and stages.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/details',
    query: workspaceAndModel,
    reply: registryModelDetails,
  }),
  latestRegistryModelVersion: defineEndpoint({
    id: 'read.registryModelLatestVersion',
    summary: 'The highest version of a registry model (by semantic version), optionally among those carrying `stage`.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/latest_version',
    query: workspaceAndModel.extend({ stage: stage.optional() }),
    reply: registryVersionRecord,
  }),
  registryModelNotes: defineEndpoint({
    id: 'read.registryModelNotes',
    summary: "A registry model's notes.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'registry-model/notes',
    query: workspaceAndModel,
    reply: z.object({ notes: z.string() }),
  }),
};
