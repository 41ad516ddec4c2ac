import { startCheckpointer } from './checkpointer.ts';
import { openDatabase } from './database.ts';
import { createEpochCommits, createExternalCommits, type ExternalCommits } from './external-commits.ts';
import { openSqlite, sqliteSql } from './sql-sqlite.ts';
import type { Sql } from './sql.ts';
import { openSecretBox } from './open-secrets.ts';
import type { SecretBox } from './secret-box.ts';
import type { GivenSecretsKeys } from './secrets-keys.ts';

/** Connections PostgreSQL gives one instance (requests wait for a free one beyond that). */
const POSTGRES_POOL_SIZE = 16;

/** The service's database, opened and migrated, with what watches other writers' commits and what seals its secrets. */
export interface OpenStorage {
  sql: Sql;
  externalCommits: ExternalCommits;
  secrets: SecretBox;
  /** Stops background work and closes the connections. */
  close(): Promise<void>;
}

/** The PostgreSQL driver and dialect, loaded only by a service that uses them (a SQLite start is spared loading pg). */
async function postgresModules() {
  const [{ openPostgres }, { postgresSql }] = await Promise.all([import('./postgres-database.ts'), import('./sql-postgres.ts')]);
  return { openPostgres, postgresSql };
}

/** Where the service keeps its rows: PostgreSQL at `databaseUrl`, else SQLite in the data dir. */
export interface StorageLocation {
  dataDir: string;
  databaseUrl?: string;
}

/** Where the rows are, and the secrets key given from outside (else the data dir's key file). */
export type StorageSetup = StorageLocation & { secretsKeys?: GivenSecretsKeys };

/** Opens the secret box over freshly opened storage; closes the storage when that fails (no key, a wrong key). */
async function withSecrets(storage: Omit<OpenStorage, 'secrets'>, setup: StorageSetup): Promise<OpenStorage> {
  try {
    return { ...storage, secrets: await openSecretBox(storage.sql, setup) };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/**
 * Opens the storage, applies pending migrations and opens the secret box (sealing what was stored before sealing). SQLite: WAL checkpoints on a background thread and
 * `PRAGMA data_version` to notice other processes' commits. PostgreSQL: a pool, migrations under an advisory
 * lock; other instances commit unseen, so caches of committed state are dropped when the cache epoch changed.
 */
export async function openStorage(location: StorageSetup): Promise<OpenStorage> {
  if (location.databaseUrl !== undefined) {
    const { openPostgres, postgresSql } = await postgresModules();
    const sql = postgresSql(await openPostgres(location.databaseUrl, POSTGRES_POOL_SIZE));
    return withSecrets({ sql, externalCommits: createEpochCommits(sql), close: () => sql.close() }, location);
  }
  const db = openDatabase(location.dataDir);
  const checkpointer = startCheckpointer(db);
  const sql = sqliteSql(db);
  const storage = {
    sql,
    externalCommits: createExternalCommits(db),
    async close() {
      await checkpointer.stop();
      await sql.close();
    },
  };
  return withSecrets(storage, location);
}

/**
 * One plain connection to the service's database (migrated, no background work): for commands and tests that work
 * beside a running service, such as `keys create`.
 */
export async function openSql(location: StorageLocation): Promise<Sql> {
  if (location.databaseUrl === undefined) return openSqlite(location.dataDir);
  const { openPostgres, postgresSql } = await postgresModules();
  return postgresSql(await openPostgres(location.databaseUrl, 1));
}
