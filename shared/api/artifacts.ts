import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, labelName, nonEmpty } from './fields.ts';

/** Artifact version states: versions start OPEN; E51 moves them to CLOSED or ERROR (compat.md §4). */
export const artifactStates = ['OPEN', 'CLOSED', 'ERROR'] as const;

/** One version of an artifact as the reads return it. */
export const artifactVersionRecord = z.object({
  artifactVersionId: z.string(),
  version: z.string(),
  state: z.enum(artifactStates),
  experimentKey: z.string(),
  metadata: z.string().nullable().describe('The versionMetadata JSON string given on upsert.'),
  alias: z.array(z.string()),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  owner: z.string(),
  sizeInBytes: z.number().int().describe("Extension: the total size of the version's uploaded files."),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
});

/** An artifact as the list read returns it (write-api.md Resources, without its versions). */
export const artifactOverview = z.object({
  artifactId: z.string(),
  artifactName: z.string(),
  artifactType: z.string(),
  workspaceName: z.string(),
  isPublic: z.boolean(),
  latestVersion: z.string().nullable().describe('The newest CLOSED version (null while none is).'),
  numberOfVersions: z.number().int(),
  tags: z.array(z.string()).describe("Extension: the artifact's own tags."),
  aliases: z.array(z.string()).describe('Extension: the aliases its versions carry.'),
  sizeInBytes: z.number().int().describe("Extension: the total size of its versions' uploaded files."),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
});

/** A remote procedure call as the experiment's process and the desktop read it. */
export const rpcCallRecord = z.object({
  callId: z.string(),
  experimentKey: z.string(),
  functionName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'succeeded', 'failed']),
  result: z.unknown().describe('What the function returned (JSON), or null while pending or on failure.'),
  error: z.string().nullable(),
  createdAt: z.number().int(),
  completedAt: z.number().int().nullable(),
});

/** A panel (template) stored by E53. */
export const panelRecord = z.object({
  templateId: z.string(),
  teamName: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
});

const binaryPart = z.string().meta({ format: 'binary' });
const jsonValue = z.unknown();

