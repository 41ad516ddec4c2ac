import type { Db } from './database.ts';

/** The states of one notification to one URL. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A row of the outbox / delivery log. */
export interface Delivery {
  id: number;
  /** The `deliveryId` carried in the payload and the X-Trackdesk-Delivery header. */
  uuid: string;
  workspaceId: number;
  modelName: string;
  url: string;
  headers: Record<string, string>;
  secret: string | null;
  eventType: string;
  /** The JSON body, exactly as sent. */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastResponseCode: number | null;
  lastError: string | null;
  createdAt: number;
}

/** What a new outbox row is made of. */
export type NewDelivery = Pick<Delivery, 'uuid' | 'workspaceId' | 'modelName' | 'url' | 'headers' | 'secret' | 'eventType' | 'payload'>;

/** The result of one attempt. */
export interface AttemptRecord {
  status: DeliveryStatus;
  attemptedAt: number;
  nextAttemptAt: number | null;
  responseCode: number | null;
  error: string | null;
}

/** The durable outbox of webhook notifications, which is also the delivery log. */
export interface DeliveryStore {
  enqueue(delivery: NewDelivery, now: number): void;
  /** Pending rows due now and not leased by an attempt in flight, oldest first. */
  due(now: number, limit: number): Delivery[];
  /** Takes a row for one attempt until `until`; false when another worker has it. */
  lease(id: number, now: number, until: number): boolean;
  /** Records an attempt's outcome and releases the lease. */
  recordAttempt(id: number, attempt: AttemptRecord): void;
  /** When the worker should look again: the earliest time a pending row becomes due, or null. */
  nextWakeAt(): number | null;
  /** A workspace's log, newest first. */
  log(workspaceId: number, filter: { modelName?: string; url?: string; limit: number }): Delivery[];
}

interface DeliveryRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  model_name: string;
  url: string;
  headers: string;
  secret: string | null;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_response_code: number | null;
  last_error: string | null;
  created_at: number;
}

const toDelivery = (row: DeliveryRecord): Delivery => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  modelName: row.model_name,
  url: row.url,
  headers: JSON.parse(row.headers) as Record<string, string>,
  secret: row.secret,
  eventType: row.event_type,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastAttemptAt: row.last_attempt_at,
  lastResponseCode: row.last_response_code,
  lastError: row.last_error,
  createdAt: row.created_at,
});

/** Creates the delivery store over a database. */
export function createDeliveryStore(db: Db): DeliveryStore {
  const insert = db.prepare(
    `INSERT INTO webhook_deliveries (uuid, workspace_id, model_name, url, headers, secret, event_type, payload, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const due = db.prepare<[number, number, number], DeliveryRecord>(
    `SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
     AND (leased_until IS NULL OR leased_until <= ?) ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const lease = db.prepare(
    `UPDATE webhook_deliveries SET leased_until = ? WHERE id = ? AND status = 'pending' AND (leased_until IS NULL OR leased_until <= ?)`,
  );
  const record = db.prepare(
    `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?,
     last_response_code = ?, last_error = ?, leased_until = NULL WHERE id = ?`,
  );
  const nextWake = db.prepare<[], { at: number | null }>(
    "SELECT min(max(next_attempt_at, coalesce(leased_until, 0))) AS at FROM webhook_deliveries WHERE status = 'pending'",
  );
  return {
    enqueue(delivery, now) {
      insert.run(
        delivery.uuid,
        delivery.workspaceId,
        delivery.modelName,
        delivery.url,
        JSON.stringify(delivery.headers),
        delivery.secret,
        delivery.eventType,
        delivery.payload,
        now,
        now,
      );
    },
    due: (now, limit) => due.all(now, now, limit).map(toDelivery),
    lease: (id, now, until) => lease.run(until, id, now).changes === 1,
    recordAttempt(id, attempt) {
      record.run(attempt.status, attempt.attemptedAt, attempt.nextAttemptAt, attempt.responseCode, attempt.error, id);
    },
    nextWakeAt: () => nextWake.get()?.at ?? null,
    log(workspaceId, filter) {
      const conditions = ['workspace_id = ?'];
      const params: (string | number)[] = [workspaceId];
      if (filter.modelName !== undefined) {
        conditions.push('model_name = ?');
        params.push(filter.modelName);
      }
      if (filter.url !== undefined) {
        conditions.push('url = ?');
        params.push(filter.url);
      }
      params.push(filter.limit);
      return db
        .prepare<(string | number)[], DeliveryRecord>(
          `SELECT * FROM webhook_deliveries WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
        )
        .all(...params)
        .map(toDelivery);
    },
  };
}
