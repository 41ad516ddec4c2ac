import { createHash } from 'node:crypto';
import { openSql, type StorageLocation } from '../../src/database/open-storage.ts';
import type { Sql } from '../../src/database/sql.ts';

/**
 * Tables a read may write without changing what anyone sees: when a key was last used, which service instances are
 * alive, and the blob sweep's own queue (written by background work at any time).
 */
const BOOKKEEPING = new Set(['api_key_uses', 'instances', 'blob_garbage', 'schema_migrations']);

/** One digest per table of the service's database: equal digests, equal rows (in any order). */
export type DatabaseDigest = Record<string, string>;

/** A second connection to a running service's database that digests its rows, to prove a request wrote nothing. */
export interface DatabaseWatch {
  digest(): Promise<DatabaseDigest>;
  close(): Promise<void>;
}

const tableNames = async (sql: Sql): Promise<string[]> => {
  const text = sql.dialect === 'sqlite'
    ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    : 'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename';
  return (await sql.prepare<[], string>(text).pluck().all()).filter((name) => !BOOKKEEPING.has(name));
};

/** JSON of a row whatever its column types (bigints, bytes). */
const rowText = (row: unknown): string =>
  JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value));

/** Opens a watch on the database of the service stored at `storage` (SQLite or PostgreSQL). */
export async function watchDatabase(storage: StorageLocation): Promise<DatabaseWatch> {
  const sql = await openSql(storage);
  return {
    async digest() {
      const digest: DatabaseDigest = {};
      for (const table of await tableNames(sql)) {
        const rows = (await sql.prepare(`SELECT * FROM "${table}"`).all()).map(rowText).sort();
        digest[table] = createHash('sha256').update(rows.join('\n')).digest('hex');
      }
      return digest;
    },
    close: () => sql.close(),
  };
}

/** The tables whose rows differ between two digests. */
export const changedTables = (before: DatabaseDigest, after: DatabaseDigest): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
