/** Runs under one value of the grouping parameter. */
export interface RunGroup {
  /** The parameter's value ('' for runs without it). */
  value: string;
  keys: string[];
}

/**
 * The runs `keys` grouped by their value of a parameter (`valueOf`), groups in the order of their first run, runs
 * without a value last; one group of every run when there is no parameter.
 */
export function groupRuns(keys: readonly string[], valueOf: ((key: string) => string | null) | null): RunGroup[] {
  if (!valueOf) return [{ value: '', keys: [...keys] }];
  const groups = new Map<string, string[]>();
  const unset: string[] = [];
  for (const key of keys) {
    const value = valueOf(key);
    if (value === null || value === '') unset.push(key);
    else groups.set(value, [...(groups.get(value) ?? []), key]);
  }
  const made = [...groups].map(([value, members]) => ({ value, keys: members }));
  return unset.length ? [...made, { value: '', keys: unset }] : made;
}
