import type { z } from 'zod';
import type { batchReply } from '../../../shared/api/clientlib-batches.ts';
import { badRequest } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { appendMetrics, experimentIdFor, throttledWrite, loggedPoint } from '../logged-data/index.ts';
import type { ClientlibServices } from './services.ts';
import { checkMetric, checkParameter, type Checked } from './batch-items.ts';

type BatchReply = z.output<typeof batchReply>;
/** Refusals named in a 400's message when every item was refused. */
const REASONS_IN_MESSAGE = 3;

/** Splits a batch into the items to store and the refusals (by index). */
function sortItems<T>(values: readonly unknown[], check: (item: unknown) => Checked<T>): { accepted: T[]; refused: BatchReply['refused'] } {
  const accepted: T[] = [];
  const refused: BatchReply['refused'] = [];
  for (let index = 0; index < values.length; index += 1) {
    const checked = check(values[index]);
    if (checked.ok) accepted.push(checked.value);
    else refused.push({ index, reason: checked.reason });
  }
  return { accepted, refused };
}

/** The reply: 200 when anything (or nothing at all) was sent to store; 400 naming the reasons when every item was refused. */
function replyFor(stored: number, refused: BatchReply['refused']): BatchReply {
  if (stored === 0 && refused.length > 0) {
    const reasons = refused.slice(0, REASONS_IN_MESSAGE).map((item) => `item ${item.index}: ${item.reason}`);
    throw badRequest(`Every item of the batch was refused (${reasons.join('; ')}${refused.length > REASONS_IN_MESSAGE ? '; …' : ''}).`);
  }
  return { msg: refused.length === 0 ? 'Saved' : `Saved ${stored}, refused ${refused.length}`, stored, refused };
}

/**
 * Handlers of the metric and parameter batches (clients.md B.5). Each good item is stored exactly as E29/E28 store
 * one, all of a batch in one transaction under the throttle (all or nothing: a 429 stores none of them). A batch
 * larger than the per-minute limit (the SDK's final flush has no cap) gets a minute of its own rather than a 400,
 * which the SDK would drop.
 */
export function createClientlibBatchHandlers(services: ClientlibServices): HandlerTable {
  const { loggedData } = services;
  return {
    clientlibMetricBatch: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      const { accepted, refused } = sortItems(body.values, (item) => checkMetric(item, now));
      if (accepted.length > 0) await appendMetrics(services, id, 'metrics', accepted.length, accepted, 'whenIdle');
      return replyFor(accepted.length, refused);
    },
    clientlibParameterBatch: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      const { accepted, refused } = sortItems(body.values, (item) => checkParameter(item, now));
      if (accepted.length > 0) {
        const store = async () => {
          for (const item of accepted) await loggedData.values.logValue(id, 'parameter', item.name, loggedPoint(item.value, item.timestamp, item.step, item.context));
        };
        await throttledWrite(services, id, 'parameters', accepted.length, store, 'whenIdle');
      }
      return replyFor(accepted.length, refused);
    },
  };
}
