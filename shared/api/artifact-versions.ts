import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, labelName, nonEmpty } from './fields.ts';

const group = 'artifacts';
const label = nonEmpty(200);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A file of an artifact version (an asset uploaded or registered with its artifactVersionId). */
export const artifactFileRecord = z.object({
  assetId: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  link: z.string().describe('The download address (get-asset with the source experiment\'s key), or the remote address.'),
  type: z.string(),
  metadata: z.string().nullable(),
  remote: z.boolean(),
  experimentKey: z.string().describe('The experiment the file was logged to.'),
});

/** One artifact version as the Python SDK's get_artifact reads it. */
export const artifactVersionDetails = z.object({
  artifactVersionId: z.string(),
  artifactVersion: z.string(),
  state: z.string(),
  alias: z.array(z.string()),
  tags: z.array(z.string()).describe("The version's tags."),
  metadata: z.string().nullable(),
  sizeInBytes: z.number().int().describe("Total size of the version's files."),
  experimentKey: z.string().describe('The experiment that logged the version.'),
  createdAt: z.number().int(),
  lastUpdated: z.number().int(),
  artifact: z.object({
    artifactId: z.string(),
    artifactName: z.string(),
    artifactType: z.string(),
    tags: z.array(z.string()).describe("The artifact's own tags."),
    workspaceName: z.string(),
  }),
});

/** The reads and writes of artifact versions the clients use (clients.md A.5). */
export const artifactVersionEndpoints = {
  getArtifactVersion: defineEndpoint({
    id: 'sdk.artifactVersion',
    summary:
      'One artifact version: by versionId, or by artifact (artifactId, or artifactName in `workspace`, else in the experiment\'s workspace) and ' +
      '`version`, `alias` or `versionOrAlias` (none, or `latest`: the newest CLOSED version). The producer\'s read (versionId, no ' +
      'consumerExperimentKey) answers whatever the state; any other read of a version not CLOSED answers 400 (90403 OPEN, 90402 ERROR). ' +
      'consumerExperimentKey records that experiment as a consumer (input lineage, once per experiment; only for a caller who may write to it).',
    group,
    method: 'GET',
    needs: 'read',
    path: 'artifacts/version',
    query: z.object({
      workspace: optionalText(100),
      artifactName: optionalText(1000),
      artifactId: optionalText(200),
      version: optionalText(200),
      alias: optionalText(200),
      versionId: optionalText(200),
      versionOrAlias: optionalText(200),
      experimentKey: experimentKey.optional(),
      consumerExperimentKey: experimentKey.optional(),
    }),
    reply: artifactVersionDetails,
  }),
  listArtifactVersionFiles: defineEndpoint({
    id: 'sdk.artifactVersionFiles',
    summary: 'The files of an artifact version, by artifact (`artifact_id`, or `workspace` and `artifactName`) and `version` or `alias` (none, or `latest`: the newest CLOSED version).',
    group,
    method: 'GET',
    needs: 'read',
    path: 'artifacts/version/files',
    query: z.object({
      artifact_id: optionalText(200),
      workspace: optionalText(100),
      artifactName: optionalText(1000),
      version: optionalText(200),
      alias: optionalText(200),
    }),
    reply: z.object({ files: z.array(artifactFileRecord) }),
  }),
  updateArtifactDetails: defineEndpoint({
    id: 'sdk.artifactDetails',
    summary:
      "Update an artifact: its type and tags (absent or null: unchanged), and with `version` that version's metadata (versionMetadata null: unchanged).",
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/artifacts/details',
    body: z.object({
      artifactId: nonEmpty(200),
      artifactType: z.string().trim().min(1, 'must not be empty').max(200).nullish(),
      versionMetadata: z.string().max(1_000_000).nullish().describe('A JSON string.'),
      version: z.string().trim().max(200).nullish(),
      tags: z.array(label).max(1000).nullish(),
    }),
    reply: msgReply('Updated'),
  }),
  updateArtifactVersionLabels: defineEndpoint({
    id: 'sdk.artifactVersionLabels',
    summary:
      "Replace a version's aliases, tags and/or metadata (null or absent: unchanged), whatever its state; an alias given here leaves the artifact's other versions.",
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/artifacts/version/labels',
    body: z.object({
      artifactVersionId: nonEmpty(200),
      alias: z.array(labelName(200)).max(100).nullish(),
      versionMetadata: z.string().max(1_000_000).nullish().describe('A JSON string.'),
      versionTags: z.array(label).max(1000).nullish(),
    }),
    reply: msgReply('Updated'),
  }),
};
