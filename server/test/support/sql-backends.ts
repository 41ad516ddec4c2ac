import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { postgresPool, postgresSql } from '../../src/database/sql-postgres.ts';
import { sqliteSql } from '../../src/database/sql-sqlite.ts';
import type { Sql } from '../../src/database/sql.ts';
import { freshPostgresDatabase, testBackends, type TestBackend } from './test-database.ts';

/** A bare Sql connection of each backend (no migrations), for tests of the Sql layer itself. */
export interface BareBackend {
  name: TestBackend;
  /** A new empty database; `close` of the returned Sql removes nothing, `cleanup` does. */
  open(): Promise<{ sql: Sql; cleanup: () => Promise<void> }>;
}

/** The backends of testBackends(): SQLite in a temp dir, PostgreSQL in a fresh empty database of the run's cluster. */
export function bareBackends(): BareBackend[] {
  const backends: BareBackend[] = [
    {
      name: 'sqlite',
      open: () => {
        const dir = mkdtempSync(join(tmpdir(), 'trackdesk-sql-'));
        const db = new Database(join(dir, 'test.sqlite'));
        db.pragma('journal_mode = WAL');
        const sql = sqliteSql(db);
        return Promise.resolve({ sql, cleanup: async () => (await sql.close(), rmSync(dir, { recursive: true, force: true })) });
      },
    },
    {
      name: 'postgres',
      open: async () => {
        const sql = postgresSql(postgresPool(await freshPostgresDatabase('empty')));
        return { sql, cleanup: () => sql.close() };
      },
    },
  ];
  const chosen = testBackends();
  return backends.filter((backend) => chosen.includes(backend.name));
}
