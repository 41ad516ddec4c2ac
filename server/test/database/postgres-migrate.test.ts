import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey, revokeApiKeys } from '../../src/accounts/keys.ts';
import { databaseFile } from '../../src/database/database.ts';
import { runCli } from '../support/child-server.ts';
import { startTestServer } from '../support/harness.ts';
import { experimentWithModel, fileForm, newExperiment, WORKSPACE } from '../registry/registry-fixtures.ts';
import { freshPostgresDatabase, postgresAdminUrl } from '../support/test-database.ts';

let dataDir: string;

/** Seeds a service through its HTTP API: keys, a project, experiments with logged data, assets, a registry model with history, webhooks. */
async function seedService(): Promise<string> {
  // migrate copies a SQLite service.
  const server = await startTestServer({ backend: 'sqlite', webhooksAllowPrivate: true });
  const dir = server.dataDir;
  const alice = await issueApiKey({ dataDir: dir, userName: 'alice' });
  await issueApiKey({ dataDir: dir, userName: 'bob' });
  await revokeApiKeys({ dataDir: dir }, alice.prefix);
  await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'pg', projectDescription: 'migrated', isPublic: false } });
  const experimentKey = await newExperiment(server, 'pg');
  for (let step = 0; step < 40; step += 1) {
    await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1 / (step + 3), step, timestamp: 1_700_000_000_000 + step } });
  }
  await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 0.1 } });
  await server.call('logOther', { body: { experimentKey, key: 'dataset', value: 'mnist ✓' } });
  await server.call('logOutput', { body: { experimentKey, outputLines: [{ output: 'epoch 1\n' }, { output: 'warn\n', stderr: true }] } });
  await server.call('addTags', { body: { experimentKey, addedTags: ['best', 'pg'] } });
  await server.call('uploadAsset', { query: { experimentKey, type: 'asset', fileName: 'notes.txt' }, form: fileForm('some notes', 'notes.txt') });
  const { experimentModelId } = await experimentWithModel(server, 'classifier');
  const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'classifier', comment: 'first', stages: ['dev'] } });
  expect(created.status).toBe(200);
  await server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'classifier', webhookUrls: [{ url: 'http://127.0.0.1:9/hook', secret: 's' }] }] } });
  const { registryModelItemId } = created.body;
  await server.call('updateRegistryModelVersion', { body: { registryModelItemId, comment: 'second', stages: ['staging'] } });
  await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Staging' } });
  await server.server.close();
  return dir;
}

beforeAll(async () => {
  // The run's cluster starts (if no other file has started it yet) while the service is seeded.
  [dataDir] = await Promise.all([seedService(), postgresAdminUrl()]);
}, 90_000);
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every row of every table, as sorted JSON lines per table (values as text: integers in decimal, bytes in hex). */
type Dump = Record<string, string[]>;
const text = (value: unknown): unknown =>
  value === null ? null : Buffer.isBuffer(value) ? value.toString('hex') : typeof value === 'object' ? value : String(value as string | number | bigint);
const rowText = (row: Record<string, unknown>) => JSON.stringify(Object.keys(row).sort().map((column) => [column, text(row[column])]));

function sqliteDump(): Dump {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").all();
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).safeIntegers(true).all().map((row) => rowText(row as Record<string, unknown>)).sort()]));
  } finally {
    db.close();
  }
}

async function postgresDump(url: string): Promise<Dump> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    // Each dialect's own bookkeeping is not copied: the migrations table, PostgreSQL's cache epoch (its migration 003).
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('schema_migrations', 'cache_epoch')",
    );
    const dump: Dump = {};
    for (const { name } of rows) dump[name] = (await client.query(`SELECT * FROM "${name}"`)).rows.map((row: Record<string, unknown>) => rowText(row)).sort();
    return dump;
  } finally {
    await client.end();
  }
}

/** Every blob file with its size and modification time. */
const blobsState = () =>
  readdirSync(join(dataDir, 'blobs'), { recursive: true, encoding: 'utf8' })
    .map((path) => ({ path, stat: statSync(join(dataDir, 'blobs', path)) }))
    .filter(({ stat }) => stat.isFile())
    .map(({ path, stat }) => `${path} ${stat.size} ${stat.mtimeMs}`)
    .sort();

const migrate = (url: string) => runCli(['migrate', '--from', dataDir, '--to', url]);

