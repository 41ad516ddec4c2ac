import { randomUUID } from 'node:crypto';
import type { AlertKind, ThresholdOperator } from '../../../shared/api/alerts.ts';
import type { Sql } from '../database/sql.ts';

/** What a rule watches for, and with which values (the fields its kind does not use are null). */
export interface AlertCondition {
  kind: AlertKind;
  metricName: string | null;
  operator: ThresholdOperator | null;
  threshold: number | null;
  minutes: number | null;
  steps: number | null;
  direction: 'min' | 'max' | null;
}

/** A rule's editable part: its name, on/off, condition and scope beside its project. */
export interface AlertRuleFields extends AlertCondition {
  name: string;
  enabled: boolean;
  experimentKey: string | null;
  nameContains: string | null;
}

/** A stored rule. */
export interface AlertRule extends AlertRuleFields {
  id: number;
  uuid: string;
  workspaceId: number;
  /** Null: a rule of mine over every project of the workspace. */
  projectId: number | null;
  /** Null: shared by the project's members. */
  ownerUserId: number | null;
  createdBy: string;
  createdAt: number;
}

/** Storage of alert rules, with every enabled rule cached for the evaluation of arriving data. */
export interface AlertRuleStore {
  byUuid(uuid: string): Promise<AlertRule | undefined>;
  /** A workspace's rules that `userId` sees: theirs and the shared ones (one project's when given). */
  visible(workspaceId: number, userId: number, projectId?: number): Promise<AlertRule[]>;
  create(rule: Omit<AlertRule, 'id' | 'uuid' | 'createdAt'>, now: number): Promise<AlertRule>;
  update(id: number, fields: AlertRuleFields, now: number): Promise<void>;
  delete(id: number): Promise<void>;
  /** Every enabled rule (cached until a change here, or another connection's commit, drops it). */
  enabled(): Promise<readonly AlertRule[]>;
  /** Drops the cache (another instance may have changed rules). */
  forget(): void;
}

interface RuleRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  project_id: number | null;
  owner_user_id: number | null;
  created_by: string;
  name: string;
  enabled: number;
  kind: AlertKind;
  metric_name: string | null;
  operator: ThresholdOperator | null;
  threshold: number | null;
  minutes: number | null;
  steps: number | null;
  direction: 'min' | 'max' | null;
  experiment_key: string | null;
  name_contains: string | null;
  created_at: number;
}

const toRule = (row: RuleRecord): AlertRule => ({
  id: Number(row.id),
  uuid: row.uuid,
  workspaceId: Number(row.workspace_id),
  projectId: row.project_id === null ? null : Number(row.project_id),
  ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
  createdBy: row.created_by,
  name: row.name,
  enabled: Number(row.enabled) === 1,
  kind: row.kind,
  metricName: row.metric_name,
  operator: row.operator,
  threshold: row.threshold === null ? null : Number(row.threshold),
  minutes: row.minutes === null ? null : Number(row.minutes),
  steps: row.steps === null ? null : Number(row.steps),
  direction: row.direction,
  experimentKey: row.experiment_key,
  nameContains: row.name_contains,
  createdAt: Number(row.created_at),
});

/** The editable columns in the order `fieldValues` gives them. */
const FIELD_COLUMNS = ['name', 'enabled', 'kind', 'metric_name', 'operator', 'threshold', 'minutes', 'steps', 'direction', 'experiment_key', 'name_contains'];
const fieldValues = (rule: AlertRuleFields) => [
  rule.name,
  rule.enabled ? 1 : 0,
  rule.kind,
  rule.metricName,
  rule.operator,
  rule.threshold,
  rule.minutes,
  rule.steps,
  rule.direction,
  rule.experimentKey,
  rule.nameContains,
];

/** Creates the rule storage over a database. */
export function createAlertRuleStore(db: Sql): AlertRuleStore {
  const byUuid = db.prepare<[string], RuleRecord>('SELECT * FROM alert_rules WHERE uuid = ?');
  const visibleAll = db.prepare<[number, number], RuleRecord>('SELECT * FROM alert_rules WHERE workspace_id = ? AND (owner_user_id IS NULL OR owner_user_id = ?) ORDER BY id');
  const visibleProject = db.prepare<[number, number, number], RuleRecord>(
    'SELECT * FROM alert_rules WHERE workspace_id = ? AND (owner_user_id IS NULL OR owner_user_id = ?) AND project_id = ? ORDER BY id',
  );
  const enabled = db.prepare<[], RuleRecord>('SELECT * FROM alert_rules WHERE enabled = 1 ORDER BY id');
  const insert = db.prepare(
    `INSERT INTO alert_rules (uuid, workspace_id, project_id, owner_user_id, created_by, ${FIELD_COLUMNS.join(', ')}, created_at, updated_at)
     VALUES (${Array.from({ length: FIELD_COLUMNS.length + 7 }, () => '?').join(', ')})`,
  );
  const update = db.prepare(`UPDATE alert_rules SET ${FIELD_COLUMNS.map((column) => `${column} = ?`).join(', ')}, updated_at = ? WHERE id = ?`);
  const remove = db.prepare('DELETE FROM alert_rules WHERE id = ?');
  let cached: Promise<readonly AlertRule[]> | undefined;
  const forget = () => {
    cached = undefined;
  };
  return {
    byUuid: async (uuid) => {
      const row = await byUuid.get(uuid);
      return row && toRule(row);
    },
    visible: async (workspaceId, userId, projectId) =>
      (projectId === undefined ? await visibleAll.all(workspaceId, userId) : await visibleProject.all(workspaceId, userId, projectId)).map(toRule),
    async create(rule, now) {
      const uuid = randomUUID();
      await insert.run(uuid, rule.workspaceId, rule.projectId, rule.ownerUserId, rule.createdBy, ...fieldValues(rule), now, now);
      forget();
      const made = await byUuid.get(uuid);
      if (!made) throw new Error(`alert rule ${uuid} vanished after insert`);
      return toRule(made);
    },
    async update(id, fields, now) {
      await update.run(...fieldValues(fields), now, id);
      forget();
    },
    async delete(id) {
      await remove.run(id);
      forget();
    },
    enabled() {
      if (cached) return cached;
      const reading = enabled.all().then((rows) => rows.map(toRule));
      cached = reading;
      reading.catch(() => {
        if (cached === reading) cached = undefined;
      });
      return reading;
    },
    forget,
  };
}
