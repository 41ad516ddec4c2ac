import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RunEventType, runEventPayload } from '../../../shared/api/webhooks.ts';
import type { DeliveryStore } from './delivery-store.ts';
import type { WebhookConfigStore, WebhookUrlEntry } from './webhook-store.ts';

/** The body of a run event (shape in shared/api/webhooks.ts, documented in server/README.md). */
export type RunEventPayload = z.infer<typeof runEventPayload>;

/** One event about a run: what the payload names, without the delivery's own fields. */
export type RunEvent = Omit<RunEventPayload, 'eventType' | 'deliveryId' | 'timestamp' | 'test'> & { workspaceId: number };

/** Queues run events for the workspace-wide URLs that name their type. Call inside the transaction that records the event. */
export interface RunEventOutbox {
  /** Queues one event; returns how many notifications were queued. */
  emit(eventType: RunEventType, event: RunEvent): Promise<number>;
}

/** The `{"text": …}` of a Slack-compatible URL: what happened, and the run's link in Slack's `<url|label>` form. */
export function slackText(payload: RunEventPayload): string {
  const run = payload.experiment.experimentName ?? payload.experiment.experimentKey;
  return `${payload.message} <${payload.experiment.link}|${payload.workspaceName}/${payload.projectName}/${run}>`;
}

/** The body one URL receives for a payload. */
const bodyFor = (entry: WebhookUrlEntry, payload: RunEventPayload): string =>
  JSON.stringify(entry.bodyFormat === 'slack' ? { text: slackText(payload) } : payload);

/** Creates the run-event outbox over the configuration and the delivery store; `wake` runs once the transaction committed. */
export function createRunEventOutbox(deps: { config: WebhookConfigStore; deliveries: DeliveryStore; now: () => number; wake: () => void }): RunEventOutbox {
  return {
    async emit(eventType, event) {
      const now = deps.now();
      const entries = (await deps.config.list(event.workspaceId, '')).filter((entry) => entry.triggers.includes(eventType));
      const { workspaceId, ...named } = event;
      for (const entry of entries) {
        const deliveryId = randomUUID();
        const payload: RunEventPayload = { eventType, deliveryId, timestamp: now, ...named, test: false };
        await deps.deliveries.enqueue(
          { uuid: deliveryId, workspaceId, modelName: '', url: entry.url, headers: entry.headers, secret: entry.secret, eventType, payload: bodyFor(entry, payload) },
          now,
        );
      }
      if (entries.length > 0) setImmediate(deps.wake);
      return entries.length;
    },
  };
}
