import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile, migrationFiles, openDatabase } from '../../../src/database/database.ts';
import { createExperimentStore } from '../../../src/experiments/experiment-store.ts';
import { createLiveDataStore } from '../../../src/live/live-data-store.ts';
import { foldPoints, loggedPoint, type LoggedPoint } from '../../../src/logged-data/summary.ts';
import { createLoggedValueStore } from '../../../src/logged-data/values.ts';
import { createItemRows } from '../../../src/logged-data/item-rows.ts';
import { createMetricTileStore } from '../../../src/logged-data/metrics/tile-store.ts';
import { openPostgres } from '../../../src/database/postgres-database.ts';
import { createProjectStore } from '../../../src/experiments/project-store.ts';
import { postgresPool, postgresSql } from '../../../src/database/sql-postgres.ts';
import { sqliteSql } from '../../../src/database/sql-sqlite.ts';
import type { Sql } from '../../../src/database/sql.ts';
import { freshPostgresDatabase, testBackends, type TestBackend } from '../../support/test-database.ts';

/** The migration that packs metric points, per backend. */
const PACKING = { sqlite: { dir: 'migrations', version: 27 }, postgres: { dir: 'migrations-postgres', version: 5 } } as const;

/** An old-schema row of metric_points: item, step (-1: none), timestamp, seq, value, epoch, context. */
type OldRow = [number, number, number, number, string, number | null, string | null];

/** Old rows of one series in arrival order: scrambled steps, stepless points, repeated timestamps, text that JSON escapes. */
function oldRows(itemId: number, seqs: readonly number[]): OldRow[] {
  return seqs.map((seq) => [
    itemId,
    seq % 9 === 0 ? -1 : (seq * 7919) % 700,
    1_700_000_000_000 + ((seq * 13) % 40),
    seq,
    seq % 17 === 0 ? `quote " back\\slash ✓ ${seq}` : String(seq / 8),
    seq % 4 === 0 ? Math.floor(seq / 50) : null,
    seq % 6 === 0 ? 'train' : null,
  ]);
}

/** A database of `backend` with the migrations before PACKING applied, as a service of that version left it. */
interface OldDatabase {
  db: Sql;
  /** Applies the remaining migrations (PACKING and later) and answers the database as the service opens it. */
  migrate(): Promise<Sql>;
  close(): Promise<void>;
}

