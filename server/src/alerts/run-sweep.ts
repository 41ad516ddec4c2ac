import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from '../database/sql.ts';
import { EXPERIMENT_SELECT, toExperiment, toExperimentMetadata, type Experiment, type ExperimentRecord } from '../experiments/index.ts';
import type { LoggedDataServices } from '../logged-data/index.ts';
import { watches } from './conditions.ts';
import { fireRule, type FireDependencies } from './fire.ts';
import type { AlertRule, AlertRuleStore } from './rule-store.ts';

/** How often each instance looks for runs that ended, went silent or stopped logging a metric (real time). */
export const DEFAULT_SWEEP_MILLIS = 1_000;
/** How far back a sweep looks for ends: a run that ended longer ago (and a rule made after it ended) fires nothing. */
const LOOK_BACK_MILLIS = 24 * 60 * 60 * 1000;

/** What the sweep needs. */
export interface RunSweepDependencies extends FireDependencies {
  rules: AlertRuleStore;
  values: LoggedDataServices['loggedData']['values'];
  /** The liveness timeout: a run silent for longer is crashed. */
  beatMillis: number;
  sweepMillis: number;
  onError: (error: unknown) => void;
}

/** The background sweep of run ends and silent metrics. */
export interface RunSweep {
  /** Sweeps now (tests; the timer sweeps on its own). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs of a workspace that a rule has not fired on: ended ones (stopped, or silent beyond the timeout) whose end came
 * after `since`, or running ones (`running` 1).
 */
const CANDIDATES = `${EXPERIMENT_SELECT}
  WHERE e.workspace_id = ? AND e.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM alert_states s WHERE s.rule_id = ? AND s.experiment_id = e.id AND s.fired = 1)
  AND CASE WHEN e.stopped_at IS NOT NULL AND e.stopped_at > e.last_beat_at THEN e.stopped_at ELSE e.last_beat_at END >= ?
  AND (CASE WHEN e.stopped_at IS NULL AND e.last_beat_at >= ? THEN 1 ELSE 0 END) = ?`;

/** Runs again running that an end rule fired on (a resumed run): their state is armed again. */
const RESUMED = `SELECT s.rule_id, s.experiment_id FROM alert_states s JOIN experiments e ON e.id = s.experiment_id JOIN alert_rules r ON r.id = s.rule_id
  WHERE s.fired = 1 AND r.kind IN ('crashed', 'finished') AND e.stopped_at IS NULL AND e.last_beat_at >= ? AND e.last_beat_at > s.fired_at`;

/** Creates the sweep and starts its timer. */
export function createRunSweep(db: Sql, deps: RunSweepDependencies): RunSweep {
  const candidates = db.prepare<[number, number, number, number, number], ExperimentRecord>(CANDIDATES);
  const resumed = db.prepare<[number], { rule_id: number; experiment_id: number }>(RESUMED);
  const rearm = db.prepare('UPDATE alert_states SET fired = 0 WHERE rule_id = ? AND experiment_id = ? AND fired = 1');

  /** The end rule's runs that ended as it asks (crashed or finished) since it was made. */
  const endRule = async (rule: AlertRule, now: number) => {
    const since = Math.max(rule.createdAt - deps.beatMillis, now - LOOK_BACK_MILLIS);
    for (const row of await candidates.all(rule.workspaceId, rule.id, since, now - deps.beatMillis, 0)) {
      const experiment = toExperiment(row);
      if (!watches(rule, experiment)) continue;
      const state = toExperimentMetadata(experiment, now, deps.beatMillis).state;
      if (state === rule.kind) await fireRule(deps, rule, experiment, null);
    }
  };

  /** The stale rule's running runs whose metric has had no value (or none at all since the run began) for its minutes. */
  const staleRule = async (rule: AlertRule, now: number) => {
    const limit = (rule.minutes ?? 0) * 60_000;
    for (const row of await candidates.all(rule.workspaceId, rule.id, now - LOOK_BACK_MILLIS, now - deps.beatMillis, 1)) {
      const experiment: Experiment = toExperiment(row);
      if (!watches(rule, experiment)) continue;
      const name = rule.metricName ?? '';
      const summary = (await deps.values.metricSummariesWithPrefix(experiment.id, name)).find((item) => item.name === name)?.summary;
      const last = Math.max(summary?.current.timestamp ?? 0, experiment.startTimeMillis ?? experiment.createdAt);
      if (now - last >= limit) await fireRule(deps, rule, experiment, summary?.current.value ?? null);
    }
  };

  const sweep = async () => {
    const now = deps.now();
    for (const row of await resumed.all(now - deps.beatMillis)) await rearm.run(row.rule_id, row.experiment_id);
    for (const rule of await deps.rules.enabled()) {
      if (rule.kind === 'crashed' || rule.kind === 'finished') await endRule(rule, now);
      else if (rule.kind === 'stale') await staleRule(rule, now);
    }
  };

  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const outsideTransactions = AsyncLocalStorage.snapshot();
  const timer = setInterval(() => {
    outsideTransactions(() => {
      running = running.then(sweep).catch(deps.onError);
    });
  }, deps.sweepMillis);
  timer.unref();
  return {
    sweep: () => (running = running.then(sweep)),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
