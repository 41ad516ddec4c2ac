import { AsyncLocalStorage } from 'node:async_hooks';
import type { Delivery, DeliveryStore } from './delivery-store.ts';
import { attemptHeaders } from './headers.ts';
import { sendWebhook, type SendOutcome } from './send.ts';

/** How deliveries are attempted and retried. */
export interface DeliveryPolicy {
  /** Time limit for one attempt (connect, send, answer). */
  timeoutMillis: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts: number;
  /** Delay before the second attempt; it doubles for each further one. */
  backoffBaseMillis: number;
  /** No delay (computed or from Retry-After) is longer than this. */
  backoffMaxMillis: number;
  /** Attempts in flight at once. */
  concurrency: number;
  /**
   * Longest wait between two looks at the outbox, for rows other instances on the database enqueued (or leased by an
   * instance that died); null when this process is the only writer (SQLite), so it waits for its own wake-ups only.
   */
  pollMillis: number | null;
}

/** The policy the service runs with (documented in server/README.md). */
export const defaultDeliveryPolicy: DeliveryPolicy = {
  timeoutMillis: 10_000,
  maxAttempts: 8,
  backoffBaseMillis: 5_000,
  backoffMaxMillis: 60 * 60 * 1000,
  concurrency: 4,
  pollMillis: null,
};

/** How often an instance on a shared PostgreSQL database looks for deliveries other instances enqueued. */
export const SHARED_DATABASE_POLL_MILLIS = 2_000;

/** The delay before the next attempt after `attempts` failed ones: Retry-After when given, else exponential. */
export function retryDelay(attempts: number, retryAfterMillis: number | null, policy: DeliveryPolicy): number {
  const computed = policy.backoffBaseMillis * 2 ** (attempts - 1);
  return Math.min(retryAfterMillis ?? computed, policy.backoffMaxMillis);
}

/** The background sender of the outbox. */
export interface DeliveryWorker {
  /** Looks for due deliveries now (called after an enqueue and at start). */
  wake(): void;
  /** Stops taking deliveries and waits for the attempts in flight to be recorded. */
  close(): Promise<void>;
}

/** What the worker needs. */
export interface WorkerDependencies {
  deliveries: DeliveryStore;
  allowPrivate: boolean;
  now: () => number;
  policy: DeliveryPolicy;
  /** Called for an unexpected error (the attempt is retried after its lease expires). */
  onError: (error: unknown) => void;
}

const LEASE_MARGIN_MILLIS = 5_000;
const MAX_SLEEP_MILLIS = 60_000;
/** Wait used when a due row is leased by another process. */
const BUSY_RETRY_MILLIS = 1_000;

const succeeded = (outcome: SendOutcome) => outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

/** Creates and starts the worker. */
export function createDeliveryWorker(deps: WorkerDependencies): DeliveryWorker {
  const { deliveries, policy, now } = deps;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const attempt = async (delivery: Delivery): Promise<void> => {
    const identity = {
      deliveryId: delivery.uuid,
      eventType: delivery.eventType,
      headers: delivery.headers,
      secret: delivery.secret,
      body: delivery.payload,
      redeliveryOf: delivery.redeliveryOf,
    };
    const outcome = await sendWebhook(
      { url: delivery.url, headers: attemptHeaders(identity, now()), body: delivery.payload },
      { allowPrivate: deps.allowPrivate, timeoutMillis: policy.timeoutMillis },
    );
    const attempts = delivery.attempts + 1;
    const attemptedAt = now();
    const done = succeeded(outcome);
    const exhausted = !done && attempts >= policy.maxAttempts;
    await deliveries.recordAttempt(delivery.id, {
      status: done ? 'delivered' : exhausted ? 'failed' : 'pending',
      attemptedAt,
      nextAttemptAt: done || exhausted ? null : attemptedAt + retryDelay(attempts, outcome.retryAfterMillis, policy),
      responseCode: outcome.statusCode,
      error: outcome.error ?? (done ? null : `The receiver answered ${outcome.statusCode}.`),
    });
  };

  const schedule = async (justPumped: boolean) => {
    if (closed || inFlight.size >= policy.concurrency) return;
    const at = await deliveries.nextWakeAt();
    if (closed || (at === null && policy.pollMillis === null)) return;
    const longest = policy.pollMillis ?? MAX_SLEEP_MILLIS;
    const wait = at === null ? longest : at - now();
    const delay = wait > 0 ? Math.min(wait, longest) : justPumped ? BUSY_RETRY_MILLIS : 0;
    clearTimeout(timer);
    timer = setTimeout(pumpNow, delay);
    timer.unref();
  };

  /**
   * Runs a pump, reporting what it throws (timers and callbacks cannot await it), in the async context the worker
   * was created in: a wake-up requested inside a request's transaction must not run its statements in it.
   */
  const outsideTransactions = AsyncLocalStorage.snapshot();
  function pumpNow(): void {
    outsideTransactions(() => {
      pump().catch(deps.onError);
    });
  }

  async function pump(): Promise<void> {
    if (closed) return;
    clearTimeout(timer);
    timer = undefined;
    const free = policy.concurrency - inFlight.size;
    if (free > 0) {
      const start = now();
      for (const delivery of await deliveries.claim(start, free, start + policy.timeoutMillis + LEASE_MARGIN_MILLIS)) {
        const running: Promise<void> = attempt(delivery)
          .catch(deps.onError)
          .finally(() => {
            inFlight.delete(running);
            pumpNow();
          });
        inFlight.add(running);
      }
    }
    await schedule(true);
  }

  setImmediate(pumpNow);
  return {
    wake: () => {
      if (!closed) setImmediate(pumpNow);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
