import type { ColumnRecord, QueryPredicate, RuleGroup } from '../../../shared/api/search.ts';
import type { Sql } from '../database/sql.ts';
import type { SqlPart } from './compare.ts';
import { createCompiler, type LoggedSource } from './compile.ts';
import { createLoggedNames, listColumns } from './columns.ts';
import { endSql, IN_PROJECT, startSql, type Clock } from './operands.ts';

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

/** Queries over a project's experiments, compiled to SQL and evaluated by the database (nothing is filtered in memory). */
export interface SearchStore {
  /** The columns a query may name; archived true/false restricts the names to those experiments, undefined takes both. */
  columns(projectId: number, archived: boolean | undefined, clock: Clock): Promise<ColumnRecord[]>;
  /** Keys of the matching experiments (listed in the project, not trashed, archived as asked), newest first. */
  keys(projectId: number, filter: SearchFilter, archived: boolean, clock: Clock): Promise<string[]>;
  /** Row ids of one page of matching experiments, in the page's order. */
  page(projectId: number, filter: SearchFilter, page: SearchPage, clock: Clock): Promise<number[]>;
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
  };
}
