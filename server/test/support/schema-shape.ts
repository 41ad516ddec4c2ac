import type pg from 'pg';
import type { Db } from '../../src/database/database.ts';

/** A schema as comparable lines per table: columns (type, nullability, default), primary key, foreign keys (ON DELETE), unique constraints, indexes. */
export type SchemaShape = Record<string, string[]>;

const PG_TYPE_OF_AFFINITY: Record<string, string> = { INTEGER: 'bigint', REAL: 'double precision', TEXT: 'text', BLOB: 'bytea' };
const ON_DELETE: Record<string, string> = { a: 'NO ACTION', c: 'CASCADE', n: 'SET NULL', r: 'RESTRICT', d: 'SET DEFAULT' };

/** The shape of a SQLite database (its own schema_migrations left out). */
export function sqliteShape(db: Db): SchemaShape {
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").all();
  const shape: SchemaShape = {};
  for (const { name: table } of tables) {
    const columns = db.pragma(`table_info("${table}")`) as { name: string; type: string; notnull: number; pk: number; dflt_value: string | null }[];
    const lines = columns.map(
      (c) => `column ${c.name} ${PG_TYPE_OF_AFFINITY[c.type] ?? c.type} ${c.notnull || c.pk ? 'not null' : 'null'} default ${c.dflt_value ?? '-'}`,
    );
    lines.push(`primary key (${columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name).join(', ')})`);
    for (const fk of db.pragma(`foreign_key_list("${table}")`) as { from: string; table: string; to: string; on_delete: string }[]) {
      lines.push(`foreign key ${fk.from} → ${fk.table}(${fk.to}) on delete ${fk.on_delete}`);
    }
    for (const index of db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string; partial: number }[]) {
      const indexColumns = (db.pragma(`index_info("${index.name}")`) as { name: string | null }[]).map((c) => c.name ?? '<expression>').join(', ');
      if (index.origin === 'u') lines.push(`unique (${indexColumns})`);
      if (index.origin === 'c') lines.push(`index ${index.name} (${indexColumns})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`);
    }
    shape[table] = lines.sort();
  }
  return shape;
}

/** The shape of a PostgreSQL database's current schema, in the same terms. */
export async function postgresShape(client: pg.ClientBase): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const add = (table: string, line: string) => (shape[table] ??= []).push(line);
  const columns = await client.query<{ t: string; c: string; type: string; nullable: string; dflt: string | null }>(
    "SELECT table_name AS t, column_name AS c, data_type AS type, is_nullable AS nullable, column_default AS dflt FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'",
  );
  for (const row of columns.rows) {
    const defaultValue = row.dflt === null ? '-' : row.dflt.replace(/::(text|bigint|double precision)$/, '');
    add(row.t, `column ${row.c} ${row.type} ${row.nullable === 'YES' ? 'null' : 'not null'} default ${defaultValue}`);
  }
  const columnNames = `(SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(%s) WITH ORDINALITY k(num, ord) JOIN pg_attribute a ON a.attrelid = %s AND a.attnum = k.num)`;
  const constraints = await client.query<{ t: string; kind: string; cols: string; ref: string | null; refcols: string | null; del: string }>(`
    SELECT c.conrelid::regclass::text AS t, c.contype AS kind, ${columnNames.replace('%s', 'c.conkey').replace('%s', 'c.conrelid')} AS cols,
      c.confrelid::regclass::text AS ref, ${columnNames.replace('%s', 'c.confkey').replace('%s', 'c.confrelid')} AS refcols, c.confdeltype AS del
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = current_schema() AND c.contype IN ('p', 'u', 'f') AND c.conrelid::regclass::text <> 'schema_migrations'`);
  for (const row of constraints.rows) {
    if (row.kind === 'p') add(row.t, `primary key (${row.cols})`);
    if (row.kind === 'u') add(row.t, `unique (${row.cols})`);
    if (row.kind === 'f') add(row.t, `foreign key ${row.cols} → ${row.ref ?? ''}(${row.refcols ?? ''}) on delete ${ON_DELETE[row.del] ?? row.del}`);
  }
  const indexes = await client.query<{ t: string; name: string; cols: string; uniq: boolean; partial: boolean }>(`
    SELECT i.indrelid::regclass::text AS t, x.relname AS name, i.indisunique AS uniq, i.indpred IS NOT NULL AS partial,
      (SELECT string_agg(coalesce(a.attname, '<expression>'), ', ' ORDER BY k.ord) FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, ord)
        LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num AND k.num > 0) AS cols
    FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_namespace n ON n.oid = x.relnamespace
    WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
  for (const row of indexes.rows) add(row.t, `index ${row.name} (${row.cols})${row.uniq ? ' unique' : ''}${row.partial ? ' partial' : ''}`);
  for (const table of Object.keys(shape)) shape[table]?.sort();
  // PostgreSQL's own bookkeeping of cache validity (its migration 003): SQLite watches PRAGMA data_version instead.
  delete shape.cache_epoch;
  // metric_point_chunks' link to logged_items is a delete trigger on PostgreSQL (its migrations 004, 005), a foreign key on SQLite.
  const linked = await client.query("SELECT 1 FROM pg_trigger WHERE tgname = 'logged_items_delete_points' AND tgrelid = 'logged_items'::regclass");
  if (linked.rowCount === 1) shape.metric_point_chunks = [...(shape.metric_point_chunks ?? []), 'foreign key item_id → logged_items(id) on delete CASCADE'].sort();
  return shape;
}
