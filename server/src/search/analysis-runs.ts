import type { AnalysisColumn } from '../../../shared/api/analysis.ts';
import type { Sql } from '../database/sql.ts';
import type { SqlPart } from './compare.ts';
import { IN_PROJECT } from './operands.ts';

/** A column's values in run order, as `ext.analysisRuns` answers them. */
export interface AnalysisColumnValues extends AnalysisColumn {
  last: (number | string | null)[];
  min: (number | null)[];
  max: (number | null)[];
}

/** The runs of an analysis, as parallel arrays. */
export interface AnalysisRuns {
  keys: string[];
  names: (string | null)[];
  tags: string[][];
  columns: AnalysisColumnValues[];
}

interface RunRow {
  id: number;
  key: string;
  name: string | null;
}
interface ValueRow {
  experiment_id: number;
  kind: string;
  name: string;
  cur_value: string;
  cur_number: number | null;
  min_number: number | null;
  max_number: number | null;
}

const CHUNK = 500;

/**
 * Reads the runs of project `projectId` passing `where` (a compiled table filter over alias `e`, not trashed) with their
 * names, tags and the summaries of `columns`, oldest first; rows are read in chunks of run ids so that any number of
 * runs costs one pass over their summaries.
 */
export async function readAnalysisRuns(db: Sql, projectId: number, where: SqlPart, columns: readonly AnalysisColumn[]): Promise<AnalysisRuns> {
  const runs = await db
    .prepare<unknown[], RunRow>(`SELECT e.id, e.key, e.name FROM experiments e WHERE e.deleted_at IS NULL AND ${IN_PROJECT} AND (${where.sql}) ORDER BY e.created_at, e.id`)
    .all(projectId, projectId, ...where.params);
  const position = new Map(runs.map((run, index) => [run.id, index]));
  const tags: string[][] = runs.map(() => []);
  const values = columns.map((column) => ({ ...column, last: runs.map(() => null), min: runs.map(() => null), max: runs.map(() => null) }) as AnalysisColumnValues);
  const columnAt = new Map(columns.map((column, index) => [`${column.kind === 'metric' ? 'metric' : 'parameter'}\u0000${column.name}`, index]));
  const names = [...new Set(columns.map((column) => column.name))];
  for (let start = 0; start < runs.length; start += CHUNK) {
    const ids = runs.slice(start, start + CHUNK).map((run) => run.id);
    const idList = ids.map(() => '?').join(', ');
    const tagRows = await db.prepare<unknown[], { experiment_id: number; tag: string }>(`SELECT experiment_id, tag FROM experiment_tags WHERE experiment_id IN (${idList}) ORDER BY tag`).all(...ids);
    for (const row of tagRows) tags[position.get(row.experiment_id) ?? -1]?.push(row.tag);
    if (names.length === 0) continue;
    const rows = await db
      .prepare<unknown[], ValueRow>(
        `SELECT experiment_id, kind, name, cur_value, cur_number, min_number, max_number FROM logged_items ` +
          `WHERE experiment_id IN (${idList}) AND kind IN ('metric', 'parameter') AND name IN (${names.map(() => '?').join(', ')})`,
      )
      .all(...ids, ...names);
    for (const row of rows) {
      const column = values[columnAt.get(`${row.kind}\u0000${row.name}`) ?? -1];
      const at = position.get(row.experiment_id);
      if (!column || at === undefined) continue;
      column.last[at] = row.cur_number ?? row.cur_value;
      column.min[at] = row.kind === 'metric' ? row.min_number : row.cur_number;
      column.max[at] = row.kind === 'metric' ? row.max_number : row.cur_number;
    }
  }
  return { keys: runs.map((run) => run.key), names: runs.map((run) => run.name), tags, columns: values };
}
