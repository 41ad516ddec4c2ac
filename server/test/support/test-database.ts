import { inject } from 'vitest';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import type { DatabaseSchema } from './postgres-global-setup.ts';

/** A storage backend the service's tests run against. */
export type TestBackend = 'sqlite' | 'postgres';

const ALL_BACKENDS: readonly TestBackend[] = ['sqlite', 'postgres'];

/**
 * The backends a suite runs on, for `describe.each(testBackends())('… on %s', (backend) => …)`: both, unless
 * env `TRACKDESK_TEST_BACKENDS` names some (comma-separated, e.g. `sqlite` for a quick local run; `npm test` runs both).
 */
export function testBackends(): TestBackend[] {
  const chosen = process.env.TRACKDESK_TEST_BACKENDS?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!chosen?.length) return [...ALL_BACKENDS];
  const unknown = chosen.filter((name) => !ALL_BACKENDS.includes(name as TestBackend));
  if (unknown.length) throw new Error(`TRACKDESK_TEST_BACKENDS names unknown backends: ${unknown.join(', ')} (known: ${ALL_BACKENDS.join(', ')})`);
  return ALL_BACKENDS.filter((backend) => chosen.includes(backend));
}

/** Asks the run's cluster (postgres-global-setup.ts) for something and returns the URL it answers. */
async function askCluster(path: string, method: 'GET' | 'POST'): Promise<string> {
  const response = await fetch(inject('trackdeskPostgres') + path, { method });
  const answer = (await response.json()) as { url?: string; error?: string };
  if (!response.ok || answer.url === undefined) throw new Error(`the test PostgreSQL cluster failed: ${answer.error ?? response.status}`);
  return answer.url;
}

/**
 * A new database of the run's one throw-away PostgreSQL cluster (started by the first call of the run), as a
 * `postgres://` URL for the superuser. `migrated` (default): copied from a template holding the service's schema,
 * so no migration runs per database (tens of ms); `empty`: no tables at all (for tests of the migrations themselves).
 */
export function freshPostgresDatabase(schema: DatabaseSchema = 'migrated'): Promise<string> {
  return askCluster(`/databases?schema=${schema}`, 'POST');
}

/** The superuser URL of the run's cluster (database `postgres`). */
export function postgresAdminUrl(): Promise<string> {
  return askCluster('/admin', 'GET');
}

/** Where a test service on `backend` keeps its rows: `dataDir`, and on PostgreSQL a fresh database. */
export async function storageOn(backend: TestBackend, dataDir: string): Promise<StorageLocation> {
  return backend === 'postgres' ? { dataDir, databaseUrl: await freshPostgresDatabase() } : { dataDir };
}

/** The CLI flags that start a service on `storage`'s database (none on SQLite: the data dir holds it). */
export const databaseFlags = (storage: StorageLocation): string[] => (storage.databaseUrl === undefined ? [] : ['--database', storage.databaseUrl]);
