import type { SecretBox } from '../database/secret-box.ts';
import type { Sql } from '../database/sql.ts';

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
  /** The uuid of the delivery this one re-sends, or null. */
  redeliveryOf: string | null;
}

/** What a new outbox row is made of (`redeliveryOf` only for a re-send). */
export type NewDelivery = Pick<Delivery, 'uuid' | 'workspaceId' | 'modelName' | 'url' | 'headers' | 'secret' | 'eventType' | 'payload'> &
  Partial<Pick<Delivery, 'redeliveryOf'>>;

/** What the delivery log can be narrowed to. */
export interface DeliveryFilter {
  modelName?: string | undefined;
  url?: string | undefined;
  eventType?: string | undefined;
  status?: DeliveryStatus | undefined;
  /** Created at or after (ms). */
  since?: number | undefined;
  /** Created before (ms). */
  until?: number | undefined;
  limit: number;
}

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
  enqueue(delivery: NewDelivery, now: number): Promise<void>;
  /**
   * Leases up to `limit` pending rows due at `now` and not leased by an attempt in flight, until `until`, oldest first:
   * each row goes to exactly one caller, across every process on the database.
   */
  claim(now: number, limit: number, until: number): Promise<Delivery[]>;
  /** Records an attempt's outcome and releases the lease. */
  recordAttempt(id: number, attempt: AttemptRecord): Promise<void>;
  /** When the worker should look again: the earliest time a pending row becomes due, or null. */
  nextWakeAt(): Promise<number | null>;
  /** A workspace's log, newest first. */
  log(workspaceId: number, filter: DeliveryFilter): Promise<Delivery[]>;
  /** One delivery of a workspace by its uuid. */
  byUuid(workspaceId: number, uuid: string): Promise<Delivery | undefined>;
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
  redelivery_of: string | null;
}

/** A row as the store answers it, its secret and headers opened. */
const deliveryOf = (box: SecretBox) => (row: DeliveryRecord): Delivery => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  modelName: row.model_name,
  url: row.url,
  headers: JSON.parse(box.open(row.headers)) as Record<string, string>,
  secret: row.secret === null ? null : box.open(row.secret),
  eventType: row.event_type,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastAttemptAt: row.last_attempt_at,
  lastResponseCode: row.last_response_code,
  lastError: row.last_error,
  createdAt: row.created_at,
  redeliveryOf: row.redelivery_of,
});

/** The log's filters as SQL conditions on webhook_deliveries, with their parameters. */
function logConditions(workspaceId: number, filter: DeliveryFilter): { where: string; params: (string | number)[] } {
  const columns: [keyof DeliveryFilter, string][] = [
    ['modelName', 'model_name = ?'],
    ['url', 'url = ?'],
    ['eventType', 'event_type = ?'],
    ['status', 'status = ?'],
    ['since', 'created_at >= ?'],
    ['until', 'created_at < ?'],
  ];
  const conditions = ['workspace_id = ?'];
  const params: (string | number)[] = [workspaceId];
  for (const [field, condition] of columns) {
    const value = filter[field];
    if (value === undefined) continue;
    conditions.push(condition);
    params.push(value);
  }
  return { where: conditions.join(' AND '), params };
}

/**
 * How due rows are leased. SQLite: select, then a conditional UPDATE per row (the only process on the file, so
 * the UPDATE's condition settles any race). PostgreSQL: one statement (its own transaction) locks the due rows with
 * `FOR UPDATE SKIP LOCKED`, so instances racing for them take disjoint sets, and leases them; a row leased by an
 * instance that died is due again once its lease has expired.
 */
function createClaim(db: Sql, toDelivery: (row: DeliveryRecord) => Delivery): DeliveryStore['claim'] {
  const dueCondition = "status = 'pending' AND next_attempt_at <= ? AND (leased_until IS NULL OR leased_until <= ?)";
  const oldestFirst = (a: DeliveryRecord, b: DeliveryRecord) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0) || a.id - b.id;
  if (db.dialect === 'postgres') {
    const claim = db.prepare<[number, number, number, number], DeliveryRecord>(
      `WITH due AS (SELECT id FROM webhook_deliveries WHERE ${dueCondition} ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       UPDATE webhook_deliveries SET leased_until = ? FROM due WHERE webhook_deliveries.id = due.id RETURNING webhook_deliveries.*`,
    );
    return async (now, limit, until) => (await claim.all(now, now, limit, until)).sort(oldestFirst).map(toDelivery);
  }
  const due = db.prepare<[number, number, number], DeliveryRecord>(`SELECT * FROM webhook_deliveries WHERE ${dueCondition} ORDER BY next_attempt_at, id LIMIT ?`);
  const lease = db.prepare<[number, number, number]>(`UPDATE webhook_deliveries SET leased_until = ? WHERE id = ? AND status = 'pending' AND (leased_until IS NULL OR leased_until <= ?)`);
  return async (now, limit, until) => {
    const claimed: Delivery[] = [];
    for (const row of await due.all(now, now, limit)) {
      if ((await lease.run(until, row.id, now)).changes === 1) claimed.push(toDelivery(row));
    }
    return claimed;
  };
}

/** Creates the delivery store over a database; each row's secret and headers are stored sealed by `box`. */
export function createDeliveryStore(db: Sql, box: SecretBox): DeliveryStore {
  const toDelivery = deliveryOf(box);
  const insert = db.prepare(
    `INSERT INTO webhook_deliveries (uuid, workspace_id, model_name, url, headers, secret, event_type, payload, next_attempt_at, created_at, redelivery_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byUuid = db.prepare<[number, string], DeliveryRecord>('SELECT * FROM webhook_deliveries WHERE workspace_id = ? AND uuid = ?');
  const record = db.prepare(
    `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?,
     last_response_code = ?, last_error = ?, leased_until = NULL WHERE id = ?`,
  );
  const nextWake = db.prepare<[], { at: number | null }>(
    "SELECT min(max(next_attempt_at, coalesce(leased_until, 0))) AS at FROM webhook_deliveries WHERE status = 'pending'",
  );
  return {
    async enqueue(delivery, now) {
      await insert.run(
        delivery.uuid,
        delivery.workspaceId,
        delivery.modelName,
        delivery.url,
        box.seal(JSON.stringify(delivery.headers)),
        delivery.secret === null ? null : box.seal(delivery.secret),
        delivery.eventType,
        delivery.payload,
        now,
        now,
        delivery.redeliveryOf ?? null,
      );
    },
    claim: createClaim(db, toDelivery),
    async recordAttempt(id, attempt) {
      await record.run(attempt.status, attempt.attemptedAt, attempt.nextAttemptAt, attempt.responseCode, attempt.error, id);
    },
    nextWakeAt: async () => (await nextWake.get())?.at ?? null,
    async log(workspaceId, filter) {
      const { where, params } = logConditions(workspaceId, filter);
      return (await db
        .prepare<(string | number)[], DeliveryRecord>(`SELECT * FROM webhook_deliveries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`)
        .all(...params, filter.limit))
        .map(toDelivery);
    },
    async byUuid(workspaceId, uuid) {
      const row = await byUuid.get(workspaceId, uuid);
      return row ? toDelivery(row) : undefined;
    },
  };
}
