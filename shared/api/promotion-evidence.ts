import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';
import { promotionStates } from './registry-governance.ts';

/** The most metrics, parameters, files and tags one version of a snapshot keeps; the rest are counted in `omitted`. */
export const EVIDENCE_LIMITS = { metrics: 500, parameters: 500, files: 200, tags: 200, valueChars: 1000, metadataChars: 64 * 1024, checksumBytes: 16 * 1024 * 1024 } as const;

/** A metric's or parameter's summary as the cockpit shows it: latest, least and greatest value, with their steps. */
export const evidenceValue = z.object({
  name: z.string(),
  valueCurrent: z.string(),
  valueMin: z.string(),
  valueMax: z.string(),
  stepCurrent: z.number().int().nullable(),
  stepMin: z.number().int().nullable(),
  stepMax: z.number().int().nullable(),
});

/** One model file of a version: its name, size and SHA-256 (null for a remote file, past the checksum budget, or unreadable). */
export const evidenceFile = z.object({ fileName: z.string(), fileSize: z.number().int(), sha256: z.string().nullable() });

/** One version as it stood when the snapshot was taken. */
export const evidenceVersion = z.object({
  registryModelItemId: z.string(),
  version: z.string(),
  status: z.string(),
  stages: z.array(z.string()),
  experimentKey: z.string(),
  experimentModelName: z.string(),
  metrics: z.array(evidenceValue).describe(`The source experiment's metrics, user metrics before sys.* ones, each by name; at most ${EVIDENCE_LIMITS.metrics}.`),
  parameters: z.array(evidenceValue).describe(`At most ${EVIDENCE_LIMITS.parameters}, by name; values longer than ${EVIDENCE_LIMITS.valueChars} characters end with "…".`),
  files: z.array(evidenceFile),
  tags: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()).describe(`The version's metadata document ({} with omitted.metadata when its JSON passes ${EVIDENCE_LIMITS.metadataChars} characters).`),
  omitted: z
    .object({ metrics: z.number().int(), parameters: z.number().int(), files: z.number().int(), tags: z.number().int(), checksums: z.number().int(), metadata: z.boolean() })
    .describe('What the snapshot left out to stay bounded: how many of each (checksums: stored files recorded without one), and whether the metadata document was dropped.'),
  experimentGone: z.boolean().describe('True when the source experiment was purged: no metrics, parameters, tags or files could be read.'),
});

/** What a request's change looked like at one moment: the candidate and the version holding the stage or status then. */
export const evidenceSnapshot = z.object({
  moment: z.enum(['filed', 'decided']),
  state: z.enum(promotionStates).describe('The state the request was in once this moment was recorded.'),
  capturedAt: z.number().int(),
  capturedBy: z.string(),
  candidate: evidenceVersion,
  holder: evidenceVersion.nullable().describe('The other version holding the stage or status then (the newest if several); null when none did.'),
});

/** The reply of the evidence read: the snapshots of one request, oldest first. */
export const promotionEvidenceReply = z.object({ requestId: z.string(), records: z.array(evidenceSnapshot) });

/** The evidence read (issue 33): what the approver saw, recorded with the request when it was filed and when it was decided. */
export const promotionEvidenceEndpoints = {
  promotionEvidence: defineEndpoint({
    id: 'ext.registryRequestEvidence',
    summary:
      "Extension: a promotion request's evidence, recorded by the service in the transactions that filed and decided it: the " +
      'candidate and the version holding the stage or status then, with metrics, parameters, files and metadata.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'ext/registry-model/requests/{requestId}/evidence',
    params: z.object({ requestId: nonEmpty(100) }),
    reply: promotionEvidenceReply,
  }),
};
