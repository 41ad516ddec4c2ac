import type { AnalysisColumn } from '../../../shared/api/analysis.ts';
import type { ColumnRecord, QueryPredicate, RuleGroup } from '../../../shared/api/search.ts';
import type { Sql } from '../database/sql.ts';
import { readAnalysisRuns, type AnalysisRuns } from './analysis-runs.ts';
import type { SqlPart } from './compare.ts';
import { createCompiler, kindTerm, type LoggedSource } from './compile.ts';
import { createLoggedNames, listColumns } from './columns.ts';
import { endSql, IN_PROJECT, startSql, type Clock } from './operands.ts';
import { compileTableQuery } from './table-query.ts';

/** What to match: project/query's predicates, or experiments/search's rule tree. */
export type SearchFilter = { predicates: readonly QueryPredicate[] } | { rulesTree: RuleGroup | null | undefined };

/** Which experiments to list, in which order, and which page of them. */
export interface SearchPage {
  archived: boolean;
  /** `created` (newest first by default) is the order of the plain list. */
  sortBy: 'created' | 'startTime' | 'endTime';
  order: 'asc' | 'desc';
  /** null: every matching experiment. */
  limit: number | null;
  offset: number;
}

/** A summary column the table sorts by: a metric's or parameter's last, minimum or maximum value. */
export interface SummarySort {
  kind: 'metric' | 'param';
  name: string;
  aggregate: 'current' | 'min' | 'max';
  order: 'asc' | 'desc';
}

/** Queries over a project's experiments, compiled to SQL and evaluated by the database (nothing is filtered in memory). */
export interface SearchStore {
  /** The columns a query may name; archived true/false restricts the names to those experiments, undefined takes both. */
  columns(projectId: number, archived: boolean | undefined, clock: Clock): Promise<ColumnRecord[]>;
  /** Keys of the matching experiments (listed in the project, not trashed, archived as asked), newest first. */
  keys(projectId: number, filter: SearchFilter, archived: boolean, clock: Clock): Promise<string[]>;
  /** Row ids of one page of matching experiments, in the page's order. */
  page(projectId: number, filter: SearchFilter, page: SearchPage, clock: Clock): Promise<number[]>;
  /**
   * Keys of every experiment listed in the project (archived and trashed included) passing the table's filter text, in
   * the summary column's order when one is given (experiments without the value last), else in no particular order.
   */
  table(projectId: number, text: string, sort: SummarySort | undefined, clock: Clock): Promise<string[]>;
  /** The runs (not trashed) passing the table's filter text, oldest first, with names, tags and the summaries of `columns`. */
  analysis(projectId: number, text: string, columns: readonly AnalysisColumn[], clock: Clock, since?: string): Promise<AnalysisRuns>;
}

/** Creates the search store over a database. */
export function createSearchStore(db: Sql): SearchStore {
  const names = createLoggedNames(db);
  const hasName = (projectId: number) => (source: LoggedSource, name: string) => names.inScope(source, name, projectId, undefined);

  const condition = async (projectId: number, filter: SearchFilter, clock: Clock): Promise<SqlPart> => {
    const compiler = createCompiler({ clock, dialect: db.dialect, hasName: hasName(projectId) });
    return 'predicates' in filter ? compiler.predicates(filter.predicates) : compiler.tree(filter.rulesTree);
  };

  const select = (what: string, projectId: number, where: SqlPart, archived: boolean, tail: string) => ({
    sql: `SELECT ${what} FROM experiments e WHERE e.deleted_at IS NULL AND e.archived = ? AND ${IN_PROJECT} AND (${where.sql}) ${tail}`,
    params: [archived ? 1 : 0, projectId, projectId, ...where.params],
  });

  return {
    columns: (projectId, archived, clock) => listColumns(db, names, projectId, archived, clock),
    async keys(projectId, filter, archived, clock) {
      const query = select('e.key', projectId, await condition(projectId, filter, clock), archived, 'ORDER BY e.created_at DESC, e.id DESC');
      return db.prepare<unknown[], string>(query.sql).pluck().all(...query.params);
    },
    async page(projectId, filter, page, clock) {
      const direction = page.order === 'asc' ? 'ASC' : 'DESC';
      const key = page.sortBy === 'startTime' ? startSql : page.sortBy === 'endTime' ? endSql(clock) : 'e.created_at';
      const tail = `ORDER BY ${key} ${direction}, e.id ${direction} LIMIT ? OFFSET ?`;
      const query = select('e.id', projectId, await condition(projectId, filter, clock), page.archived, tail);
      return db.prepare<unknown[], number>(query.sql).pluck().all(...query.params, page.limit ?? Number.MAX_SAFE_INTEGER, page.offset);
    },
    async table(projectId, text, sort, clock) {
      const where = await compileTableQuery(text, { clock, dialect: db.dialect, hasName: hasName(projectId) });
      if (!sort) {
        const sql = `SELECT e.key FROM experiments e WHERE ${IN_PROJECT} AND (${where.sql})`;
        return db.prepare<unknown[], string>(sql).pluck().all(projectId, projectId, ...where.params);
      }
      const reading = sort.aggregate === 'current' ? 'cur' : sort.aggregate;
      const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
      const byText = db.dialect === 'postgres' ? `li.${reading}_value COLLATE "C"` : `li.${reading}_value`;
      const join = `LEFT JOIN logged_items li ON li.experiment_id = e.id AND ${kindTerm(sort.kind === 'metric' ? 'metrics' : 'params')} AND li.name = ?`;
      const order = `ORDER BY (li.id IS NULL), (li.${reading}_number IS NULL), li.${reading}_number ${direction}, ${byText} ${direction}, e.key`;
      const sql = `SELECT e.key FROM experiments e ${join} WHERE ${IN_PROJECT} AND (${where.sql}) ${order}`;
      return db.prepare<unknown[], string>(sql).pluck().all(sort.name, projectId, projectId, ...where.params);
    },
    async analysis(projectId, text, columns, clock, since) {
      const where = await compileTableQuery(text, { clock, dialect: db.dialect, hasName: hasName(projectId) });
      return readAnalysisRuns(db, projectId, where, columns, clock, since);
    },
  };
}
