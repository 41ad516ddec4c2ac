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

/** The best value of a metric and its step. */
interface Best {
  value: number;
  step: number;
}

/** What one instance knows of a run: its details, the rules fired on it, the best values of its plateau rules' metrics. */
interface RunState {
  experiment: Experiment;
  fired: Set<number>;
  best: Map<string, Best>;
}

/** The numeric values (and steps) of one metric in one append, in arrival order. */
interface Series {
  values: number[];
  steps: (number | null)[];
}

/** The values of the watched metrics in an append, by metric (values that are not numbers left out). */
function seriesOf(points: readonly MetricInput[], index: Map<string, AlertRule[]>): Map<string, Series> {
  const watched = new Map<string, Series>();
  for (const point of points) {
    if (!index.has(point.name)) continue;
    const value = numericValue(point.value);
    if (value === undefined) continue;
    let series = watched.get(point.name);
    if (!series) watched.set(point.name, (series = { values: [], steps: [] }));
    series.values.push(value);
    series.steps.push(point.step);
  }
  return watched;
}

/** Creates the metric path: one read of the rule cache per append, and a database write only when a rule fires or resets. */
export function createMetricWatch(deps: MetricWatchDependencies): MetricWatch {
  let indexed: { of: readonly AlertRule[]; index: Map<string, AlertRule[]> } | undefined;
  const runs = new Map<number, Promise<RunState | undefined>>();
  const runOf = (experimentId: number) => {
    let found = runs.get(experimentId);
    if (!found) {
      if (runs.size >= CACHE_LIMIT) runs.clear();
      found = Promise.all([deps.experiments.byId(experimentId), deps.events.firedOn(experimentId)]).then(([experiment, fired]) => experiment && { experiment, fired, best: new Map() });
      runs.set(experimentId, found);
      found.catch(() => runs.delete(experimentId));
    }
    return found;
  };

  /** Fires or resets `rule` on the run as `holds` says, writing only on a change of what this instance knows. */
  const settle = async (rule: AlertRule, run: RunState, holds: boolean, value: string | null) => {
    if (holds && !run.fired.has(rule.id)) {
      run.fired.add(rule.id);
      await fireRule(deps, rule, run.experiment, value);
    } else if (!holds && run.fired.has(rule.id)) {
      run.fired.delete(rule.id);
      await deps.events.reset(rule.id, run.experiment.id);
    }
  };

  /** A threshold or NaN rule over the values of its metric, in arrival order. */
  const valueRule = async (rule: AlertRule, run: RunState, values: readonly number[]) => {
    for (const value of values) {
      const holds = rule.kind === 'nonFinite' ? !Number.isFinite(value) : !Number.isNaN(value) && crosses(rule, value);
      // Only a change of state is worth a look further (most values leave a rule as it was).
      if (holds !== run.fired.has(rule.id)) await settle(rule, run, holds, shownValue(value));
    }
  };

  /**
   * A plateau rule: the best value (min or max) and its step, kept per run and metric from the stored summary (read
   * once) and the values this instance stores; before it fires, the stored summary (every instance's values) decides.
   */
  const plateauRule = async (rule: AlertRule, run: RunState, values: readonly number[], steps: readonly (number | null)[]) => {
    const name = rule.metricName ?? '';
    const better = (value: number, than: number) => (rule.direction === 'max' ? value > than : value < than);
    const key = `${name}\u0000${rule.direction ?? 'min'}`;
    let best = run.best.get(key) ?? (await storedBest(rule, run));
    let latest: number | null = null;
    values.forEach((value, index) => {
      const step = steps[index] ?? null;
      if (step === null || Number.isNaN(value)) return;
      if (!best || better(value, best.value)) best = { value, step };
      latest = Math.max(latest ?? step, step);
    });
    if (!best) return;
    run.best.set(key, best);
    if (latest === null) return;
    const holds = latest - best.step >= (rule.steps ?? Infinity);
    if (holds === run.fired.has(rule.id)) return;
    if (!holds) return settle(rule, run, false, null);
    const stored = await storedBest(rule, run);
    if (stored) run.best.set(key, stored);
    const current = await storedCurrentStep(rule, run);
    if (stored && current !== null && current - stored.step >= (rule.steps ?? Infinity)) await settle(rule, run, true, shownValue(stored.value));
  };

  /** The metric's stored summary (every instance's values). */
  const storedSummary = async (rule: AlertRule, run: RunState) => {
    const name = rule.metricName ?? '';
    return (await deps.values.metricSummariesWithPrefix(run.experiment.id, name)).find((item) => item.name === name)?.summary;
  };
  const storedBest = async (rule: AlertRule, run: RunState): Promise<Best | undefined> => {
    const point = rule.direction === 'max' ? (await storedSummary(rule, run))?.max : (await storedSummary(rule, run))?.min;
    return point && point.step !== null && point.number !== null ? { value: point.number, step: point.step } : undefined;
  };
  const storedCurrentStep = async (rule: AlertRule, run: RunState) => (await storedSummary(rule, run))?.current.step ?? null;

  const evaluate = async (rule: AlertRule, run: RunState, series: Series) => {
    if (rule.kind === 'stale') {
      // A value of the metric ends its silence: the rule may fire again after the next one.
      if (run.fired.delete(rule.id)) await deps.events.reset(rule.id, run.experiment.id);
    } else if (rule.kind === 'noImprovement') await plateauRule(rule, run, series.values, series.steps);
    else await valueRule(rule, run, series.values);
  };

  return {
    async logged(experimentId, points) {
      try {
        const rules = await deps.rules.enabled();
        if (rules.length === 0) return;
        if (indexed?.of !== rules) indexed = { of: rules, index: byMetric(rules) };
        const { index } = indexed;
        const watched = seriesOf(points, index);
        if (watched.size === 0) return;
        const run = await runOf(experimentId);
        if (!run) return;
        for (const [name, series] of watched) {
          for (const rule of index.get(name) ?? []) if (watches(rule, run.experiment)) await evaluate(rule, run, series);
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
