import type { ColumnRecord, ColumnSource, ColumnType } from '../../../shared/api/search.ts';
import type { Db } from './database.ts';
import { IN_PROJECT, metadataColumns, type Clock } from './search-operands.ts';

const SOURCE_OF_KIND: Record<string, ColumnSource> = { metric: 'metrics', parameter: 'params', other: 'log_other' };
const SOURCE_ORDER: readonly ColumnSource[] = ['metadata', 'metrics', 'params', 'log_other', 'env_details', 'tag'];

/** The experiments whose names are listed: in the project, not trashed, archived as asked (undefined: both). */
function scope(projectId: number, archived: boolean | undefined) {
  const archivedSql = archived === undefined ? '' : ' AND e.archived = ?';
  return {
    sql: `e.deleted_at IS NULL AND ${IN_PROJECT}${archivedSql}`,
    params: [projectId, projectId, ...(archived === undefined ? [] : [archived ? 1 : 0])],
  };
}

/** double when every value is a number, boolean when every value is true/false, else string. */
const typeOf = (numeric: number, boolean: number): ColumnType => (numeric ? 'double' : boolean ? 'boolean' : 'string');

/**
 * Every column a query may name in a project: the fixed metadata columns, then each metric, parameter, other
 * and system-details (env_details) field logged by its experiments, and each tag (a tag column is named by the tag).
 */
export function listColumns(db: Db, projectId: number, archived: boolean | undefined, clock: Clock): ColumnRecord[] {
  const { sql: where, params } = scope(projectId, archived);
  const metadata = Object.entries(metadataColumns(clock)).map(([name, column]): ColumnRecord => ({ name, source: 'metadata', type: column.type }));
  const logged = db
    .prepare<unknown[], { kind: string; name: string; numeric: number; bool: number }>(
      `SELECT li.kind, li.name, min(li.cur_number IS NOT NULL) AS numeric, min(lower(li.cur_value) IN ('true', 'false')) AS bool
       FROM experiments e JOIN logged_items li ON li.experiment_id = e.id WHERE ${where} GROUP BY li.kind, li.name`,
    )
    .all(...params)
    .map((row): ColumnRecord => ({ name: row.name, source: SOURCE_OF_KIND[row.kind] ?? 'log_other', type: typeOf(row.numeric, row.bool) }));
  const env = db
    .prepare<unknown[], { name: string; numeric: number; bool: number }>(
      `SELECT j.key AS name, min(j.type IN ('integer', 'real')) AS numeric, min(j.type IN ('true', 'false')) AS bool
       FROM experiments e JOIN experiment_documents d ON d.experiment_id = e.id AND d.kind = 'system', json_each(d.content) j
       WHERE ${where} AND j.type NOT IN ('object', 'array', 'null') GROUP BY j.key`,
    )
    .all(...params)
    .map((row): ColumnRecord => ({ name: row.name, source: 'env_details', type: typeOf(row.numeric, row.bool) }));
  const tags = db
    .prepare<unknown[], string>(`SELECT DISTINCT t.tag FROM experiments e JOIN experiment_tags t ON t.experiment_id = e.id WHERE ${where}`)
    .pluck()
    .all(...params)
    .map((tag): ColumnRecord => ({ name: tag, source: 'tag', type: 'string' }));
  const rank = (column: ColumnRecord) => SOURCE_ORDER.indexOf(column.source);
  const byName = (a: ColumnRecord, b: ColumnRecord) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [...metadata, ...[...logged, ...env, ...tags].sort(byName)];
}
