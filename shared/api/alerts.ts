import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty, queryBoolean, queryInt } from './fields.ts';

/** What a rule watches for: a run's end (crashed, finished), a silent metric, a threshold, a NaN/infinite value, a plateau. */
export const alertKinds = ['crashed', 'finished', 'stale', 'threshold', 'nonFinite', 'noImprovement'] as const;
/** One kind of rule. */
export type AlertKind = (typeof alertKinds)[number];

/** The comparisons a threshold rule makes (the value on the left). */
export const thresholdOperators = ['>', '>=', '<', '<='] as const;
/** One comparison. */
export type ThresholdOperator = (typeof thresholdOperators)[number];

/** What the kinds that need a metric read; each kind checks the fields it needs (the service answers 400 naming a missing one). */
const ruleCondition = z.object({
  kind: z.enum(alertKinds),
  metricName: z.string().trim().min(1).max(1000).nullish().describe('stale, threshold, nonFinite, noImprovement: the metric watched.'),
  operator: z.enum(thresholdOperators).nullish().describe('threshold: the comparison (value on the left).'),
  threshold: z.number().finite().nullish().describe('threshold: the value compared with.'),
  minutes: z.number().int().min(1).max(7 * 24 * 60).nullish().describe('stale: minutes without a value of the metric while the run runs.'),
  steps: z.number().int().min(1).max(100_000_000).nullish().describe('noImprovement: steps since the best value.'),
  direction: z.enum(['min', 'max']).nullish().describe('noImprovement: whether lower (min) or higher (max) is better.'),
});

/** Which runs a rule watches, beside its project (or, for mine, every project of the workspace): one run, and/or a name filter. */
const ruleScope = z.object({
  experimentKey: z.string().trim().min(1).max(200).nullish().describe('Only this run.'),
  nameContains: z.string().trim().min(1).max(200).nullish().describe('Only runs whose name contains this text (any letter case).'),
});

/** A new rule: mine (`shared` false: runs I started), or shared by the members of its project (its runs, whoever started them). */
export const alertRuleInput = ruleCondition.extend(ruleScope.shape).extend({
  workspaceName: nonEmpty(100),
  projectName: z.string().trim().min(1).max(250).nullish().describe('The project; required for a shared rule. Mine without it watch every project of the workspace.'),
  shared: z.boolean().default(false),
  name: z.string().trim().max(200).optional(),
  enabled: z.boolean().default(true),
});

/** A rule as read back, with what it last fired on. */
export const alertRuleRecord = z.object({
  ruleId: z.string(),
  name: z.string(),
  workspaceName: z.string(),
  projectName: z.string().nullable(),
  shared: z.boolean(),
  owner: z.string().describe('Who made it.'),
  enabled: z.boolean(),
  kind: z.enum(alertKinds),
  metricName: z.string().nullable(),
  operator: z.enum(thresholdOperators).nullable(),
  threshold: z.number().nullable(),
  minutes: z.number().int().nullable(),
  steps: z.number().int().nullable(),
  direction: z.enum(['min', 'max']).nullable(),
  experimentKey: z.string().nullable(),
  nameContains: z.string().nullable(),
  createdAt: z.number().int(),
  lastFired: z
    .object({ at: z.number().int(), experimentKey: z.string(), experimentName: z.string().nullable() })
    .nullable()
    .describe('The last run it fired on, or null.'),
});

/** One thing that fired, as the feed shows it. */
export const alertNotificationRecord = z.object({
  notificationId: z.string(),
  kind: z.enum([...alertKinds, 'sdkNotification']),
  title: z.string(),
  message: z.string(),
  value: z.string().nullable().describe('The value that fired it (a number as text, "NaN", "Infinity"), or null.'),
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  workspaceName: z.string(),
  projectName: z.string(),
  experimentKey: z.string(),
  experimentName: z.string().nullable(),
  link: z.string().describe("The run's page."),
  createdAt: z.number().int(),
  read: z.boolean(),
});

const ruleId = nonEmpty(100);

/** Alert rules (mine and my projects' shared ones) and the feed of what fired (issue 45). */
export const alertEndpoints = {
  listAlertRules: defineEndpoint({
    id: 'ext.alertRules',
    summary: "Extension: my alert rules and the shared rules of a workspace's projects (one project's only when projectName is given), with what each last fired on.",
    group: 'alerts',
    method: 'GET',
    needs: 'read',
    path: 'ext/alerts/rules',
    query: z.object({ workspaceName: nonEmpty(100), projectName: z.string().max(250).optional(), experimentKey: z.string().max(200).optional() }),
    reply: z.object({ rules: z.array(alertRuleRecord) }),
  }),
  createAlertRule: defineEndpoint({
    id: 'ext.alertRuleCreate',
    summary: 'Extension: a new alert rule (mine: any member, viewers too; shared: a member or admin of the workspace, as other project writes).',
    group: 'alerts',
    method: 'POST',
    needs: 'read',
    path: 'ext/alerts/rules',
    body: alertRuleInput,
    changesOwnAccount: true, // my rules are my own standing: any role, not a read-only key (shared ones check the write role)
    reply: alertRuleRecord,
  }),
  updateAlertRule: defineEndpoint({
    id: 'ext.alertRuleUpdate',
    summary: 'Extension: replace a rule’s condition, scope, name and on/off (its owner, or for a shared one any member who may write).',
    group: 'alerts',
    method: 'POST',
    needs: 'read',
    path: 'ext/alerts/rules/update',
    changesOwnAccount: true, // my rules are my own standing: any role, not a read-only key (shared ones check the write role)
    body: alertRuleInput.omit({ workspaceName: true, projectName: true, shared: true }).extend({ ruleId }),
    reply: alertRuleRecord,
  }),
  deleteAlertRule: defineEndpoint({
    id: 'ext.alertRuleDelete',
    summary: 'Extension: delete a rule (its owner, or for a shared one any member who may write); what it fired stays in the feed.',
    group: 'alerts',
    method: 'POST',
    needs: 'read',
    path: 'ext/alerts/rules/delete',
    changesOwnAccount: true, // my rules are my own standing: any role, not a read-only key (shared ones check the write role)
    body: z.object({ ruleId }),
    reply: z.object({ ruleId: z.string() }),
  }),
  listAlertNotifications: defineEndpoint({
    id: 'ext.alertNotifications',
    summary: 'Extension: what fired for me (my rules, shared rules of my workspaces, my runs’ SDK notifications), newest first.',
    group: 'alerts',
    method: 'GET',
    needs: 'read',
    path: 'ext/alerts/notifications',
    query: z.object({
      unreadOnly: queryBoolean.default(false),
      since: queryInt.pipe(z.number().int().min(0)).optional().describe('Created at or after (ms since the epoch).'),
      limit: queryInt.pipe(z.number().int().min(1).max(500)).default(50),
    }),
    reply: z.object({ notifications: z.array(alertNotificationRecord), unread: z.number().int().describe('How many are unread in all.') }),
  }),
  markAlertNotificationsRead: defineEndpoint({
    id: 'ext.alertNotificationsRead',
    summary: 'Extension: mark notifications read for me: the ones named, or every one when notificationIds is absent.',
    group: 'alerts',
    method: 'POST',
    needs: 'read',
    path: 'ext/alerts/notifications/read',
    changesOwnAccount: true,
    body: z.object({ notificationIds: z.array(nonEmpty(100)).max(1000).optional().describe('Absent: every notification I see.') }),
    reply: z.object({ unread: z.number().int() }),
  }),
};
