import type pg from 'pg';
import type { Db } from '../database.ts';

/** How a column's values are written canonically on both sides (from its PostgreSQL type). */
export type ColumnKind = 'integer' | 'real' | 'text' | 'bytes';

/** One table to copy: its columns (sorted by name), primary key (in key order) and identity column. */
export interface TablePlan {
  name: string;
  columns: { name: string; kind: ColumnKind }[];
  primaryKey: string[];
  identity: string | undefined;
}

const KIND_OF_PG_TYPE: Record<string, ColumnKind> = { bigint: 'integer', 'double precision': 'real', text: 'text', bytea: 'bytes' };

/** A reason `migrate` stops before writing: printed as is, exit status 1. */
export class MigrateRefusal extends Error {}

/** The bookkeeping tables a dialect keeps for itself (migrations; PostgreSQL's cache epoch, migration 003); never copied. */
const OWN_TABLES = new Set(['schema_migrations', 'cache_epoch']);

/** Orders tables so that every table comes after the tables its foreign keys reference (ties by name). */
function foreignKeyOrder(db: Db, tables: string[]): string[] {
  const parentsOf = (table: string) => (db.pragma(`foreign_key_list("${table}")`) as { table: string }[]).map((fk) => fk.table).filter((parent) => parent !== table);
  const parents = new Map(tables.map((table) => [table, parentsOf(table)]));
  const ordered: string[] = [];
  while (ordered.length < tables.length) {
    const next = tables.find((table) => !ordered.includes(table) && (parents.get(table) ?? []).every((parent) => ordered.includes(parent)));
    if (next === undefined) throw new MigrateRefusal('The SQLite tables reference each other in a cycle: no copy order exists.');
    ordered.push(next);
  }
  return ordered;
}

/**
 * The copy plan: every SQLite table in foreign-key order, checked against the PostgreSQL schema (same tables, same
 * columns, known types). A difference means the two schemas are at different versions: refused.
 */
export async function planCopy(source: Db, target: pg.ClientBase): Promise<TablePlan[]> {
  const sqliteTables = source
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => row.name)
    .filter((name) => !OWN_TABLES.has(name));
  const { rows } = await target.query<{ table_name: string; column_name: string; data_type: string; is_identity: string }>(
    'SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const pgColumns = new Map<string, Map<string, { type: string; identity: boolean }>>();
  for (const row of rows) {
    if (OWN_TABLES.has(row.table_name)) continue;
    const columns = pgColumns.get(row.table_name) ?? new Map<string, { type: string; identity: boolean }>();
    columns.set(row.column_name, { type: row.data_type, identity: row.is_identity === 'YES' });
    pgColumns.set(row.table_name, columns);
  }
  const differences: string[] = [];
  for (const table of sqliteTables) if (!pgColumns.has(table)) differences.push(`table ${table} is missing in PostgreSQL`);
  for (const table of pgColumns.keys()) if (!sqliteTables.includes(table)) differences.push(`table ${table} is missing in SQLite`);
  const plans = foreignKeyOrder(source, sqliteTables).map((table): TablePlan => {
    const info = source.pragma(`table_info("${table}")`) as { name: string; pk: number }[];
    const target = pgColumns.get(table) ?? new Map<string, { type: string; identity: boolean }>();
    for (const column of info) if (!target.has(column.name) && pgColumns.has(table)) differences.push(`column ${table}.${column.name} is missing in PostgreSQL`);
    for (const column of target.keys()) if (!info.some((c) => c.name === column)) differences.push(`column ${table}.${column} is missing in SQLite`);
    const columns = info
      .map((column) => ({ name: column.name, kind: KIND_OF_PG_TYPE[target.get(column.name)?.type ?? ''] }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const column of columns) if (column.kind === undefined && pgColumns.has(table)) differences.push(`column ${table}.${column.name} has a type migrate does not know`);
    return {
      name: table,
      columns: columns.map((column) => ({ name: column.name, kind: column.kind ?? 'text' })),
      primaryKey: info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
      identity: [...target].find(([, column]) => column.identity)?.[0],
    };
  });
  if (differences.length > 0) {
    throw new MigrateRefusal(`The SQLite and PostgreSQL schemas differ (${differences.join('; ')}). Run the same Trackdesk version on both.`);
  }
  return plans;
}
