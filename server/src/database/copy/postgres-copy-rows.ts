import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../database.ts';
import type { ColumnKind, TablePlan } from './postgres-copy-plan.ts';

/** A table's row count and the SHA-256 of its rows' canonical JSON, one per line, in primary-key order. */
export interface TableDigest {
  rows: number;
  checksum: string;
}

/** Rows are read and written this many at a time. */
export const BATCH_ROWS = 1000;

const INT8_OID = 20;
/** Reads bigint columns as BigInt (pg's default is a string), so that ids beyond 2^53 stay exact. */
const exactTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (text: string) => BigInt(text) : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** An SQL identifier, double-quoted. */
export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quote = quoteIdentifier;

/** The column list of a plan, quoted, in the plan's (name) order. */
export const columnList = (plan: TablePlan): string => plan.columns.map((column) => quote(column.name)).join(', ');

/** The table's key order; text keys compare bytewise on PostgreSQL (COLLATE "C"), as SQLite's BINARY collation does. */
function keyOrder(plan: TablePlan, dialect: 'sqlite' | 'postgres'): string {
  const key = plan.primaryKey.length > 0 ? plan.primaryKey : plan.columns.map((column) => column.name);
  const text = new Set(plan.columns.filter((column) => column.kind === 'text').map((column) => column.name));
  return key.map((name) => (dialect === 'postgres' && text.has(name) ? `${quote(name)} COLLATE "C"` : quote(name))).join(', ');
}

/** One value as the same text on both sides: integers in decimal, reals by their shortest exact form, bytes in hex. */
function canonicalValue(value: unknown, kind: ColumnKind): string | null {
  if (value === null || value === undefined) return null;
  if (kind === 'bytes') return `\\x${Buffer.from(value as Uint8Array).toString('hex')}`;
  if (kind === 'real') return String(Number(value));
  return String(value as string | number | bigint);
}

/** A row (values in plan order) as canonical JSON. */
export const canonicalRow = (values: unknown[], plan: TablePlan): string =>
  JSON.stringify(values.map((value, index) => canonicalValue(value, plan.columns[index]?.kind ?? 'text')));

/** The SQLite table's rows in key order, values in plan order (integers as BigInt). */
export function sqliteRows(db: Db, plan: TablePlan): IterableIterator<unknown[]> {
  const statement = db.prepare(`SELECT ${columnList(plan)} FROM ${quote(plan.name)} ORDER BY ${keyOrder(plan, 'sqlite')}`);
  return statement.safeIntegers(true).raw(true).iterate() as IterableIterator<unknown[]>;
}

/** The PostgreSQL table's rows in key order, in batches through a cursor (call inside a transaction). */
export async function* postgresRows(client: pg.ClientBase, plan: TablePlan): AsyncGenerator<unknown[]> {
  const cursor = `copy_${plan.name}`;
  await client.query(`DECLARE ${quote(cursor)} NO SCROLL CURSOR FOR SELECT ${columnList(plan)} FROM ${quote(plan.name)} ORDER BY ${keyOrder(plan, 'postgres')}`);
  for (;;) {
    const { rows } = await client.query<unknown[]>({ text: `FETCH ${BATCH_ROWS} FROM ${quote(cursor)}`, rowMode: 'array', types: exactTypes });
    yield* rows;
    if (rows.length < BATCH_ROWS) break;
  }
  await client.query(`CLOSE ${quote(cursor)}`);
}

/** Count and checksum of rows given in key order. */
export async function digestRows(rows: Iterable<unknown[]> | AsyncIterable<unknown[]>, plan: TablePlan): Promise<TableDigest> {
  const hash = createHash('sha256');
  let count = 0;
  for await (const row of rows) {
    hash.update(canonicalRow(row, plan)).update('\n');
    count += 1;
  }
  return { rows: count, checksum: hash.digest('hex') };
}

/** The PostgreSQL table's digest, read in one read-only transaction. */
export async function postgresDigest(client: pg.ClientBase, plan: TablePlan): Promise<TableDigest> {
  await client.query('BEGIN READ ONLY');
  try {
    return await digestRows(postgresRows(client, plan), plan);
  } finally {
    await client.query('COMMIT');
  }
}

/** Inserts rows (values in plan order) into the PostgreSQL table, BATCH_ROWS per statement (fewer for wide tables). */
export async function insertRows(client: pg.ClientBase, plan: TablePlan, rows: Iterable<unknown[]>): Promise<number> {
  const width = plan.columns.length;
  const perStatement = Math.max(1, Math.min(BATCH_ROWS, Math.floor(60_000 / width)));
  let batch: unknown[][] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((_, row) => `(${plan.columns.map((__, column) => `$${row * width + column + 1}`).join(', ')})`).join(', ');
    await client.query(`INSERT INTO ${quote(plan.name)} (${columnList(plan)}) VALUES ${values}`, batch.flat());
    count += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === perStatement) await flush();
  }
  await flush();
  return count;
}

/** Moves the table's identity sequence past its highest id, so new rows get fresh ids (also right when already done). */
export async function advanceIdentity(client: pg.ClientBase, plan: TablePlan): Promise<void> {
  if (plan.identity === undefined) return;
  const column = quote(plan.identity);
  await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${column}), 0) + 1, false) FROM ${quote(plan.name)}`, [quote(plan.name), plan.identity]);
}
