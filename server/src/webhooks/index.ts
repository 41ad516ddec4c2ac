/** The webhooks domain (webhook configuration, the outbox and its delivery worker): what other domains and the process may use of it. */
export type { PromotionRequestPayload, VersionEvent } from './outbox.ts';
export type { WebhookServices } from './services.ts';
export { createWebhookHandlers } from './webhook-handlers.ts';
export { createWebhooks } from './webhook-services.ts';
export type { DeliveryPolicy } from './worker.ts';
export type { RunEvent, RunEventOutbox } from './run-events.ts';
export type { Webhooks } from './webhook-services.ts';
