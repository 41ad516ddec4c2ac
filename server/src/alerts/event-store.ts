import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** One thing that fired, to record in the feed. */
export interface NewAlertEvent {
  workspaceId: number;
  experimentId: number;
  /** The one user it is for; null: every member of the workspace (a shared rule's). */
  userId: number | null;
  ruleId: number | null;
  ruleName: string | null;
  kind: string;
  title: string;
  message: string;
  value: string | null;
}

/** A recorded event with the names the feed shows and whether the reader has read it. */
export interface AlertEvent extends NewAlertEvent {
  id: number;
  uuid: string;
  ruleUuid: string | null;
  workspaceName: string;
  projectName: string;
  experimentKey: string;
  experimentName: string | null;
  createdAt: number;
  read: boolean;
}

/** The last run a rule fired on. */
export interface LastFired {
  at: number;
  experimentKey: string;
  experimentName: string | null;
}

/** The fired/armed state of (rule, run) pairs, the feed of events, and who read what. */
export interface AlertEventStore {
  /** Marks the rule fired on the run unless it already is: true for the one caller (on any instance) that fired it. */
  claim(ruleId: number, experimentId: number, now: number): Promise<boolean>;
  /** Arms the rule again on the run (its condition no longer holds): true when it had fired. */
  reset(ruleId: number, experimentId: number): Promise<boolean>;
  /** The rules that have fired on a run and not reset. */
  firedOn(experimentId: number): Promise<Set<number>>;
  record(event: NewAlertEvent, now: number): Promise<void>;
  /** What a user sees, newest first. */
  feed(userId: number, options: { unreadOnly: boolean; since?: number | undefined; limit: number }): Promise<AlertEvent[]>;
  unreadCount(userId: number): Promise<number>;
  /** Marks events read for a user: the ones named (by uuid), or every one it sees. */
  markRead(userId: number, uuids: readonly string[] | 'all'): Promise<void>;
  lastFired(ruleId: number): Promise<LastFired | undefined>;
}

interface EventRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  experiment_id: number;
  user_id: number | null;
  rule_id: number | null;
  rule_uuid: string | null;
  rule_name: string | null;
  kind: string;
  title: string;
  message: string;
  value: string | null;
  created_at: number;
  workspace_name: string;
  project_name: string;
  experiment_key: string;
  experiment_name: string | null;
  is_read: number;
}

/** The events a user sees: their own, and those for every member of a workspace they belong to. */
const VISIBLE = `(ev.user_id = ? OR (ev.user_id IS NULL AND ev.workspace_id IN (SELECT workspace_id FROM workspace_members WHERE user_id = ?)))`;
const FEED_SELECT = `SELECT ev.*, r.uuid AS rule_uuid, w.name AS workspace_name, p.name AS project_name, e.key AS experiment_key, e.name AS experiment_name,
  CASE WHEN rd.event_id IS NULL THEN 0 ELSE 1 END AS is_read
  FROM alert_events ev JOIN workspaces w ON w.id = ev.workspace_id JOIN experiments e ON e.id = ev.experiment_id JOIN projects p ON p.id = e.project_id
  LEFT JOIN alert_rules r ON r.id = ev.rule_id LEFT JOIN alert_reads rd ON rd.event_id = ev.id AND rd.user_id = ?`;

const toEvent = (row: EventRecord): AlertEvent => ({
  id: Number(row.id),
  uuid: row.uuid,
  workspaceId: Number(row.workspace_id),
  experimentId: Number(row.experiment_id),
  userId: row.user_id === null ? null : Number(row.user_id),
  ruleId: row.rule_id === null ? null : Number(row.rule_id),
  ruleUuid: row.rule_uuid,
  ruleName: row.rule_name,
  kind: row.kind,
  title: row.title,
  message: row.message,
  value: row.value,
  createdAt: Number(row.created_at),
  workspaceName: row.workspace_name,
  projectName: row.project_name,
  experimentKey: row.experiment_key,
  experimentName: row.experiment_name,
  read: Number(row.is_read) === 1,
});

