import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, nonEmpty } from './fields.ts';
import { itemName, metricRecord } from './logging-records.ts';

const group = 'experiments';

/** One artifact version an experiment produced (output) or fetched (input). */
export const lineageRecord = z.object({
  artifactId: z.string(),
  artifactName: z.string(),
  artifactType: z.string(),
  artifactVersionId: z.string(),
  version: z.string(),
  direction: z.enum(['input', 'output']),
});

/** One declared dependency of an experiment (PUT write/experiment/dependencies). */
export const dependencyRecord = z.object({
  name: z.string(),
  version: z.string(),
  timestamp: z.number().int().describe('Epoch milliseconds (the Python SDK sends them ×1000; such values are divided back).'),
});

const parameterRef = z.object({ experimentKey, parameterName: itemName });

/**
 * The experiment reads and writes the hosted service's clients use beyond write-api.md (clients.md A.1, A.2),
 * and the `ext.dependencies` read that shows what PUT dependencies stored.
 */
export const experimentClientEndpoints = {
  getAllMetrics: defineEndpoint({
    id: 'sdk.metricsGetAll',
    summary: 'Every logged value of every metric of an experiment (sys.* included), by metric name then series order.',
    group,
    method: 'GET',
    needs: 'read',
    path: 'experiment/metrics/get-all',
    query: z.object({ experimentKey }),
    reply: z.object({ metrics: z.array(metricRecord) }),
  }),
  getArtifactLineage: defineEndpoint({
    id: 'sdk.artifactLineage',
    summary: 'The artifact versions an experiment produced (output: made by E50 with its key) and fetched (input: artifacts/version with consumerExperimentKey).',
    group,
    method: 'GET',
    needs: 'read',
    path: 'get/artifacts',
    query: z.object({ experimentKey, filter: z.enum(['all', 'output', 'input']).default('all') }),
    reply: z.object({ artifacts: z.array(lineageRecord) }),
  }),
  deleteParameter: defineEndpoint({
    id: 'sdk.deleteParameter',
    summary: 'Delete one parameter (its summary) of an experiment; deleting an absent one is a no-op.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/parameter/delete',
    body: parameterRef,
    reply: msgReply('Deleted'),
  }),
  deleteParameters: defineEndpoint({
    id: 'sdk.deleteParameters',
    summary: 'Delete several parameters, of one or more experiments, in one transaction. The body is a JSON array.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiments/parameters/delete',
    body: z.array(parameterRef).min(1).max(10_000),
    reply: msgReply('Deleted'),
  }),
  deleteTags: defineEndpoint({
    id: 'sdk.deleteTags',
    summary: "Remove tags from an experiment (absent ones are ignored); the reply lists the experiment's remaining tags.",
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/tags/delete',
    body: z.object({ experimentKey, tags: z.array(z.string().max(1000)).max(10_000) }),
    reply: msgReply('Deleted').extend({ tags: z.array(z.string()) }),
  }),
  updateStatus: defineEndpoint({
    id: 'sdk.updateStatus',
    summary:
      'Report an experiment\'s state: isAlive=false ends the run now, isAlive=true makes it running again (not when it carries an error: ' +
      'an error report leaves the run as it is); hasCrashed sets the crash flag and error the last error (absent or null: unchanged).',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/update-status',
    body: z.object({ experimentKey, isAlive: z.boolean(), error: z.string().max(1_000_000).nullish(), hasCrashed: z.boolean().nullish() }),
    reply: msgReply('Saved'),
  }),
  logDependencies: defineEndpoint({
    id: 'sdk.dependencies',
    summary: 'Declare dependencies (name and version; a name declared again takes the new version).',
    group,
    method: 'PUT',
    needs: 'write',
    path: 'write/experiment/dependencies',
    body: z.object({
      experimentKey,
      timestamp: z
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .nullish()
        .describe('Epoch ms; values above 1e14 are taken as µs (the Python SDK multiplies ms by 1000). Default: now.'),
      logDependencies: z.array(z.object({ name: nonEmpty(1000), version: z.string().max(1000) })).max(100_000),
    }),
    reply: msgReply('Saved'),
  }),
  markNotThrottled: defineEndpoint({
    id: 'sdk.markNotThrottled',
    summary: "Clear an experiment's throttle flag, message and reasons (the Python SDK calls it at the end of a run that was answered 429).",
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/{experimentKey}/mark-not-throttled',
    params: z.object({ experimentKey }),
    body: z.object({}).nullish(),
    reply: msgReply('Saved'),
  }),
  getDependencies: defineEndpoint({
    id: 'ext.dependencies',
    summary: 'Extension: the dependencies declared with PUT write/experiment/dependencies, by name.',
    group,
    method: 'GET',
    needs: 'read',
    path: 'experiment/dependencies',
    query: z.object({ experimentKey }),
    reply: z.object({ dependencies: z.array(dependencyRecord) }),
  }),
};