describe('npm run server -- migrate --from <data dir> --to postgres://', () => {
  it('copies every table row for row, moves identities past the copied ids; a re-run only verifies, or completes a partial copy', async () => {
    const url = await freshPostgresDatabase('empty');
    const blobs = blobsState();
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    const first = await migrate(url);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const source = sqliteDump();
    for (const table of ['users', 'api_keys', 'projects', 'experiments', 'metric_point_chunks', 'output_lines', 'assets', 'registry_history', 'webhook_urls', 'webhook_deliveries']) {
      expect(source[table]?.length, table).toBeGreaterThan(0);
      expect(first.stdout).toMatch(new RegExp(`^${table} +copied and verified \\(${source[table]?.length} rows?`, 'm'));
    }
    // Each logMetric call stored its point as a chunk of its own.
    expect(source.metric_point_chunks).toHaveLength(40);
    const copied = await postgresDump(url);
    expect(Object.keys(copied).sort()).toEqual(Object.keys(source).sort());
    for (const table of Object.keys(source)) expect(copied[table], table).toEqual(source[table]);
    expect(first.stdout).toMatch(/all \d+ tables verified/);

    const again = await migrate(url);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^users +already copied, verified/m);
    expect(again.stdout).toMatch(/: 0 rows copied into 0 tables/);
    expect(await postgresDump(url)).toEqual(copied);
    expect(blobsState()).toEqual(blobs);

    const emptied = new pg.Client(url);
    await emptied.connect();
    await emptied.query('DELETE FROM registry_history').finally(() => emptied.end());
    const resumed = await migrate(url);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/^registry_history +copied and verified/m);
    expect(resumed.stdout).toMatch(/^users +already copied, verified/m);
    expect(await postgresDump(url)).toEqual(copied);

    const client = new pg.Client(url);
    await client.connect();
    try {
      const inserted = await client.query<{ id: string }>("INSERT INTO users (name, created_at) VALUES ('after-migrate', 1) RETURNING id");
      const highest = Math.max(...(source.users ?? []).map((row) => Number((JSON.parse(row) as [string, string][]).find(([column]) => column === 'id')?.[1])));
      expect(Number(inserted.rows[0]?.id)).toBe(highest + 1);
    } finally {
      await client.end();
    }
  });

  it('refuses a non-empty database that does not match, naming the table and writing nothing', async () => {
    const url = await freshPostgresDatabase('empty');
    expect((await migrate(url)).code).toBe(0);
    const client = new pg.Client(url);
    await client.connect();
    try {
      await client.query("UPDATE webhook_urls SET url = 'http://127.0.0.1:9/changed'");
      await client.query('TRUNCATE metric_point_chunks');
      const before = await postgresDump(url);
      const refused = await migrate(url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not empty and does not match the SQLite database: webhook_urls \(PostgreSQL: 1 row.*Nothing was written/);
      expect(await postgresDump(url)).toEqual(before);
    } finally {
      await client.end();
    }
  });

  it('two migrates into one database at once: one copies, the other waits for it and only verifies', async () => {
    const url = await freshPostgresDatabase('empty');
    const runs = await Promise.all([migrate(url), migrate(url)]);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    const summaries = runs.map((run) => /: (\d+) rows copied into (\d+) tables/.exec(run.stdout)?.[2]).sort();
    expect(summaries[0]).toBe('0');
    expect(Number(summaries[1])).toBeGreaterThan(10);
    const source = sqliteDump();
    const copied = await postgresDump(url);
    for (const table of Object.keys(source)) expect(copied[table], table).toEqual(source[table]);
  });

  it('explains what it needs: both options, a postgres URL, an existing data dir', async () => {
    const [noTarget, notPostgres, noDatabase] = await Promise.all([
      runCli(['migrate', '--from', dataDir]),
      runCli(['migrate', '--from', dataDir, '--to', 'mysql://x']),
      runCli(['migrate', '--from', `${dataDir}-missing`, '--to', await postgresAdminUrl()]),
    ]);
    expect(noTarget.stderr).toMatch(/Usage: migrate --from/);
    expect(notPostgres.stderr).toMatch(/--to must be a postgres:\/\/ URL/);
    expect(noDatabase.stderr).toMatch(/No Trackdesk database in/);
    expect([noTarget.code, notPostgres.code, noDatabase.code]).toEqual([1, 1, 1]);
  });
});