/** Creates the event storage over a database. */
export function createAlertEventStore(db: Sql): AlertEventStore {
  const claim = db.prepare(
    `INSERT INTO alert_states (rule_id, experiment_id, fired, fired_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (rule_id, experiment_id) DO UPDATE SET fired = 1, fired_at = excluded.fired_at WHERE alert_states.fired = 0`,
  );
  const reset = db.prepare('UPDATE alert_states SET fired = 0 WHERE rule_id = ? AND experiment_id = ? AND fired = 1');
  const firedOn = db.prepare<[number], number>('SELECT rule_id FROM alert_states WHERE experiment_id = ? AND fired = 1').pluck();
  const insert = db.prepare(
    `INSERT INTO alert_events (uuid, workspace_id, experiment_id, user_id, rule_id, rule_name, kind, title, message, value, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const feedAll = db.prepare<[number, number, number, number, number], EventRecord>(
    `${FEED_SELECT} WHERE ${VISIBLE} AND ev.created_at >= ? ORDER BY ev.id DESC LIMIT ?`,
  );
  const feedUnread = db.prepare<[number, number, number, number, number], EventRecord>(
    `${FEED_SELECT} WHERE ${VISIBLE} AND ev.created_at >= ? AND rd.event_id IS NULL ORDER BY ev.id DESC LIMIT ?`,
  );
  const unread = db
    .prepare<[number, number, number], number>(
      `SELECT count(*) FROM alert_events ev WHERE ${VISIBLE} AND NOT EXISTS (SELECT 1 FROM alert_reads rd WHERE rd.event_id = ev.id AND rd.user_id = ?)`,
    )
    .pluck();
  const readOne = db.prepare(
    `INSERT INTO alert_reads (user_id, event_id) SELECT ?, ev.id FROM alert_events ev WHERE ev.uuid = ? AND ${VISIBLE} ON CONFLICT DO NOTHING`,
  );
  const readAll = db.prepare(`INSERT INTO alert_reads (user_id, event_id) SELECT ?, ev.id FROM alert_events ev WHERE ${VISIBLE} ON CONFLICT DO NOTHING`);
  const lastFired = db.prepare<[number], { created_at: number; key: string; name: string | null }>(
    'SELECT ev.created_at, e.key, e.name FROM alert_events ev JOIN experiments e ON e.id = ev.experiment_id WHERE ev.rule_id = ? ORDER BY ev.id DESC LIMIT 1',
  );
  return {
    claim: async (ruleId, experimentId, now) => (await claim.run(ruleId, experimentId, now)).changes === 1,
    reset: async (ruleId, experimentId) => (await reset.run(ruleId, experimentId)).changes === 1,
    firedOn: async (experimentId) => new Set((await firedOn.all(experimentId)).map(Number)),
    async record(event, now) {
      const { workspaceId, experimentId, userId, ruleId, ruleName, kind, title, message, value } = event;
      await insert.run(randomUUID(), workspaceId, experimentId, userId, ruleId, ruleName, kind, title, message, value, now);
    },
    async feed(userId, { unreadOnly, since, limit }) {
      const statement = unreadOnly ? feedUnread : feedAll;
      return (await statement.all(userId, userId, userId, since ?? 0, limit)).map(toEvent);
    },
    unreadCount: async (userId) => Number(await unread.get(userId, userId, userId)),
    async markRead(userId, uuids) {
      if (uuids === 'all') await readAll.run(userId, userId, userId);
      else for (const uuid of uuids) await readOne.run(userId, uuid, userId, userId);
    },
    async lastFired(ruleId) {
      const row = await lastFired.get(ruleId);
      return row && { at: Number(row.created_at), experimentKey: row.key, experimentName: row.name };
    },
  };
}
