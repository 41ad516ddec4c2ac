import type pg from 'pg';
import type { Db } from '../database.ts';
import { MigrateRefusal, planCopy, type TablePlan } from './postgres-copy-plan.ts';
import { advanceIdentity, digestRows, insertRows, postgresDigest, quoteIdentifier, sqliteRows, type TableDigest } from './postgres-copy-rows.ts';

/** Two copies into one database run one after the other: the second finds the tables copied and only verifies ("tdcp"). */
const COPY_LOCK_KEY = 0x74646370;

/** What happened to one table: copied now, found copied already (verified), or empty on both sides. */
export interface TableCopy {
  table: string;
  outcome: 'copied' | 'already-copied' | 'empty';
  rows: number;
  checksum: string;
  millis: number;
}

const short = (digest: TableDigest) => `${digest.rows} row${digest.rows === 1 ? '' : 's'}, checksum ${digest.checksum.slice(0, 12)}`;

/** Copies one empty table in one transaction, with the target's own triggers off (rows arrive as they are, change numbers too). */
async function copyTable(source: Db, target: pg.ClientBase, plan: TablePlan): Promise<void> {
  const table = quoteIdentifier(plan.name);
  await target.query('BEGIN');
  try {
    await target.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    await insertRows(target, plan, sqliteRows(source, plan));
    await target.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await advanceIdentity(target, plan);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw new Error(`Copying table ${plan.name} failed (nothing of it was written): ${(error as Error).message}`);
  }
}

/**
 * Copies every table of the SQLite database into the PostgreSQL database (already migrated to the same schema), in
 * foreign-key order, one transaction per table, and verifies each table's row count and checksum on both sides.
 * Tables the target already holds must match the source exactly (a re-run verifies them and writes nothing but the
 * identity sequences); any other non-empty table refuses the whole copy before anything is written.
 * The SQLite side is read in one transaction: one consistent snapshot even if the service still runs. Copies into one
 * database wait for each other (an advisory lock).
 */
export async function copySqliteToPostgres(source: Db, target: pg.ClientBase, progress: (line: string) => void): Promise<TableCopy[]> {
  await target.query('SELECT pg_advisory_lock($1)', [COPY_LOCK_KEY]);
  source.exec('BEGIN');
  try {
    const plans = await planCopy(source, target);
    const sourceDigests = new Map<string, TableDigest>();
    const present = new Set<string>();
    const mismatches: string[] = [];
    const checkMillis = new Map<string, number>();
    for (const plan of plans) {
      const checkStarted = performance.now();
      const { rows } = await target.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quoteIdentifier(plan.name)}) AS present`);
      if (!rows[0]?.present) continue;
      present.add(plan.name);
      const expected = await digestRows(sqliteRows(source, plan), plan);
      const found = await postgresDigest(target, plan);
      sourceDigests.set(plan.name, expected);
      checkMillis.set(plan.name, performance.now() - checkStarted);
      if (found.checksum !== expected.checksum) mismatches.push(`${plan.name} (PostgreSQL: ${short(found)}; SQLite: ${short(expected)})`);
    }
    if (mismatches.length > 0) {
      throw new MigrateRefusal(
        `The PostgreSQL database is not empty and does not match the SQLite database: ${mismatches.join('; ')}. ` +
          'Nothing was written. Migrate into an empty database (or one an earlier run of this command filled from the same data dir).',
      );
    }
    const copies: TableCopy[] = [];
    for (const plan of plans) {
      const started = performance.now() - (checkMillis.get(plan.name) ?? 0);
      const expected = sourceDigests.get(plan.name) ?? (await digestRows(sqliteRows(source, plan), plan));
      if (present.has(plan.name)) {
        await advanceIdentity(target, plan);
      } else if (expected.rows > 0) {
        await copyTable(source, target, plan);
        const found = await postgresDigest(target, plan);
        if (found.checksum !== expected.checksum) {
          throw new Error(`Table ${plan.name} does not verify after the copy (PostgreSQL: ${short(found)}; SQLite: ${short(expected)}).`);
        }
      }
      const outcome = present.has(plan.name) ? 'already-copied' : expected.rows > 0 ? 'copied' : 'empty';
      const copy: TableCopy = { table: plan.name, outcome, rows: expected.rows, checksum: expected.checksum, millis: performance.now() - started };
      copies.push(copy);
      const done = { copied: 'copied and verified', 'already-copied': 'already copied, verified', empty: 'empty on both sides' }[outcome];
      progress(`${plan.name.padEnd(26)} ${done} (${short(expected)}) in ${Math.round(copy.millis)} ms`);
    }
    return copies;
  } finally {
    source.exec('COMMIT');
    await target.query('SELECT pg_advisory_unlock($1)', [COPY_LOCK_KEY]);
  }
}
