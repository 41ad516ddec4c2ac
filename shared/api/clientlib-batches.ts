import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, loggedValue } from './fields.ts';
import { itemName, optionalContext, optionalStep, optionalTimestamp } from './logging-records.ts';

const group = 'clientlib';
const apiKey = z.string().max(1000).nullish().describe('The API key, when no Authorization header is sent.');
/** Most items one batch may carry (the SDK sends 1,000; a final flush may send more). */
const MAX_BATCH_ITEMS = 1_000_000;

/**
 * A value as a batch item carries it: what E27–E29 accept, plus JSON arrays and objects (stored as their JSON
 * text, as the SDK sends lists of parameters). `"NaN"`, `"Infinity"`, `"-Infinity"` are strings like any other.
 */
const batchValue = z.union([loggedValue, z.array(z.json()), z.record(z.string(), z.json())]);

/** One metric of a batch: exactly E29's fields (null step/epoch/context/timestamp mean absent). */
export const metricItem = z.object({
  metricName: itemName,
  metricValue: batchValue,
  step: optionalStep,
  epoch: optionalStep,
  context: optionalContext,
  timestamp: optionalTimestamp,
});

/** One parameter of a batch: E28's fields plus context and source. */
export const parameterItem = z.object({
  parameterName: itemName,
  parameterValue: batchValue,
  step: optionalStep,
  context: optionalContext,
  source: z.string().max(100).nullish().describe('`manual`, `auto-logged` or `cli`; not stored.'),
  timestamp: optionalTimestamp,
});

/** A batch reply: how many items were stored and which were refused (by index) and why. */
export const batchReply = z.object({
  msg: z.string(),
  stored: z.number().int(),
  refused: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

const batchBody = z.object({
  apiKey,
  experimentKey,
  values: z.array(z.unknown()).max(MAX_BATCH_ITEMS).describe('Items checked one by one: a bad item is refused, the others stored.'),
});

/** Metric and parameter batches (clients.md B.5): gzip JSON bodies, one transaction per batch. */
export const clientlibBatchEndpoints = {
  clientlibMetricBatch: defineEndpoint({
    id: 'clientlib.metricBatch',
    summary:
      'Log metric values (each as E29 stores it) in one transaction. Bad items are refused by index, the rest stored; ' +
      'throttled → 429 with Retry-After-Custom and nothing stored.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/batch/logger/experiment/metric',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: batchBody,
    reply: batchReply,
  }),
  clientlibParameterBatch: defineEndpoint({
    id: 'clientlib.parameterBatch',
    summary: 'Log parameters (each as E28 stores it, with its context) in one transaction; bad items refused by index.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/batch/logger/experiment/parameter',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: batchBody,
    reply: batchReply,
  }),
};
