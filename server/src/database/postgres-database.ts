import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { migrationFiles } from './database.ts';
import { postgresPool } from './sql-postgres.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations-postgres');

/** The advisory lock key under which instances apply migrations one at a time (any fixed number; this one spells "tdmg"). */
const MIGRATION_LOCK_KEY = 0x74646d67;

/**
 * Connects to the PostgreSQL database at `url` and applies its pending migrations (migrations-postgres/NNN-name.sql).
 * All pending migrations run in one transaction holding pg_advisory_xact_lock: instances starting together wait for
 * each other, and the later ones find the migrations recorded and apply nothing.
 */
export async function openPostgres(url: string, max = 4): Promise<pg.Pool> {
  const pool = postgresPool(url, max);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
    const { rows } = await client.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    for (const file of migrationFiles(MIGRATIONS_DIR)) {
      if (applied.has(file.version)) continue;
      await client.query(readFileSync(join(MIGRATIONS_DIR, file.name), 'utf8'));
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [file.version, file.name, Date.now()]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
