/** A value as `ext.analysisRuns` answers it (null: the run has none). */
export type Value = number | string | null;

/** One compared row: a parameter or a metric's last value, with one value per compared run. */
export interface DifferenceRow {
  label: string;
  values: readonly Value[];
}

/** Whether a row's values differ between runs (a missing value differs from any logged one). */
export const differs = (row: DifferenceRow): boolean => row.values.some((value) => value !== row.values[0]);

/** The rows whose values differ (first, in their order) and the ones equal in every run. */
export function splitDifferences(rows: readonly DifferenceRow[]): { differing: DifferenceRow[]; equal: DifferenceRow[] } {
  return { differing: rows.filter(differs), equal: rows.filter((row) => !differs(row)) };
}

/** How many runs are compared when none is selected. */
export const DEFAULT_COMPARED = 5;

/**
 * The runs to compare, as indexes into `keys`: the selected ones that pass the brushes (in the reply's order), or when
 * none is selected the first `DEFAULT_COMPARED` passing ones (`fromSelection` false).
 */
export function comparedRuns(keys: readonly string[], selected: readonly string[], passing: ReadonlySet<string> | null): { runs: number[]; fromSelection: boolean } {
  const chosen = new Set(selected);
  const passes = (key: string) => passing === null || passing.has(key);
  const picked = keys.flatMap((key, run) => (chosen.has(key) && passes(key) ? [run] : []));
  if (picked.length > 0) return { runs: picked, fromSelection: true };
  return { runs: keys.flatMap((key, run) => (passes(key) ? [run] : [])).slice(0, DEFAULT_COMPARED), fromSelection: false };
}
