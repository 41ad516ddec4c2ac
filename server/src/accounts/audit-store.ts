import type { auditActions, auditRecord } from '../../../shared/api/index.ts';
import type { z } from 'zod';
import type { Sql } from '../database/sql.ts';
import type { KeyOwner } from '../http/handler.ts';

/** An action the audit trail records. */
export type AuditAction = (typeof auditActions)[number];
/** An entry as the reads send it. */
export type AuditRecord = z.output<typeof auditRecord>;

/** The name recorded for changes made on the service's host (the keys CLI), which no key of a user made. */
export const SERVICE_HOST = 'service host';

/** Who made a change: a user (null id: a name that is no user's, e.g. a failed sign-in's) and the key used. */
export type AuditActor = Pick<KeyOwner, 'userName'> & { userId: number | null; keyPrefix?: string | null };

/** One change to record: where, what, and the state before and after (JSON-able, or undefined for none). */
export interface AuditChange {
  workspaceId: number | null;
  action: AuditAction;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Which entries a read wants; every filter is optional but the limit. */
export interface AuditFilter {
  workspaceId?: number;
  actor?: string;
  action?: AuditAction;
  since?: number;
  until?: number;
  beforeId?: number;
  limit: number;
}

/** Storage of the audit trail: appended in the transaction of each change, read newest first. */
export interface AuditStore {
  /** Records a change made by a key's owner (or a user named in it; undefined: on the service's host). Call inside the change's transaction. */
  record(by: AuditActor | undefined, change: AuditChange, now: number): Promise<void>;
  list(filter: AuditFilter): Promise<AuditRecord[]>;
}

interface AuditRow {
  id: number;
  at: number;
  actorName: string;
  keyPrefix: string | null;
  workspaceName: string | null;
  action: AuditAction;
  target: string;
  before: string | null;
  after: string | null;
}

const json = (state: unknown): string | null => (state === undefined ? null : JSON.stringify(state));
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Creates the audit store over a database. */
export function createAuditStore(db: Sql): AuditStore {
  const insert = db.prepare(
    `INSERT INTO audit_events (at, actor_user_id, actor_name, key_prefix, workspace_id, action, target, before_state, after_state)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // "No filter" is a value that matches everything (0, '', the largest id): no untyped `? IS NULL` for PostgreSQL.
  const select = db.prepare<[number, number, string, string, string, string, number, number, number, number], AuditRow>(
    `SELECT e.id AS id, e.at AS at, e.actor_name AS actorName, e.key_prefix AS keyPrefix, w.name AS workspaceName,
            e.action AS action, e.target AS target, e.before_state AS before, e.after_state AS after
     FROM audit_events e LEFT JOIN workspaces w ON w.id = e.workspace_id
     WHERE (e.workspace_id = ? OR ? = 0) AND (e.actor_name = ? OR ? = '') AND (e.action = ? OR ? = '')
       AND e.at >= ? AND e.at <= ? AND e.id < ?
     ORDER BY e.id DESC LIMIT ?`,
  );
  return {
    async record(by, change, now) {
      await insert.run(
        now,
        by?.userId ?? null,
        by?.userName ?? SERVICE_HOST,
        by?.keyPrefix ?? null,
        change.workspaceId,
        change.action,
        change.target,
        json(change.before),
        json(change.after),
      );
    },
    async list(filter) {
      const workspace = filter.workspaceId ?? 0;
      const actor = filter.actor ?? '';
      const action = filter.action ?? '';
      const rows = await select.all(
        workspace, workspace, actor, actor, action, action,
        filter.since ?? 0, filter.until ?? Number.MAX_SAFE_INTEGER, filter.beforeId ?? Number.MAX_SAFE_INTEGER, filter.limit,
      );
      return rows.map((row) => ({ ...row, before: parsed(row.before), after: parsed(row.after) }));
    },
  };
}
