import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshPostgresDatabase, postgresAdminUrl, testBackends } from './test-database.ts';

const migrationCount = readdirSync(join(import.meta.dirname, '..', '..', 'src', 'database', 'migrations-postgres')).filter((name) => /^\d{3}-.*\.sql$/.test(name)).length;

/** Runs one query on the database at `url` and returns its rows. */
async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The tables of a database's public schema. */
const publicTables = (url: string) => query<{ name: string }>(url, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'");

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('test databases of the run-wide PostgreSQL cluster', () => {
  it('hands out a new database per call, all on one cluster: migrated ones carry the whole schema, empty ones nothing', async () => {
    const [first, second, empty] = await Promise.all([freshPostgresDatabase(), freshPostgresDatabase(), freshPostgresDatabase('empty')]);
    const admin = new URL(await postgresAdminUrl());
    expect(new Set([first, second, empty]).size).toBe(3);
    for (const url of [first, second, empty]) expect(new URL(url).port).toBe(admin.port);
    const migrated = await query<{ n: number }>(first, 'SELECT count(*)::int AS n FROM schema_migrations');
    expect(migrated[0]?.n).toBe(migrationCount);
    expect((await publicTables(first)).length).toBeGreaterThan(30);
    expect(await publicTables(empty)).toEqual([]);

    await query(first, "INSERT INTO users (name, created_at) VALUES ('only-in-first', 1)");
    expect(await query(second, "SELECT id FROM users WHERE name = 'only-in-first'")).toEqual([]);
    expect(await query(await freshPostgresDatabase(), 'SELECT id FROM users')).toEqual([]);
  });

  it('runs suites on both backends unless TRACKDESK_TEST_BACKENDS names some', () => {
    vi.stubEnv('TRACKDESK_TEST_BACKENDS', '');
    expect(testBackends()).toEqual(['sqlite', 'postgres']);
    vi.stubEnv('TRACKDESK_TEST_BACKENDS', 'postgres');
    expect(testBackends()).toEqual(['postgres']);
    vi.stubEnv('TRACKDESK_TEST_BACKENDS', 'sqlite, mysql');
    expect(() => testBackends()).toThrow(/unknown backends: mysql/);
  });
});
