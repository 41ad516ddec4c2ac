import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { webhookPayload, WebhookTrigger } from '../../../shared/api/webhooks.ts';
import type { DeliveryStore } from './delivery-store.ts';
import type { WebhookConfigStore, WebhookUrlEntry } from './webhook-store.ts';

/** The notification body (shape in shared/api/webhooks.ts, documented in server/README.md). */
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** The promotion request a MODEL_VERSION_PROMOTION_* event carries. */
export type PromotionRequestPayload = NonNullable<WebhookPayload['promotionRequest']>;

/** The event type of a stage change (the seed's one event: entries without triggers receive only it). */
export const STAGE_CHANGED = 'MODEL_VERSION_STAGE_CHANGED';

/** One event about a registry version: its stages before and after, and what else the event type reports. */
export interface VersionEvent {
  workspaceId: number;
  workspaceName: string;
  registryModelName: string;
  registryModelId: string;
  registryModelItemId: string;
  version: string;
  previousStages: string[];
  stages: string[];
  /** The version's status after the event. */
  status?: string;
  /** MODEL_VERSION_STATUS_CHANGED: the status before. */
  previousStatus?: string;
  promotionRequest?: PromotionRequestPayload;
  userName: string;
}

/** A registry version's stages before and after one operation. */
export type StageChange = VersionEvent;

/** Turns registry events into outbox rows, one per matching URL. Call inside the transaction of the change: rows commit or roll back with it. */
export interface WebhookOutbox {
  /** Queues an event of any type; returns how many notifications were queued. */
  emit(eventType: WebhookTrigger, event: VersionEvent): Promise<number>;
  /** Queues MODEL_VERSION_STAGE_CHANGED and MODEL_VERSION_TAGS_CHANGED when the stages changed (nothing otherwise). */
  stageChanged(change: StageChange): Promise<number>;
}

/** True when an entry wants events of this type: the ones it names, or MODEL_VERSION_STAGE_CHANGED when it names none. */
export const wantsEvent = (entry: WebhookUrlEntry, eventType: string): boolean =>
  entry.triggers.length === 0 ? eventType === STAGE_CHANGED : entry.triggers.includes(eventType);

/** Builds the payload of one event; `test` marks the send-test extension's sample. */
export function eventPayload(eventType: WebhookTrigger, event: VersionEvent, deliveryId: string, timestamp: number, test = false): WebhookPayload {
  return {
    eventType,
    deliveryId,
    timestamp,
    workspaceName: event.workspaceName,
    registryModelName: event.registryModelName,
    registryModelId: event.registryModelId,
    registryModelItemId: event.registryModelItemId,
    version: event.version,
    stages: event.stages,
    previousStages: event.previousStages,
    added: event.stages.filter((stage) => !event.previousStages.includes(stage)),
    removed: event.previousStages.filter((stage) => !event.stages.includes(stage)),
    userName: event.userName,
    test,
    ...(event.status === undefined ? {} : { status: event.status }),
    ...(event.previousStatus === undefined ? {} : { previousStatus: event.previousStatus }),
    ...(event.promotionRequest === undefined ? {} : { promotionRequest: event.promotionRequest }),
  };
}

/** The payload of a stage change (and of the send-test sample). */
export const stagePayload = (change: StageChange, deliveryId: string, timestamp: number, test = false): WebhookPayload =>
  eventPayload(STAGE_CHANGED, change, deliveryId, timestamp, test);

/** Creates the outbox; `wake` is called once the surrounding transaction has committed. */
export function createWebhookOutbox(deps: {
  config: WebhookConfigStore;
  deliveries: DeliveryStore;
  now: () => number;
  wake: () => void;
}): WebhookOutbox {
  const emit = async (eventType: WebhookTrigger, event: VersionEvent): Promise<number> => {
    const now = deps.now();
    const entries = (await deps.config.matching(event.workspaceId, event.registryModelName)).filter((entry) => wantsEvent(entry, eventType));
    for (const entry of entries) {
      const deliveryId = randomUUID();
      const payload = eventPayload(eventType, event, deliveryId, now);
      await deps.deliveries.enqueue(
        {
          uuid: deliveryId,
          workspaceId: event.workspaceId,
          modelName: event.registryModelName,
          url: entry.url,
          headers: entry.headers,
          secret: entry.secret,
          eventType,
          payload: JSON.stringify(payload),
        },
        now,
      );
    }
    if (entries.length > 0) setImmediate(deps.wake);
    return entries.length;
  };
  return {
    emit,
    async stageChanged(change) {
      const unchanged = change.stages.length === change.previousStages.length && change.stages.every((stage) => change.previousStages.includes(stage));
      if (unchanged) return 0;
      return await emit(STAGE_CHANGED, change) + await emit('MODEL_VERSION_TAGS_CHANGED', change);
    },
  };
}
