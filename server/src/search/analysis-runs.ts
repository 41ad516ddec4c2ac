import type { AnalysisColumn } from '../../../shared/api/analysis.ts';
import type { Sql } from '../database/sql.ts';
import type { SqlPart } from './compare.ts';
import { IN_PROJECT, type Clock } from './operands.ts';

/** A column's values in run order, as `ext.analysisRuns` answers them. */
export interface AnalysisColumnValues extends AnalysisColumn {
  last: (number | string | null)[];
  min: (number | null)[];
  max: (number | null)[];
}

/** The runs of an analysis, as parallel arrays; with `delta`, only the runs changed since the cursor asked from. */
export interface AnalysisRuns {
  keys: string[];
  names: (string | null)[];
  tags: string[][];
  columns: AnalysisColumnValues[];
  /** Where the next read of only what changed starts (`since`). */
  cursor: string;
  /** True when the runs are only those changed since `since` (merge them), false when they are every run (replace). */
  delta: boolean;
  /** Keys of runs to drop: trashed, moved away, unlinked, purged or no longer passing the filter since `since`. */
  removed: string[];
}

/** Where a read stood: the change feed's newest number, the newest summary row, and the read's time. */
interface Mark {
  seq: number;
  item: number;
  at: number;
}

/** The cursor of a mark, `seq.item.at`. */
const cursorOf = (mark: Mark) => `${mark.seq}.${mark.item}.${mark.at}`;

/** The mark of a cursor this read answered, or null when `text` is not one. */
export function markOf(text: string): Mark | null {
  const parts = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})$/.exec(text);
  return parts ? { seq: Number(parts[1]), item: Number(parts[2]), at: Number(parts[3]) } : null;
}

/** id, key, name (and whether it passes the filter, on a read of changes). */
type RunRow = [number, string, string | null, number?];
/** experiment_id, the column's index, cur_value (null when cur_number is set), cur_number; for metrics min_number and max_number. */
type ValueRow = [number, number, string | null, number | null, (number | null)?, (number | null)?];

/** Run ids per statement of the summaries' read (well under both backends' parameter limits). */
const CHUNK = 2048;

/**
 * `ids` repeated at the end up to a power of two (the IN list reads each once): the statements' texts are then few
 * and each is prepared once, not at every read.
 */
function paddedIds(ids: readonly number[]): number[] {
  let length = 16;
  while (length < ids.length) length *= 2;
  return Array.from({ length }, (_, index) => ids[Math.min(index, ids.length - 1)] ?? 0);
}

/** Reads the tags and the summaries of `columns` of `runs` (in their order), in chunks of run ids: one pass over their summaries. */
async function readValues(db: Sql, runs: readonly RunRow[], columns: readonly AnalysisColumn[]) {
  const position = new Map(runs.map((run, index) => [run[0], index]));
  const tags: string[][] = runs.map(() => []);
  // A parameter's smallest and largest values are its last: only metrics have them apart (half the reply for a parallel chart).
  const values = columns.map((column): AnalysisColumnValues => {
    const summaries = () => (column.kind === 'metric' ? runs.map(() => null) : []);
    return { ...column, last: runs.map(() => null), min: summaries(), max: summaries() };
  });
  const kinds = (['metric', 'parameter'] as const)
    .map((kind) => ({ kind, asked: values.filter((column) => (column.kind === 'metric') === (kind === 'metric')) }))
    .filter(({ asked }) => asked.length > 0);
  for (let start = 0; start < runs.length; start += CHUNK) {
    const ids = paddedIds(runs.slice(start, start + CHUNK).map((run) => run[0]));
    const idList = ids.map(() => '?').join(', ');
    const tagRows = await db.prepare<unknown[], [number, string]>(`SELECT experiment_id, tag FROM experiment_tags WHERE experiment_id IN (${idList}) ORDER BY tag`).raw().all(...ids);
    for (const [id, tag] of tagRows) tags[position.get(id) ?? -1]?.push(tag);
    // A statement per kind: each run's summaries are found by (experiment, kind, name), with no probe for a kind's names
    // under the other kind. Each row says its column by number, the text only where the value is not a number, and a
    // minimum and maximum only for metrics: the rows cost less to hand over.
    for (const { kind, asked } of kinds) {
      const names = asked.map((column) => column.name);
      const marks = names.map(() => '?');
      const rows = await db
        .prepare<unknown[], ValueRow>(
          `SELECT experiment_id, CASE name ${marks.map((mark, index) => `WHEN ${mark} THEN ${index}`).join(' ')} END, CASE WHEN cur_number IS NULL THEN cur_value END, cur_number` +
            `${kind === 'metric' ? ', min_number, max_number' : ''} FROM logged_items WHERE experiment_id IN (${idList}) AND kind = ? AND name IN (${marks.join(', ')})`,
        )
        .raw()
        .all(...names, ...ids, kind, ...names);
      for (const [id, index, value, number, min, max] of rows) {
        const column = asked[index];
        const at = position.get(id);
        if (!column || at === undefined) continue;
        column.last[at] = number ?? value;
        if (kind !== 'metric') continue;
        column.min[at] = min ?? null;
        column.max[at] = max ?? null;
      }
    }
  }
  return { tags, columns: values };
}

