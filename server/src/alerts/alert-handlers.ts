import type { z } from 'zod';
import type { alertRuleInput } from '../../../shared/api/alerts.ts';
import { badRequest, forbidden, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import { runLink } from './fire.ts';
import type { AlertServices } from './services.ts';
import type { AlertRule, AlertRuleFields } from './rule-store.ts';

type RuleInput = Omit<z.output<typeof alertRuleInput>, 'workspaceName' | 'projectName' | 'shared'>;

/** The fields a kind needs, checked before anything is saved: 400 naming the first one missing. */
function ruleFields(input: RuleInput): AlertRuleFields {
  const needs: Record<string, (keyof RuleInput)[]> = {
    crashed: [],
    finished: [],
    stale: ['metricName', 'minutes'],
    threshold: ['metricName', 'operator', 'threshold'],
    nonFinite: ['metricName'],
    noImprovement: ['metricName', 'steps'],
  };
  const missing = (needs[input.kind] ?? []).find((field) => input[field] === undefined || input[field] === null);
  if (missing) throw badRequest(`A ${input.kind} rule needs "${missing}".`);
  const uses = (field: keyof RuleInput) => (needs[input.kind] ?? []).includes(field);
  return {
    name: input.name ?? '',
    enabled: input.enabled,
    kind: input.kind,
    metricName: uses('metricName') ? (input.metricName ?? null) : null,
    operator: uses('operator') ? (input.operator ?? null) : null,
    threshold: uses('threshold') ? (input.threshold ?? null) : null,
    minutes: uses('minutes') ? (input.minutes ?? null) : null,
    steps: uses('steps') ? (input.steps ?? null) : null,
    direction: input.kind === 'noImprovement' ? (input.direction ?? 'min') : null,
    experimentKey: input.experimentKey ?? null,
    nameContains: input.nameContains ?? null,
  };
}

/** Handlers of alert rules and the notification feed: mine for any member, shared ones changed by those who may write. */
export function createAlertHandlers(services: AlertServices): HandlerTable {
  const { access, alerts, projects } = services;
  /** The caller as a project write needs it (member or admin; a read-only key may not). */
  const asWriter = (caller: Caller): Caller => ({ ...caller, need: 'write' });
  const record = async (rule: AlertRule) => {
    const project = rule.projectId === null ? undefined : await projects.byId(rule.projectId);
    const workspace = await services.workspaces.byId(rule.workspaceId);
    return {
      ruleId: rule.uuid,
      name: rule.name,
      workspaceName: workspace?.name ?? '',
      projectName: project?.name ?? null,
      shared: rule.ownerUserId === null,
      owner: rule.createdBy,
      enabled: rule.enabled,
      kind: rule.kind,
      metricName: rule.metricName,
      operator: rule.operator,
      threshold: rule.threshold,
      minutes: rule.minutes,
      steps: rule.steps,
      direction: rule.direction,
      experimentKey: rule.experimentKey,
      nameContains: rule.nameContains,
      createdAt: rule.createdAt,
      lastFired: (await alerts.events.lastFired(rule.id)) ?? null,
    };
  };
  /** A rule the caller may change: theirs, or a shared one of a workspace they may write in; 404 otherwise. */
  const changeable = async (caller: Caller, ruleId: string) => {
    const rule = await alerts.rules.byUuid(ruleId);
    const workspace = rule && (await services.workspaces.byId(rule.workspaceId));
    if (!rule || !workspace || (rule.ownerUserId !== null && rule.ownerUserId !== caller.userId)) throw notFound(`No alert rule "${ruleId}" of yours.`);
    await access.requireMember(rule.ownerUserId === null ? asWriter(caller) : caller, workspace.id, workspace.name);
    return rule;
  };
  return {
    listAlertRules: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const project = query.projectName ? await access.project(caller, { workspaceName: workspace.name, projectName: query.projectName }) : undefined;
      const rules = (await alerts.rules.visible(workspace.id, caller.userId, project?.id)).filter(
        (rule) => query.experimentKey === undefined || rule.experimentKey === null || rule.experimentKey === query.experimentKey,
      );
      return { rules: await Promise.all(rules.map(record)) };
    },
    createAlertRule: async ({ body, caller }) => {
      const fields = ruleFields(body);
      if (body.shared && !body.projectName) throw badRequest('A shared rule needs "projectName": it is shared by that project\'s members.');
      const who = body.shared ? asWriter(caller) : caller;
      const workspace = await access.workspace(who, body.workspaceName);
      const project = body.projectName ? await access.project(who, { workspaceName: workspace.name, projectName: body.projectName }) : undefined;
      if (fields.experimentKey !== null) {
        const experiment = await access.experiment(caller, fields.experimentKey);
        if (experiment.workspaceId !== workspace.id) throw badRequest(`Experiment "${fields.experimentKey}" is not in workspace "${workspace.name}".`);
      }
      const rule = await alerts.rules.create(
        { ...fields, workspaceId: workspace.id, projectId: project?.id ?? null, ownerUserId: body.shared ? null : caller.userId, createdBy: caller.userName },
        services.now(),
      );
      return record(rule);
    },
    updateAlertRule: async ({ body, caller }) => {
      const rule = await changeable(caller, body.ruleId);
      await alerts.rules.update(rule.id, ruleFields(body), services.now());
      const updated = await alerts.rules.byUuid(rule.uuid);
      if (!updated) throw notFound(`No alert rule "${body.ruleId}".`);
      return record(updated);
    },
    deleteAlertRule: async ({ body, caller }) => {
      const rule = await changeable(caller, body.ruleId);
      await alerts.rules.delete(rule.id);
      return { ruleId: rule.uuid };
    },
    listAlertNotifications: async ({ query, caller }) => {
      if (caller.userId === 0) throw forbidden('Notifications belong to a user: send an API key.');
      const events = await alerts.events.feed(caller.userId, query);
      return {
        notifications: events.map((event) => ({
          notificationId: event.uuid,
          kind: event.kind as 'crashed',
          title: event.title,
          message: event.message,
          value: event.value,
          ruleId: event.ruleUuid,
          ruleName: event.ruleName,
          workspaceName: event.workspaceName,
          projectName: event.projectName,
          experimentKey: event.experimentKey,
          experimentName: event.experimentName,
          link: runLink(services.alertsOrigin(), { workspaceName: event.workspaceName, projectName: event.projectName, key: event.experimentKey }),
          createdAt: event.createdAt,
          read: event.read,
        })),
        unread: await alerts.events.unreadCount(caller.userId),
      };
    },
    markAlertNotificationsRead: async ({ body, caller }) => {
      await alerts.events.markRead(caller.userId, body.notificationIds ?? 'all');
      return { unread: await alerts.events.unreadCount(caller.userId) };
    },
  };
}
