import type { Experiment, ExperimentStore } from '../experiments/index.ts';
import type { LoggedDataServices, MetricInput } from '../logged-data/index.ts';
import { crosses, METRIC_KINDS, numericValue, shownValue, watches } from './conditions.ts';
import type { AlertEventStore } from './event-store.ts';
import { fireRule, type FireDependencies } from './fire.ts';
import type { AlertRule, AlertRuleStore } from './rule-store.ts';

/** Most runs whose details and fired rules one instance keeps; beyond it the cache starts over. */
const CACHE_LIMIT = 10_000;

/** What the metric path of the rules needs. */
export interface MetricWatchDependencies extends FireDependencies {
  rules: AlertRuleStore;
  events: AlertEventStore;
  experiments: ExperimentStore;
  values: LoggedDataServices['loggedData']['values'];
  onError: (error: unknown) => void;
}

/** The rules evaluated as metric values arrive (and the stale rules a value of their metric resets). */
export interface MetricWatch {
  /** Evaluates committed values of a run against the rules that watch it. */
  logged(experimentId: number, points: readonly MetricInput[]): Promise<void>;
  /** Drops what is cached of runs (another instance may have fired, reset or renamed). */
  forget(): void;
}

/** The rules by the metric they watch, rebuilt when the rule cache is. */
function byMetric(rules: readonly AlertRule[]): Map<string, AlertRule[]> {
  const index = new Map<string, AlertRule[]>();
  for (const rule of rules) {
    if (rule.metricName === null || !(METRIC_KINDS.has(rule.kind) || rule.kind === 'stale')) continue;
    index.set(rule.metricName, [...(index.get(rule.metricName) ?? []), rule]);
  }
  return index;
}

/** Creates the metric path: one read of the rule cache per append, and a database write only when a rule fires or resets. */
export function createMetricWatch(deps: MetricWatchDependencies): MetricWatch {
  let indexed: { of: readonly AlertRule[]; index: Map<string, AlertRule[]> } | undefined;
  const runs = new Map<number, Promise<{ experiment: Experiment; fired: Set<number> } | undefined>>();
  const runOf = (experimentId: number) => {
    let found = runs.get(experimentId);
    if (!found) {
      if (runs.size >= CACHE_LIMIT) runs.clear();
      found = Promise.all([deps.experiments.byId(experimentId), deps.events.firedOn(experimentId)]).then(([experiment, fired]) => experiment && { experiment, fired });
      runs.set(experimentId, found);
      found.catch(() => runs.delete(experimentId));
    }
    return found;
  };

  /** Fires or resets `rule` on the run as `holds` says, writing only on a change of what this instance knows. */
  const settle = async (rule: AlertRule, run: { experiment: Experiment; fired: Set<number> }, holds: boolean, value: string | null) => {
    if (holds && !run.fired.has(rule.id)) {
      run.fired.add(rule.id);
      await fireRule(deps, rule, run.experiment, value);
    } else if (!holds && run.fired.has(rule.id)) {
      run.fired.delete(rule.id);
      await deps.events.reset(rule.id, run.experiment.id);
    }
  };

  /** A threshold or NaN rule over the values of its metric, in arrival order. */
  const valueRule = async (rule: AlertRule, run: { experiment: Experiment; fired: Set<number> }, points: readonly MetricInput[]) => {
    for (const point of points) {
      if (point.name !== rule.metricName) continue;
      const value = numericValue(point.value);
      if (value === undefined) continue;
      const holds = rule.kind === 'nonFinite' ? !Number.isFinite(value) : !Number.isNaN(value) && crosses(rule, value);
      await settle(rule, run, holds, shownValue(value));
    }
  };

  /** A plateau rule, from the stored summary: the steps since the best value (min or max) against its limit. */
  const plateauRule = async (rule: AlertRule, run: { experiment: Experiment; fired: Set<number> }) => {
    const name = rule.metricName ?? '';
    const summary = (await deps.values.metricSummariesWithPrefix(run.experiment.id, name)).find((item) => item.name === name)?.summary;
    const best = rule.direction === 'max' ? summary?.max : summary?.min;
    const current = summary?.current.step;
    if (!best || best.step === null || current === undefined || current === null) return;
    await settle(rule, run, current - best.step >= (rule.steps ?? Infinity), best.value);
  };

  const evaluate = async (rule: AlertRule, run: { experiment: Experiment; fired: Set<number> }, points: readonly MetricInput[]) => {
    if (rule.kind === 'stale') {
      // A value of the metric ends its silence: the rule may fire again after the next one.
      if (run.fired.delete(rule.id)) await deps.events.reset(rule.id, run.experiment.id);
    } else if (rule.kind === 'noImprovement') await plateauRule(rule, run);
    else await valueRule(rule, run, points);
  };

  return {
    async logged(experimentId, points) {
      try {
        const rules = await deps.rules.enabled();
        if (rules.length === 0) return;
        if (indexed?.of !== rules) indexed = { of: rules, index: byMetric(rules) };
        const { index } = indexed;
        const names = new Set<string>();
        for (const point of points) if (index.has(point.name)) names.add(point.name);
        if (names.size === 0) return;
        const run = await runOf(experimentId);
        if (!run) return;
        for (const name of names) {
          for (const rule of index.get(name) ?? []) if (watches(rule, run.experiment)) await evaluate(rule, run, points);
        }
      } catch (error) {
        // The values are stored: a failed evaluation must not fail the write (the next value is evaluated again).
        runs.delete(experimentId);
        deps.onError(error);
      }
    },
    forget: () => runs.clear(),
  };
}
