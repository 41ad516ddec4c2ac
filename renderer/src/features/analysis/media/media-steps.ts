/** One logged asset of a run, as `ext.mediaMany` lists it. */
export interface MediaItem {
  assetId: string;
  step: number | null;
  context: string | null;
}

/** One run's assets of the panel's name, by step. */
export interface MediaRun {
  experimentKey: string;
  items: readonly MediaItem[];
}

/** Every step any of `runs` logged the name at, ascending (an asset without a step counts as step 0). */
export function stepsOf(runs: readonly MediaRun[]): number[] {
  const steps = new Set<number>();
  for (const run of runs) for (const item of run.items) steps.add(item.step ?? 0);
  return [...steps].sort((a, b) => a - b);
}

/** The step the panel shows: the one asked when logged, else the nearest logged one below it (the first when none), the last for null (latest). */
export function shownStep(asked: number | null, steps: readonly number[]): number | null {
  if (steps.length === 0) return null;
  if (asked === null) return steps.at(-1) ?? null;
  let shown = steps[0] ?? null;
  for (const step of steps) if (step <= asked) shown = step;
  return shown;
}

/**
 * A run's asset to show at `step`: the last one logged at that step, else its last one before it (a run that logged less
 * often shows what it had then); with `step` null its latest; undefined when the run had logged none by then.
 */
export function itemAt(run: MediaRun, step: number | null): MediaItem | undefined {
  let found: MediaItem | undefined;
  for (const item of run.items) if (step === null || (item.step ?? 0) <= step) found = item;
  return found;
}