/** Where the data stands now (read before the data, so that what commits meanwhile is read again next time, never lost). */
async function markNow(db: Sql, clock: Clock): Promise<Mark> {
  const [seq, item] = (await db
    .prepare<[], [number | string | null, number | string | null]>('SELECT (SELECT max(seq) FROM change_counter), (SELECT max(id) FROM logged_items)')
    .raw()
    .get()) ?? [0, 0];
  return { seq: Number(seq ?? 0), item: Number(item ?? 0), at: clock.now };
}

/**
 * Reads the runs of project `projectId` passing `where` (a compiled table filter over alias `e`, not trashed) with their
 * names, tags and the summaries of `columns`, oldest first. With `since` (a cursor a previous read answered), only the
 * runs that may have changed since: changed in the change feed, given a new metric or parameter name, or alive (a
 * keep-alive within the beat duration before that read, so their summaries may have moved); with the keys to drop.
 */
export async function readAnalysisRuns(db: Sql, projectId: number, where: SqlPart, columns: readonly AnalysisColumn[], clock: Clock, since?: string): Promise<AnalysisRuns> {
  const from = since === undefined ? null : markOf(since);
  const mark = await markNow(db, clock);
  if (!from) {
    const runs = await db
      .prepare<unknown[], RunRow>(`SELECT e.id, e.key, e.name FROM experiments e WHERE e.deleted_at IS NULL AND ${IN_PROJECT} AND (${where.sql}) ORDER BY e.created_at, e.id`)
      .raw()
      .all(projectId, projectId, ...where.params);
    return { keys: runs.map((run) => run[1]), names: runs.map((run) => run[2]), ...(await readValues(db, runs, columns)), cursor: cursorOf(mark), delta: false, removed: [] };
  }
  const changed = await db
    .prepare<unknown[], RunRow>(
      `SELECT e.id, e.key, e.name, CASE WHEN e.deleted_at IS NULL AND (${where.sql}) THEN 1 ELSE 0 END FROM experiments e WHERE ${IN_PROJECT} ` +
        'AND (e.change_seq > ? OR e.last_beat_at >= ? OR e.id IN (SELECT experiment_id FROM logged_items WHERE id > ?)) ORDER BY e.created_at, e.id',
    )
    .raw()
    .all(...where.params, projectId, projectId, from.seq, from.at - clock.beatMillis, from.item);
  const runs = changed.filter((run) => run[3] === 1);
  const listed = new Set(runs.map((run) => run[1]));
  const left = await db.prepare<[number, number], string>('SELECT experiment_key FROM experiment_removals WHERE project_id = ? AND seq > ?').pluck().all(projectId, from.seq);
  const removed = [...new Set([...changed.filter((run) => run[3] !== 1).map((run) => run[1]), ...left])].filter((key) => !listed.has(key));
  return { keys: runs.map((run) => run[1]), names: runs.map((run) => run[2]), ...(await readValues(db, runs, columns)), cursor: cursorOf(mark), delta: true, removed };
}
