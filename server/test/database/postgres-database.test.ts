import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/database/database.ts';
import { openPostgres } from '../../src/database/postgres-database.ts';
import { postgresShape, sqliteShape } from '../support/schema-shape.ts';
import { freshPostgresDatabase } from '../support/test-database.ts';

const migrationCount = readdirSync(join(import.meta.dirname, '..', '..', 'src', 'database', 'migrations-postgres')).filter((name) => /^\d{3}-.*\.sql$/.test(name)).length;

describe('the PostgreSQL schema and its migrations', () => {
  it('two instances starting together on an empty database apply each migration once, and a restart applies none', async () => {
    const url = await freshPostgresDatabase('empty');
    const pools: pg.Pool[] = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    try {
      const { rows } = await pools[0]!.query<{ version: string }>('SELECT version FROM schema_migrations');
      expect(migrationCount).toBeGreaterThan(0);
      expect(rows.length).toBe(migrationCount);
      const tables = await pools[1]!.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      expect(tables.rows[0].n).toBeGreaterThan(30);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
    const again = await openPostgres(url);
    try {
      const { rows } = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0]!.n).toBe(migrationCount);
    } finally {
      await again.end();
    }
  });

  it('has the SQLite schema after all its migrations: tables, column types and nullability, keys, foreign keys with ON DELETE, unique constraints, indexes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trackdesk-shape-'));
    const pool = await openPostgres(await freshPostgresDatabase('empty'));
    try {
      const db = openDatabase(dir);
      const expected = sqliteShape(db);
      db.close();
      const client = await pool.connect();
      try {
        expect(await postgresShape(client)).toEqual(expected);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the change feed and the blob garbage as the SQLite triggers do', async () => {
    const pool = await openPostgres(await freshPostgresDatabase());
    try {
      const q = (sql: string) => pool.query(sql);
      await q("INSERT INTO users (name, created_at) VALUES ('u', 1)");
      await q("INSERT INTO workspaces (uuid, name, created_at) VALUES ('w', 'w', 1)");
      await q("INSERT INTO projects (uuid, workspace_id, name, created_at, last_updated) VALUES ('p1', 1, 'p1', 1, 1), ('p2', 1, 'p2', 1, 1)");
      await q("INSERT INTO experiments (key, workspace_id, project_id, created_at, last_beat_at) VALUES ('e1', 1, 1, 1, 1)");
      await q("INSERT INTO experiment_tags (experiment_id, tag) VALUES (1, 't')");
      await q('UPDATE experiments SET project_id = 2 WHERE id = 1');
      const feed = await q('SELECT (SELECT seq FROM change_counter) AS counter, (SELECT change_seq FROM experiments) AS seq');
      expect(feed.rows[0]).toEqual({ counter: 4, seq: 3 });
      const removals = await q('SELECT seq, project_id, experiment_key FROM experiment_removals');
      expect(removals.rows).toEqual([{ seq: 4, project_id: 1, experiment_key: 'e1' }]);
      await q("INSERT INTO assets (uuid, experiment_id, file_name, file_size, type, content_type, blob, created_at) VALUES ('a', 1, 'f', 1, 'asset', 'x', 'blob-a', 1)");
      await q('DELETE FROM experiments WHERE id = 1');
      const garbage = await q('SELECT blob FROM blob_garbage');
      expect(garbage.rows).toEqual([{ blob: 'blob-a' }]);
      const purged = await q('SELECT seq, project_id FROM experiment_removals ORDER BY seq');
      expect(purged.rows.at(-1)).toEqual({ seq: 5, project_id: 2 });
    } finally {
      await pool.end();
    }
  });
});
