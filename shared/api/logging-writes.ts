import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, loggedValue, msgReply, step, timestampMillis } from './fields.ts';
import {
  cloudDetailsRecord,
  documentText,
  gitMetadataInput,
  itemName,
  optionalContext,
  optionalStep,
  optionalTimestamp,
  systemDetailsFields,
} from './logging-records.ts';

const saved = msgReply('Saved');
const group = 'logging';

/** One output line of E34. `stderr` follows the clients: true means standard error. */
export const outputLine = z.object({
  output: z.string().max(1_000_000),
  stderr: z.boolean().nullish().describe('True when the line was written to standard error (the clients\' meaning); default false.'),
  localTimestamp: timestampMillis.nullish().describe('When the client saw the line; default: when the service received it.'),
  offset: step.nullish().describe('Orders the lines of an experiment; default: after every line received so far.'),
});

const cloudDetailsBody = z.object({
  experimentKey,
  provider: z.string().trim().min(1, 'must not be empty').max(1000),
  metadata: cloudDetailsRecord.shape.metadata.nullish(),
});

/** E27–E30 and E32–E39, E55: logging values and documents to an experiment. */
export const loggingWriteEndpoints = {
  logOther: defineEndpoint({
    id: 'E27',
    summary: 'Log an "other" key/value (summary only). Key `name` or `Name` (the Python SDK\'s set_name) also sets the experiment name.',
    group,
    method: 'POST',
    path: 'write/experiment/log-other',
    body: z.object({ experimentKey, key: itemName, value: loggedValue, timestamp: optionalTimestamp }),
    reply: saved,
  }),
  logParameter: defineEndpoint({
    id: 'E28',
    summary: 'Log a parameter (summary only).',
    group,
    method: 'POST',
    path: 'write/experiment/parameter',
    body: z.object({ experimentKey, parameterName: itemName, parameterValue: loggedValue, step: optionalStep, timestamp: optionalTimestamp }),
    reply: saved,
  }),
  logMetric: defineEndpoint({
    id: 'E29',
    summary: 'Log one metric value: appended to its series, summary updated. 429 + Retry-After over the per-minute or per-metric limit.',
    group,
    method: 'POST',
    path: 'write/experiment/metric',
    body: z.object({
      experimentKey,
      metricName: itemName,
      metricValue: loggedValue,
      context: optionalContext,
      step: optionalStep,
      epoch: optionalStep,
      timestamp: optionalTimestamp,
    }),
    reply: saved,
  }),
  logHtml: defineEndpoint({
    id: 'E30',
    summary: "Set (override=true) or append to (default) the experiment's HTML.",
    group,
    method: 'POST',
    path: 'write/experiment/html',
    body: z.object({ experimentKey, html: documentText(), override: z.boolean().nullish(), timestamp: optionalTimestamp }),
    reply: saved,
  }),
  setSystemDetails: defineEndpoint({
    id: 'E32',
    summary: 'Set some or all system details; fields left out (or null) keep their stored value.',
    group,
    method: 'POST',
    path: 'write/experiment/system-details',
    aliases: ['/clientlib/rest/v2/write/experiment/system-details'],
    body: z.object({ experimentKey, ...systemDetailsFields }),
    reply: saved,
  }),
  setGitMetadata: defineEndpoint({
    id: 'E33',
    summary: 'Set the git metadata; a field left out or null is stored as null (the client cannot tell).',
    group,
    method: 'POST',
    path: 'write/experiment/git/metadata',
    body: gitMetadataInput.extend({ experimentKey }),
    reply: saved,
  }),
  logOutput: defineEndpoint({
    id: 'E34',
    summary: 'Append output lines; reads order them by offset (then arrival). The context comes as `context` (cometr) or `runContext` (Python).',
    group,
    method: 'POST',
    path: 'write/experiment/output',
    aliases: ['/clientlib/rest/v2/write/experiment/output'],
    body: z.object({ experimentKey, context: optionalContext, runContext: optionalContext, outputLines: z.array(outputLine).max(100_000) }),
    reply: saved,
  }),
  setGraph: defineEndpoint({
    id: 'E35',
    summary: 'Set the model graph (a string).',
    group,
    method: 'POST',
    path: 'write/experiment/graph',
    body: z.object({ experimentKey, graph: documentText() }),
    reply: saved,
  }),
  setCode: defineEndpoint({
    id: 'E36',
    summary: 'Set the source code.',
    group,
    method: 'POST',
    path: 'write/experiment/code',
    body: z.object({ experimentKey, code: documentText() }),
    reply: saved,
  }),
  addTags: defineEndpoint({
    id: 'E37',
    summary: 'Add tags (deduplicated; existing tags stay).',
    group,
    method: 'POST',
    path: 'write/experiment/tags',
    body: z.object({ experimentKey, addedTags: z.array(itemName).max(10_000).nullish() }),
    reply: saved,
  }),
  setCloudDetails: defineEndpoint({
    id: 'E38',
    summary: 'Set the cloud details (provider and a metadata map), replacing earlier ones.',
    group,
    method: 'POST',
    path: 'write/experiment/cloud-details',
    body: cloudDetailsBody,
    reply: saved,
  }),
  setCloudDetail: defineEndpoint({
    id: 'E55',
    summary: 'Set cloud detail: the specification lists E38 twice; this is the same operation at the singular path.',
    group,
    method: 'POST',
    path: 'write/experiment/cloud-detail',
    body: cloudDetailsBody,
    reply: saved,
  }),
  setFilePath: defineEndpoint({
    id: 'E39',
    summary: 'Set the file path of the script; metadata shows it as filePath and its base name as fileName.',
    group,
    method: 'POST',
    path: 'write/experiment/file-path',
    body: z.object({ experimentKey, filePath: z.string().trim().min(1, 'must not be empty').max(4096) }),
    reply: saved,
  }),
};