/** E50–E54 (artifacts, stores, panels, remote calls), their reads and the store/panel/rpc extensions. */
export const artifactEndpoints = {
  upsertArtifact: defineEndpoint({
    id: 'E50',
    summary: 'Create an artifact or add a version to it; the new version starts OPEN.',
    group: 'artifacts',
    method: 'POST',
    needs: 'write',
    path: 'write/artifacts/upsert',
    body: z.object({
      artifactName: nonEmpty(1000),
      experimentKey,
      version: z
        .string()
        .trim()
        .max(200)
        .nullish()
        .describe('A semantic version not yet used by the artifact (90399 when it is); absent or null: 1.0.0 first, then the next major version.'),
      artifactType: nonEmpty(200),
      isPublic: z.boolean().nullish(),
      versionMetadata: z.string().max(1_000_000).nullish().describe('A JSON string.'),
      alias: z.array(labelName(200)).max(100).nullish().describe("Aliases are unique per artifact: one given here leaves the artifact's other versions."),
      versionTags: z.array(nonEmpty(200)).max(1000).nullish(),
    }),
    reply: z.object({
      artifactId: z.string(),
      artifactVersionId: z.string(),
      currentVersion: z.string(),
      previousVersion: z.string().nullable(),
    }),
  }),
  setArtifactState: defineEndpoint({
    id: 'E51',
    summary: 'Close an artifact version (CLOSED) or mark it failed (ERROR); closed versions are immutable.',
    group: 'artifacts',
    method: 'POST',
    needs: 'write',
    path: 'write/artifacts/state',
    body: z.object({
      experimentKey,
      artifactVersionId: nonEmpty(200),
      isPublic: z.boolean().optional(),
      state: nonEmpty(20).describe('CLOSED or ERROR.'),
    }),
    reply: msgReply('Updated'),
  }),
  saveStore: defineEndpoint({
    id: 'E52',
    summary: "Replace a visualization instance's whole key/value store.",
    group: 'stores',
    method: 'POST',
    needs: 'write',
    path: 'write/viz-instance/store/save',
    body: z.object({ instanceId: nonEmpty(200), projectId: nonEmpty(200), store: z.string().max(16 * 1024 * 1024) }),
    reply: msgReply('Stored'),
  }),
  uploadPanel: defineEndpoint({
    id: 'E53',
    summary: 'Upload a panel zip (multipart part `file`) to a workspace; `templateId` replaces an existing panel.',
    group: 'panels',
    method: 'POST',
    needs: 'write',
    path: 'write/template/upload',
    query: z.object({ teamName: nonEmpty(100), templateId: z.string().max(200).optional() }),
    bodyKind: 'multipart',
    body: z.object({ file: binaryPart }),
    reply: msgReply('Saved').extend({ templateId: z.string() }),
  }),
  sendRpc: defineEndpoint({
    id: 'E54',
    summary: "Record a remote procedure call for the experiment's process to run.",
    group: 'rpc',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/rpc/send',
    body: z.object({
      experimentKey,
      functionName: nonEmpty(200),
      arguments: z.record(z.string(), jsonValue).default({}).describe('Named arguments (JSON values).'),
    }),
    reply: msgReply('Saved').extend({ callId: z.string() }),
  }),
  listArtifacts: defineEndpoint({
    id: 'read.artifacts',
    summary: "A workspace's artifacts (query `workspace`, not `workspaceName`).",
    group: 'artifacts',
    method: 'GET',
    needs: 'read',
    path: 'artifacts/get-all',
    query: z.object({ workspace: nonEmpty(100) }),
    reply: z.object({ artifacts: z.array(artifactOverview) }),
  }),
  getArtifact: defineEndpoint({
    id: 'read.artifact',
    summary: 'One artifact with its versions, by `artifact_id` or by `workspace` and `artifactName`.',
    group: 'artifacts',
    method: 'GET',
    needs: 'read',
    path: 'artifacts/get',
    query: z.object({
      artifact_id: z.string().max(200).optional(),
      workspace: z.string().max(100).optional(),
      artifactName: z.string().max(1000).optional(),
    }),
    reply: artifactOverview.extend({ versions: z.array(artifactVersionRecord) }),
  }),
  getStore: defineEndpoint({
    id: 'ext.vizStore',
    summary: "Extension: a visualization instance's store as E52 saved it.",
    group: 'stores',
    method: 'GET',
    needs: 'read',
    path: 'viz-instance/store',
    query: z.object({ instanceId: nonEmpty(200) }),
    reply: z.object({ instanceId: z.string(), projectId: z.string(), store: z.string(), lastUpdated: z.number().int() }),
  }),
  listPanels: defineEndpoint({
    id: 'ext.panels',
    summary: "Extension: a workspace's panels uploaded by E53.",
    group: 'panels',
    method: 'GET',
    needs: 'read',
    path: 'template/list',
    query: z.object({ teamName: nonEmpty(100) }),
    reply: z.object({ panels: z.array(panelRecord) }),
  }),
  downloadPanel: defineEndpoint({
    id: 'ext.panelDownload',
    summary: "Extension: a panel's zip.",
    group: 'panels',
    method: 'GET',
    needs: 'read',
    path: 'template/download',
    query: z.object({ templateId: nonEmpty(200) }),
    replyKind: 'binary',
  }),
  listRpcCalls: defineEndpoint({
    id: 'ext.rpcCalls',
    summary: "Extension: an experiment's remote calls; the experiment's process polls with status=pending.",
    group: 'rpc',
    method: 'GET',
    needs: 'read',
    path: 'experiment/rpc/calls',
    query: z.object({ experimentKey, status: z.enum(['pending', 'all']).default('all') }),
    reply: z.object({ calls: z.array(rpcCallRecord) }),
  }),
  saveRpcResult: defineEndpoint({
    id: 'ext.rpcResult',
    summary: "Extension: the experiment's process reports a call's outcome (once; a second report is 400).",
    group: 'rpc',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/rpc/result',
    body: z.object({
      experimentKey,
      callId: nonEmpty(200),
      success: z.boolean(),
      result: jsonValue.optional(),
      error: z.string().max(100_000).optional(),
    }),
    reply: msgReply('Saved'),
  }),
};