async function oldDatabase(backend: TestBackend): Promise<OldDatabase> {
  const { dir, version } = PACKING[backend];
  const migrationsDir = join(import.meta.dirname, '../../../src/database', dir);
  const older = migrationFiles(migrationsDir).filter((file) => file.version < version);
  if (backend === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-packing-'));
    const raw = new Database(databaseFile(dataDir));
    raw.pragma('foreign_keys = ON');
    raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
    for (const file of older) {
      raw.exec(readFileSync(join(migrationsDir, file.name), 'utf8'));
      raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(file.version, file.name, 1);
    }
    let current: Sql = sqliteSql(raw);
    return {
      db: current,
      async migrate() {
        await current.close();
        current = sqliteSql(openDatabase(dataDir));
        return current;
      },
      async close() {
        await current.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = await freshPostgresDatabase('empty');
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version bigint PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
    for (const file of older) {
      await client.query(readFileSync(join(migrationsDir, file.name), 'utf8'));
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 1)', [file.version, file.name]);
    }
  } finally {
    await client.end();
  }
  let current: Sql = postgresSql(postgresPool(url));
  return {
    db: current,
    async migrate() {
      await current.close();
      current = postgresSql(await openPostgres(url));
      return current;
    },
    close: () => current.close(),
  };
}

/** Creates an experiment with a metric series per entry of `series` (name → its old rows' seqs), its points in metric_points. */
async function seedOldPoints(db: Sql, series: Record<string, number[]>): Promise<{ experimentId: number; items: Record<string, number> }> {
  // Rows of tables later migrations change are written as that schema had them (today's stores expect today's columns).
  const user = { id: Number(await db.prepare("INSERT INTO users (name, is_admin, created_at) VALUES ('tester', 1, 1) RETURNING id").pluck().get()) };
  const insertWorkspace = "INSERT INTO workspaces (uuid, name, created_by, created_at) VALUES ('space-uuid', 'space', ?, 1) RETURNING id";
  const workspace = { id: Number(await db.prepare(insertWorkspace).pluck().get(user.id)) };
  const project = await createProjectStore(db).create({ workspaceId: workspace.id, name: 'proj', description: '', isPublic: false, ownerUserId: user.id }, 1);
  const experimentId = (await createExperimentStore(db).create({ workspaceId: workspace.id, projectId: project.id, name: null, userId: user.id }, 1)).id;
  const items: Record<string, number> = {};
  const insert = db.prepare('INSERT INTO metric_points (item_id, step, timestamp, seq, value, epoch, context) VALUES (?, ?, ?, ?, ?, ?, ?)');
  await db.transaction(async () => {
    for (const [name, seqs] of Object.entries(series)) {
      const provisional = oldRows(0, seqs);
      const points = provisional.map(([, step, timestamp, , value, , context]) => loggedPoint(value, timestamp, step < 0 ? null : step, context));
      const summary = foldPoints(undefined, points.length, (index) => points[index]?.number ?? null, (index) => points[index] as LoggedPoint);
      if (!summary) throw new Error('empty series');
      const itemId = await createItemRows(db).insert(experimentId, 'metric', name, summary);
      items[name] = itemId;
      for (const row of oldRows(itemId, seqs)) await insert.run(...row);
    }
  });
  return { experimentId, items };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe.each(testBackends())('packing metric_points into chunks on %s', (backend) => {
  let old: OldDatabase | undefined;
  afterEach(async () => {
    await old?.close();
    old = undefined;
  });

  it('moves every stored point: after the migration every read answers what the old schema answered', async () => {
    old = await oldDatabase(backend);
    const { experimentId, items } = await seedOldPoints(old.db, { loss: range(1, 2_345), gappy: [...range(1, 10), ...range(15, 20)] });
    const oldSeries = (itemId: number) =>
      old?.db
        .prepare<[number], { value: string; timestamp: number; step: number; epoch: number | null; context: string | null }>(
          'SELECT value, timestamp, step, epoch, context FROM metric_points WHERE item_id = ? ORDER BY step, timestamp, seq',
        )
        .all(itemId);
    const asRead = (rows: { value: string; timestamp: number; step: number; epoch: number | null; context: string | null }[] | undefined) =>
      (rows ?? []).map((row) => ({ ...row, step: row.step < 0 ? null : row.step }));
    const before = { loss: asRead(await oldSeries(items.loss as number)), gappy: asRead(await oldSeries(items.gappy as number)) };
    expect(before.loss).toHaveLength(2_345);

    const db = await old.migrate();
    const values = createLoggedValueStore(db);
    expect(await values.series(experimentId, 'loss')).toEqual(before.loss);
    expect(await values.series(experimentId, 'gappy')).toEqual(before.gappy);
    expect(await db.prepare('SELECT count(*) FROM metric_point_chunks WHERE item_id = ?').pluck().get(items.loss as number)).toBe(3);

    const live = createLiveDataStore(db);
    const afterTwelve = await live.pointsAfter(items.gappy as number, 12);
    expect(afterTwelve.map((point) => point.seq)).toEqual(range(15, 20));
    const lossAfter = await live.pointsAfter(items.loss as number, 1_999);
    expect(lossAfter.map((point) => point.seq)).toEqual(range(2_000, 2_345));
    const [[, step, timestamp, seq, value, epoch, context]] = oldRows(0, [2_000]) as [OldRow];
    expect(lossAfter[0]).toEqual({ seq, value, timestamp, step: step < 0 ? null : step, epoch, context });

    const tiles = createMetricTileStore(db);
    const stepped = before.loss.filter((point) => point.step !== null && point.step >= 100 && point.step <= 200);
    expect(await tiles.rawBySteps(items.loss as number, 100, 200, 1_000)).toEqual(stepped.map(({ step, timestamp, value }) => ({ step, timestamp, value })));

    // The series keeps growing after the migration, its seqs running on.
    expect(await values.appendMetrics(experimentId, [{ name: 'loss', value: 9, step: 0, timestamp: 1, epoch: null, context: null }], Infinity)).toEqual({ refusedSeries: null });
    expect((await values.series(experimentId, 'loss'))[before.loss.findIndex((point) => point.step !== null)]).toEqual({ value: '9', timestamp: 1, step: 0, epoch: null, context: null });
    expect((await live.pointsAfter(items.loss as number, 2_345)).map((point) => point.seq)).toEqual([2_346]);
  });
});
