// Importance scores come from ml-random-forest (mljs, MIT, ~90 KB with ml-cart; maintained: 2.1.0, Dec 2024): a regression
// forest over the parameters, scored by each parameter's share of the variance its splits remove (the impurity importance
// W&B's parameter-importance panel shows too). It captures effects a correlation misses (non-monotone, interactions) and
// is the only maintained random forest on npm with feature importances built in.
import { RandomForestRegression } from 'ml-random-forest';
import { encodeParameters, pearson, type Feature, type ParameterValues, type SkippedParameter } from './importance-encoding.ts';

/** What the importance of parameters for one metric is computed from: one entry per run in every array. */
export interface ImportanceInput {
  metric: readonly (number | string | null)[];
  parameters: readonly ParameterValues[];
}

/** One row of the panel: a parameter (or one value of a text parameter) with its scores. */
export interface ImportanceRow {
  label: string;
  parameter: string;
  kind: Feature['kind'];
  /** Pearson's r with the metric over the runs having both; null where it cannot be told. */
  correlation: number | null;
  /** The forest's importance, 0–1, summing to 1 over the rows; null when the forest could not be grown. */
  importance: number | null;
  /** Runs (with the metric) that lack this parameter. */
  missing: number;
}

/** Two model columns that move together, so their importance is shared between them. */
export interface CorrelatedPair {
  a: string;
  b: string;
  r: number;
}

/** Everything the panel shows: the rows sorted by importance, and the counts its caveats are made of. */
export interface ImportanceResult {
  rows: ImportanceRow[];
  /** Runs with a numeric value of the metric (the ones scored). */
  usedRuns: number;
  /** Runs left out because they have no numeric value of the metric. */
  leftOut: number;
  /** Runs the forest was grown on (a spread sample when there are more than `FOREST_MAX_RUNS`). */
  forestRuns: number;
  skipped: SkippedParameter[];
  correlated: CorrelatedPair[];
}

/** The forest is grown on at most this many runs (evenly spread): beyond it the scores barely move and growing slows down. */
export const FOREST_MAX_RUNS = 300;
/** Below this many runs no forest is grown (correlations only). */
export const FOREST_MIN_RUNS = 5;
/** Two numeric parameters with |r| at least this are called out as moving together. */
export const CORRELATED_R = 0.8;

/** Every `step`-th index so that at most `max` of `n` are taken. */
const spread = (n: number, max: number): number[] => {
  const step = Math.max(1, n / max);
  const picks: number[] = [];
  for (let at = 0; Math.floor(at) < n && picks.length < max; at += step) picks.push(Math.floor(at));
  return picks;
};

/** The forest's importance per feature (null each when no tree found a split: the metric does not vary with them). */
function forestImportance(features: readonly Feature[], metric: Float64Array): { scores: (number | null)[]; runs: number } {
  if (metric.length < FOREST_MIN_RUNS || features.length === 0) return { scores: features.map(() => null), runs: 0 };
  const means = features.map((feature) => {
    const present = feature.values.filter((value) => !Number.isNaN(value));
    return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : 0;
  });
  const picks = spread(metric.length, FOREST_MAX_RUNS);
  const rows = picks.map((run) => features.map((feature, column) => (Number.isNaN(feature.values[run] ?? NaN) ? (means[column] ?? 0) : (feature.values[run] ?? 0))));
  const forest = new RandomForestRegression({
    nEstimators: 25,
    maxFeatures: 1.0,
    replacement: false,
    useSampleBagging: true,
    noOOB: true,
    seed: 7,
    treeOptions: { maxDepth: 6, minNumSamples: 3 },
  });
  forest.train(rows, picks.map((run) => metric[run] ?? 0));
  const scores = (forest as unknown as { featureImportance(): number[] }).featureImportance();
  return { scores: scores.map((score) => (Number.isFinite(score) ? score : null)), runs: picks.length };
}

/** The numeric parameters that move together (|r| ≥ `CORRELATED_R`), strongest first. */
function correlatedPairs(features: readonly Feature[]): CorrelatedPair[] {
  const numeric = features.filter((feature) => feature.kind === 'number');
  const pairs: CorrelatedPair[] = [];
  for (let i = 0; i < numeric.length; i++) {
    for (let j = i + 1; j < numeric.length; j++) {
      const [a, b] = [numeric[i], numeric[j]];
      const r = a && b ? pearson(a.values, b.values) : null;
      if (a && b && r !== null && Math.abs(r) >= CORRELATED_R) pairs.push({ a: a.label, b: b.label, r });
    }
  }
  return pairs.sort((x, y) => Math.abs(y.r) - Math.abs(x.r));
}

/** Correlation and forest importance of every parameter for the metric, over the runs that have a numeric value of it. */
export function computeImportance({ metric, parameters }: ImportanceInput): ImportanceResult {
  const kept = metric.flatMap((value, run) => (typeof value === 'number' && Number.isFinite(value) ? [run] : []));
  const target = Float64Array.from(kept, (run) => metric[run] as number);
  const { features, skipped } = encodeParameters(parameters.map(({ name, values }) => ({ name, values: kept.map((run) => values[run] ?? null) })));
  const forest = forestImportance(features, target);
  const rows = features.map(
    (feature, column): ImportanceRow => ({
      label: feature.label,
      parameter: feature.parameter,
      kind: feature.kind,
      correlation: pearson(feature.values, target),
      importance: forest.scores[column] ?? null,
      missing: feature.missing,
    }),
  );
  const strength = (row: ImportanceRow) => row.importance ?? (Math.abs(row.correlation ?? 0) / 10 - 1);
  rows.sort((a, b) => strength(b) - strength(a) || Math.abs(b.correlation ?? 0) - Math.abs(a.correlation ?? 0));
  return { rows, usedRuns: kept.length, leftOut: metric.length - kept.length, forestRuns: forest.runs, skipped, correlated: correlatedPairs(features) };
}
