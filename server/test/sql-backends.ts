import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { postgresPool, postgresSql } from '../src/storage/sql-postgres.ts';
import { sqliteSql } from '../src/storage/sql-sqlite.ts';
import type { Sql } from '../src/storage/sql.ts';
import type { PostgresCluster } from './postgres-cluster.ts';

/** A bare Sql connection of each backend (no migrations), for tests of the Sql layer itself. */
export interface BareBackend {
  name: 'sqlite' | 'postgres';
  /** A new empty database; `close` of the returned Sql removes nothing, `cleanup` does. */
  open(): Promise<{ sql: Sql; cleanup: () => Promise<void> }>;
}

let databases = 0;

/** The two backends: SQLite in a temp dir, PostgreSQL in a fresh database of `cluster()`. */
export function bareBackends(cluster: () => PostgresCluster): BareBackend[] {
  return [
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
        const sql = postgresSql(postgresPool(await cluster().createDatabase(`bare_${String(++databases)}`)));
        return { sql, cleanup: () => sql.close() };
      },
    },
  ];
}
