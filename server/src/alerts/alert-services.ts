import type { Sql } from '../database/sql.ts';
import type { Experiment, ExperimentStore } from '../experiments/index.ts';
import type { LoggedDataServices } from '../logged-data/index.ts';
import type { RunEventOutbox } from '../webhooks/index.ts';
import { createAlertEventStore, type AlertEventStore } from './event-store.ts';
import { createMetricWatch, type MetricWatch } from './metric-watch.ts';
import { createAlertRuleStore, type AlertRuleStore } from './rule-store.ts';
import { createRunSweep, DEFAULT_SWEEP_MILLIS, type RunSweep } from './run-sweep.ts';

/** What the SDK's `Experiment.send_notification` sent (clients.md B.8). */
export interface SdkNotification {
  title: string;
  status: string;
  additionalData: unknown;
}

/** Alert rules, their evaluation (as metric values arrive, and the sweep of run ends) and the feed of what fired. */
export interface Alerts {
  rules: AlertRuleStore;
  events: AlertEventStore;
  metrics: MetricWatch;
  sweep: RunSweep;
  /** Records an SDK notification in the feed of the user who sent it. */
  sdkNotified(experiment: Experiment, userId: number, notification: SdkNotification): Promise<void>;
  /** Sets where the service is reached, for the links of what fires (the public URL, else the listening address). */
  setOrigin(origin: string): void;
  /** Where the service is reached. */
  origin(): string;
  /** Drops the caches (another connection committed). */
  forget(): void;
}

/** What the alerts are built from. */
export interface AlertSettings {
  experiments: ExperimentStore;
  values: LoggedDataServices['loggedData']['values'];
  runEvents: RunEventOutbox;
  now: () => number;
  /** The liveness timeout (E9's beat duration). */
  beatMillis: number;
  /** How often the sweep runs (default 1 s). */
  sweepMillis?: number | undefined;
  onError: (error: unknown) => void;
}

/** Builds the alerts and starts the sweep. */
export function createAlerts(sql: Sql, settings: AlertSettings): Alerts {
  const rules = createAlertRuleStore(sql);
  const events = createAlertEventStore(sql);
  let origin = 'http://127.0.0.1';
  const base = { sql, events, rules, runEvents: settings.runEvents, now: settings.now, origin: () => origin, values: settings.values, onError: settings.onError };
  const metrics = createMetricWatch({ ...base, experiments: settings.experiments });
  const sweep = createRunSweep(sql, { ...base, beatMillis: settings.beatMillis, sweepMillis: settings.sweepMillis ?? DEFAULT_SWEEP_MILLIS });
  return {
    rules,
    events,
    metrics,
    sweep,
    async sdkNotified(experiment, userId, notification) {
      const title = notification.title || 'Notification';
      const data = notification.additionalData === undefined || notification.additionalData === null ? '' : ` ${JSON.stringify(notification.additionalData).slice(0, 2000)}`;
      const message = `${experiment.name ?? experiment.key}: ${notification.status || 'notification'}.${data}`;
      await events.record(
        { workspaceId: experiment.workspaceId, experimentId: experiment.id, userId, ruleId: null, ruleName: null, kind: 'sdkNotification', title, message, value: null },
        settings.now(),
      );
    },
    origin: () => origin,
    setOrigin(value) {
      origin = value.replace(/\/+$/, '');
    },
    forget() {
      rules.forget();
      metrics.forget();
    },
  };
}
