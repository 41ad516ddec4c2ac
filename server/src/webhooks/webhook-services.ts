import type { SecretBox } from '../database/secret-box.ts';
import type { Sql } from '../database/sql.ts';
import { createDeliveryStore, type DeliveryStore } from './delivery-store.ts';
import { createWebhookConfigStore, type WebhookConfigStore } from './webhook-store.ts';
import { createWebhookOutbox, type WebhookOutbox } from './outbox.ts';
import { createRunEventOutbox, type RunEventOutbox } from './run-events.ts';
import { createDeliveryWorker, defaultDeliveryPolicy, SHARED_DATABASE_POLL_MILLIS, type DeliveryPolicy, type DeliveryWorker } from './worker.ts';

/** Webhook configuration, the outbox and its delivery worker. */
export interface Webhooks {
  config: WebhookConfigStore;
  deliveries: DeliveryStore;
  outbox: WebhookOutbox;
  /** Run events (EXPERIMENT_CRASHED, EXPERIMENT_FINISHED, EXPERIMENT_ALERT) for workspace-wide URLs. */
  runEvents: RunEventOutbox;
  worker: DeliveryWorker;
  policy: DeliveryPolicy;
  allowPrivate: boolean;
}

/** What the webhook services are built from. */
export interface WebhookSettings {
  allowPrivate: boolean;
  /** Overrides of the delivery policy (tests shorten the backoff). */
  policy?: Partial<DeliveryPolicy>;
  now: () => number;
  onError: (error: unknown) => void;
  /** Seals the secrets and headers the configuration and the outbox store. */
  secrets: SecretBox;
}

/** Builds the webhook services and starts the worker (it sends what the outbox already holds). */
export function createWebhooks(db: Sql, settings: WebhookSettings): Webhooks {
  const pollMillis = db.dialect === 'postgres' ? SHARED_DATABASE_POLL_MILLIS : null;
  const policy = { ...defaultDeliveryPolicy, pollMillis, ...settings.policy };
  const config = createWebhookConfigStore(db, settings.secrets);
  const deliveries = createDeliveryStore(db, settings.secrets);
  const worker = createDeliveryWorker({ deliveries, allowPrivate: settings.allowPrivate, now: settings.now, policy, onError: settings.onError });
  const outbox = createWebhookOutbox({ config, deliveries, now: settings.now, wake: worker.wake });
  const runEvents = createRunEventOutbox({ config, deliveries, now: settings.now, wake: worker.wake });
  return { config, deliveries, outbox, runEvents, worker, policy, allowPrivate: settings.allowPrivate };
}
