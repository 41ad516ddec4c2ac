import type { ColumnRecord, ColumnSource, ColumnType } from '../../../shared/api/search.ts';
import type { Sql, Statement } from '../database/sql.ts';
import { kindTerm, type LoggedSource } from './compile.ts';
import { ENV_COLUMNS, IN_PROJECT, metadataColumns, type Clock } from './operands.ts';

const SOURCE_OF_KIND: Record<string, LoggedSource> = { metric: 'metrics', parameter: 'params', other: 'log_other' };
const SOURCE_ORDER: readonly ColumnSource[] = ['metadata', 'metrics', 'params', 'log_other', 'env_details', 'tag'];

/**
 * Experiments (alias `e`) whose names count: in project `?` (bound twice), not trashed, and archived as
 * the next two parameters say (NULL: either).
 */
const SCOPE = `e.deleted_at IS NULL AND ${IN_PROJECT} AND (CAST(? AS INTEGER) IS NULL OR e.archived = ?)`;

/** Which metric, parameter and other names experiments of a project logged, and their types. */
interface LoggedNames {
  /** True when an experiment in scope has a value of that name (archived undefined: archived or not). */
  inScope(source: LoggedSource, name: string, projectId: number, archived: boolean | undefined): Promise<boolean>;
  /** Every name in scope, each with its type: double when every value is a number, boolean when every one is true/false, else string. */
  list(projectId: number, archived: boolean | undefined): Promise<ColumnRecord[]>;
}

/** Builds the name lookups: each answers from the indexes and stops at the first row that settles it. */
export function createLoggedNames(db: Sql): LoggedNames {
  const scopeParams = (projectId: number, archived: boolean | undefined) => {
    const flag = archived === undefined ? null : archived ? 1 : 0;
    return [projectId, projectId, flag, flag];
  };
  const probes = new Map<string, Statement>();
  /** Whether a summary of that name in scope passes `extra` (a condition on `li`). */
  const exists = async (source: LoggedSource, extra: string, name: string, projectId: number, archived: boolean | undefined): Promise<boolean> => {
    const id = `${source}|${extra}`;
    let probe = probes.get(id);
    if (!probe) {
      probe = db.prepare(
        `SELECT 1 FROM logged_items li JOIN experiments e ON e.id = li.experiment_id WHERE ${kindTerm(source)} AND li.name = ? ${extra} AND ${SCOPE} LIMIT 1`,
      );
      probes.set(id, probe);
    }
    return (await probe.get(name, ...scopeParams(projectId, archived))) !== undefined;
  };
  const distinct = db.prepare<unknown[], { kind: string; name: string }>(
    `SELECT DISTINCT li.kind, li.name FROM experiments e JOIN logged_items li ON li.experiment_id = e.id WHERE ${SCOPE}`,
  );
  const typeOf = async (source: LoggedSource, name: string, projectId: number, archived: boolean | undefined): Promise<ColumnType> => {
    const has = (extra: string) => exists(source, extra, name, projectId, archived);
    if (!(await has('AND li.cur_number IS NULL'))) return 'double';
    if ((await has('AND li.cur_number IS NOT NULL')) || (await has("AND li.cur_number IS NULL AND lower(li.cur_value) NOT IN ('true', 'false')"))) return 'string';
    return 'boolean';
  };
  return {
    inScope: (source, name, projectId, archived) => exists(source, '', name, projectId, archived),
    async list(projectId, archived) {
      const columns: ColumnRecord[] = [];
      for (const { kind, name } of await distinct.all(...scopeParams(projectId, archived))) {
        const source = SOURCE_OF_KIND[kind];
        if (source) columns.push({ name, source, type: await typeOf(source, name, projectId, archived) });
      }
      return columns;
    },
  };
}

/**
 * Every column a query may name in a project: the fixed metadata columns, each metric, parameter and other
 * logged by its experiments, the system-details fields (env_details) once any experiment logged system
 * details, and each tag (a tag column is named by the tag).
 */
export async function listColumns(db: Sql, names: LoggedNames, projectId: number, archived: boolean | undefined, clock: Clock): Promise<ColumnRecord[]> {
  const flag = archived === undefined ? null : archived ? 1 : 0;
  const params = [projectId, projectId, flag, flag];
  const metadata = Object.entries(metadataColumns(clock)).map(([name, column]): ColumnRecord => ({ name, source: 'metadata', type: column.type }));
  const hasSystem = await db.prepare(`SELECT 1 FROM experiments e JOIN experiment_documents d ON d.experiment_id = e.id AND d.kind = 'system' WHERE ${SCOPE} LIMIT 1`).get(...params);
  const env = hasSystem ? Object.entries(ENV_COLUMNS).map(([name, type]): ColumnRecord => ({ name, source: 'env_details', type })) : [];
  const tags = (await db
    .prepare<unknown[], string>(`SELECT DISTINCT t.tag FROM experiments e JOIN experiment_tags t ON t.experiment_id = e.id WHERE ${SCOPE}`)
    .pluck()
    .all(...params))
    .map((tag): ColumnRecord => ({ name: tag, source: 'tag', type: 'string' }));
  const rank = (column: ColumnRecord) => SOURCE_ORDER.indexOf(column.source);
  const byName = (a: ColumnRecord, b: ColumnRecord) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [...metadata, ...[...await names.list(projectId, archived), ...env, ...tags].sort(byName)];
}
