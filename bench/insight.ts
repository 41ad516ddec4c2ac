import { computeImportance, FOREST_MAX_RUNS } from '../renderer/src/features/analysis/importance/compute-importance.ts';
import { pearson } from '../renderer/src/features/analysis/importance/importance-encoding.ts';

/** A reproducible stream of numbers in [0, 1). */
function numbers(seed: number) {
  let state = seed;
  return () => (state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32) / 2 ** 32;
}

/** A sweep of `runs` runs over `parameters` numeric parameters where the first two set the metric. */
function sweep(runs: number, parameters: number) {
  const random = numbers(runs * 31 + parameters);
  const values = Array.from({ length: parameters }, () => Array.from({ length: runs }, random));
  const metric = values[0]?.map((value, run) => 2 * value + (values[1]?.[run] ?? 0) + 0.1 * random()) ?? [];
  return { metric, parameters: values.map((column, index) => ({ name: `p${index}`, values: column })) };
}

/** Milliseconds of one call of `work`. */
const time = (work: () => unknown) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/**
 * The importance panel's computation (run in a Web Worker in the app, so it never freezes the window): the forest and
 * correlations over sweeps of growing size, next to a baseline measured in the same run, the correlations alone.
 */
export async function runInsightBench(): Promise<void> {
  console.log(`importance panel: random forest (ml-random-forest, 25 trees, depth 6, at most ${FOREST_MAX_RUNS} runs sampled) + correlations, in a worker in the app`);
  console.log(`  ${'runs × parameters'.padEnd(20)}${'importance'.padStart(14)}${'correlations only'.padStart(20)}${'ratio'.padStart(10)}`);
  computeImportance(sweep(50, 4));
  for (const [runs, parameters] of [
    [20, 4],
    [100, 8],
    [300, 8],
    [10_000, 8],
    [300, 30],
  ] as const) {
    const input = sweep(runs, parameters);
    const importance = time(() => computeImportance(input));
    const baseline = time(() => input.parameters.map((parameter) => pearson(parameter.values, input.metric)));
    const label = `${runs.toLocaleString('en')} × ${parameters}`;
    console.log(`  ${label.padEnd(20)}${`${importance.toFixed(0)} ms`.padStart(14)}${`${baseline.toFixed(2)} ms`.padStart(20)}${`${(importance / Math.max(baseline, 0.01)).toFixed(0)}×`.padStart(10)}`);
  }
  console.log('  (the window stays responsive at every size: the figure is how long the panel shows "Computing importance")');
}
