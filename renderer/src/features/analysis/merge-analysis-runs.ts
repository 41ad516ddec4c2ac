import type { ApiReply } from '../../lib/api.ts';

/** A reply of `ext.analysisRuns`: every run, or (with `delta`) only those changed since a cursor. */
type Runs = ApiReply<'getAnalysisRuns'>;

/** Whether run `at` of `delta` reads the same as run `was` of `held` (an alive run that logged nothing new). */
function sameRun(held: Runs, was: number, delta: Runs, at: number): boolean {
  if (held.names[was] !== delta.names[at] || (held.tags[was] ?? []).join('\u0000') !== (delta.tags[at] ?? []).join('\u0000')) return false;
  return held.columns.every((column) => {
    const fresh = delta.columns.find((one) => one.kind === column.kind && one.name === column.name);
    return fresh !== undefined && column.last[was] === fresh.last[at] && column.min[was] === fresh.min[at] && column.max[was] === fresh.max[at];
  });
}

/**
 * The held runs `held` updated by a read of what changed since its cursor: runs in `delta.removed` dropped, changed runs
 * given their new name, tags and values in place, new runs added at the end; the columns are those of `held`. Answers
 * `held` itself when nothing changed (so nothing redraws), else new arrays (the held ones are never changed).
 */
export function mergeAnalysisRuns(held: Runs, delta: Runs): Runs {
  if (!delta.delta) return delta;
  const removed = new Set(delta.removed ?? []);
  const heldAt = new Map(held.keys.map((key, index) => [key, index]));
  const changedAt = new Map<string, number>();
  delta.keys.forEach((key, index) => {
    const was = heldAt.get(key);
    if (was === undefined || !sameRun(held, was, delta, index)) changedAt.set(key, index);
  });
  if (changedAt.size === 0 && !held.keys.some((key) => removed.has(key))) return held;
  const rows: [from: 'held' | 'delta', index: number][] = [];
  held.keys.forEach((key, index) => {
    const changed = changedAt.get(key);
    if (changed !== undefined) {
      rows.push(['delta', changed]);
      changedAt.delete(key);
    } else if (!removed.has(key)) rows.push(['held', index]);
  });
  for (const index of changedAt.values()) rows.push(['delta', index]);
  const pick = <T>(ours: readonly T[], theirs: readonly T[], fallback: T): T[] => rows.map(([from, index]) => (from === 'held' ? ours[index] : theirs[index]) ?? fallback);
  /** A summary only metrics have (a parameter's arrays are empty). */
  const pickSummary = (ours: readonly (number | null)[], theirs: readonly (number | null)[] | undefined) => (ours.length === 0 && (theirs?.length ?? 0) === 0 ? [] : pick(ours, theirs ?? [], null));
  const columns = held.columns.map((column) => {
    const fresh = delta.columns.find((one) => one.kind === column.kind && one.name === column.name);
    return { ...column, last: pick(column.last, fresh?.last ?? [], null), min: pickSummary(column.min, fresh?.min), max: pickSummary(column.max, fresh?.max) };
  });
  return {
    keys: pick(held.keys, delta.keys, ''),
    names: pick(held.names, delta.names, null),
    tags: pick(held.tags, delta.tags, []),
    columns,
    cursor: delta.cursor,
    delta: false,
    removed: [],
  };
}
