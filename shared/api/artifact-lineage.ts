import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';

/** A run named in an artifact version's lineage. */
export const lineageRun = z.object({
  experimentKey: z.string(),
  experimentName: z.string().nullable(),
  projectName: z.string(),
});

/** The reads the app's Artifacts screen adds to the clients' ones: a version's lineage and its files as one zip. */
export const artifactLineageEndpoints = {
  getArtifactVersionLineage: defineEndpoint({
    id: 'ext.artifactVersionLineage',
    summary: "Extension: the run that produced an artifact version and the runs that consumed it (each once, in the order they first fetched it).",
    group: 'artifacts',
    method: 'GET',
    needs: 'read',
    path: 'artifacts/version/lineage',
    query: z.object({ artifactVersionId: nonEmpty(200) }),
    reply: z.object({
      producer: lineageRun.nullable().describe('Null when the producing run was deleted.'),
      consumers: z.array(lineageRun.extend({ consumedAt: z.number().int() })),
    }),
  }),
  downloadArtifactVersion: defineEndpoint({
    id: 'ext.artifactVersionDownload',
    summary: "Extension: a zip of an artifact version's uploaded files (whatever its state), streamed; remote files are left out.",
    group: 'artifacts',
    method: 'GET',
    needs: 'read',
    path: 'artifacts/version/download',
    query: z.object({ artifactVersionId: nonEmpty(200) }),
    replyKind: 'binary',
  }),
};
