import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { webhookPayload } from '../../../shared/api/webhooks.ts';
import type { DeliveryStore } from '../storage/webhooks-deliveries.ts';
import type { WebhookConfigStore, WebhookUrlEntry } from '../storage/webhooks.ts';

/** The notification body (shape in shared/api/webhooks.ts, documented in server/README.md). */
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** The event type of a stage change. */
export const STAGE_CHANGED = 'MODEL_VERSION_STAGE_CHANGED';

/** A registry version's stages before and after one operation. */
export interface StageChange {
  workspaceId: number;
  workspaceName: string;
  registryModelName: string;
  registryModelId: string;
  registryModelItemId: string;
  version: string;
  previousStages: string[];
  stages: string[];
  userName: string;
}

/** Turns stage changes into outbox rows, one per matching URL. */
export interface WebhookOutbox {
  /**
   * Call inside the transaction that changes the stages: the rows commit or roll back with it.
   * Returns how many notifications were queued (none when the stages did not change).
   */
  stageChanged(change: StageChange): number;
}

/** True when an entry wants events of this type (no triggers = every event). */
export const wantsEvent = (entry: WebhookUrlEntry, eventType: string): boolean => entry.triggers.length === 0 || entry.triggers.includes(eventType);

/** Builds a payload; `test` marks the send-test extension's sample. */
export function stagePayload(change: StageChange, deliveryId: string, timestamp: number, test = false): WebhookPayload {
  return {
    eventType: STAGE_CHANGED,
    deliveryId,
    timestamp,
    workspaceName: change.workspaceName,
    registryModelName: change.registryModelName,
    registryModelId: change.registryModelId,
    registryModelItemId: change.registryModelItemId,
    version: change.version,
    stages: change.stages,
    previousStages: change.previousStages,
    added: change.stages.filter((stage) => !change.previousStages.includes(stage)),
    removed: change.previousStages.filter((stage) => !change.stages.includes(stage)),
    userName: change.userName,
    test,
  };
}

/** Creates the outbox; `wake` is called once the surrounding transaction has committed. */
export function createWebhookOutbox(deps: {
  config: WebhookConfigStore;
  deliveries: DeliveryStore;
  now: () => number;
  wake: () => void;
}): WebhookOutbox {
  return {
    stageChanged(change) {
      const unchanged = change.stages.length === change.previousStages.length && change.stages.every((stage) => change.previousStages.includes(stage));
      if (unchanged) return 0;
      const now = deps.now();
      const entries = deps.config.matching(change.workspaceId, change.registryModelName).filter((entry) => wantsEvent(entry, STAGE_CHANGED));
      let queued = 0;
      for (const entry of entries) {
        const deliveryId = randomUUID();
        const payload = stagePayload(change, deliveryId, now);
        deps.deliveries.enqueue(
          {
            uuid: deliveryId,
            workspaceId: change.workspaceId,
            modelName: change.registryModelName,
            url: entry.url,
            headers: entry.headers,
            secret: entry.secret,
            eventType: STAGE_CHANGED,
            payload: JSON.stringify(payload),
          },
          now,
        );
        queued += 1;
      }
      if (queued > 0) setImmediate(deps.wake);
      return queued;
    },
  };
}
