import type { RunEventType } from '../../../shared/api/webhooks.ts';
import type { Sql } from '../database/sql.ts';
import type { Experiment } from '../experiments/index.ts';
import type { RunEventOutbox } from '../webhooks/index.ts';
import { describeFiring } from './conditions.ts';
import type { AlertEventStore } from './event-store.ts';
import type { AlertRule } from './rule-store.ts';

/** The run's page: `<origin>/<workspace>/<project>/<key>` (the address the SDK prints). */
export const runLink = (origin: string, experiment: Pick<Experiment, 'workspaceName' | 'projectName' | 'key'>): string =>
  `${origin}/${encodeURIComponent(experiment.workspaceName)}/${encodeURIComponent(experiment.projectName)}/${experiment.key}`;

/** The webhook event a rule's firing sends. */
const eventTypeOf = (rule: AlertRule): RunEventType =>
  rule.kind === 'crashed' ? 'EXPERIMENT_CRASHED' : rule.kind === 'finished' ? 'EXPERIMENT_FINISHED' : 'EXPERIMENT_ALERT';

/** What firing needs. */
export interface FireDependencies {
  sql: Sql;
  events: AlertEventStore;
  runEvents: RunEventOutbox;
  now: () => number;
  /** Where the service is reached (for links). */
  origin: () => string;
}

/**
 * Fires a rule on a run unless it has fired there and not reset: claims the (rule, run) state, records the feed event
 * (for the rule's owner, or every member for a shared rule) and queues the webhooks, in one transaction; true when
 * this call fired it (exactly one caller does, across every instance).
 */
export function fireRule(deps: FireDependencies, rule: AlertRule, experiment: Experiment, value: string | null): Promise<boolean> {
  return deps.sql.transaction(async () => {
    const now = deps.now();
    if (!(await deps.events.claim(rule.id, experiment.id, now))) return false;
    const message = describeFiring(rule, experiment.name ?? experiment.key, value);
    const title = rule.name || `${rule.kind} ${rule.metricName ?? ''}`.trim();
    await deps.events.record(
      { workspaceId: experiment.workspaceId, experimentId: experiment.id, userId: rule.ownerUserId, ruleId: rule.id, ruleName: rule.name, kind: rule.kind, title, message, value },
      now,
    );
    await deps.runEvents.emit(eventTypeOf(rule), {
      workspaceId: experiment.workspaceId,
      workspaceName: experiment.workspaceName,
      projectName: experiment.projectName,
      experiment: { experimentKey: experiment.key, experimentName: experiment.name, userName: experiment.userName, link: runLink(deps.origin(), experiment) },
      rule: { ruleId: rule.uuid, name: rule.name, kind: rule.kind, metricName: rule.metricName },
      value,
      message,
    });
    return true;
  });
}
