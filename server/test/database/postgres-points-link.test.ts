import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { freshPostgresDatabase, testBackends } from '../support/test-database.ts';

// On PostgreSQL metric point chunks are tied to their series row by a delete trigger, not a foreign key (migrations 004, 005).
// Runs in `npm test`; skipped only when TRACKDESK_TEST_BACKENDS leaves PostgreSQL out of a quick local run.
describe.skipIf(!testBackends().includes('postgres'))('metric points on PostgreSQL', () => {
  let server: TestServer;
  let client: pg.Client;
  beforeAll(async () => {
    const databaseUrl = await freshPostgresDatabase();
    server = await startTestServer({ backend: 'postgres', databaseUrl });
    client = new pg.Client(databaseUrl);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await server.close();
  });

  const pointsOf = async (experimentKey: string) =>
    Number(
      (await client.query('SELECT coalesce(sum(p.point_count), 0) AS n FROM metric_point_chunks p JOIN logged_items i ON i.id = p.item_id JOIN experiments e ON e.id = i.experiment_id WHERE e.key = $1', [experimentKey]))
        .rows[0].n,
    );
  const orphans = async () => Number((await client.query('SELECT count(*) AS n FROM metric_point_chunks p WHERE NOT EXISTS (SELECT 1 FROM logged_items i WHERE i.id = p.item_id)')).rows[0].n);

  it('go with their experiment when it is purged, and only its points', async () => {
    const keys: string[] = [];
    for (const projectName of ['kept', 'purged']) {
      const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName } });
      const experimentKey = (created.body as { experimentKey: string }).experimentKey;
      keys.push(experimentKey);
      for (const metricName of ['loss', 'accuracy']) {
        for (let step = 0; step < 3; step++) expect((await server.call('logMetric', { body: { experimentKey, metricName, metricValue: step, step } })).status).toBe(200);
      }
    }
    const [kept, purged] = keys as [string, string];
    expect([await pointsOf(kept), await pointsOf(purged)]).toEqual([6, 6]);
    expect((await server.call('deleteExperiment', { query: { experimentKey: purged } })).status).toBe(200);
    expect((await server.call('purgeExperiment', { body: { experimentKey: purged } })).status).toBe(200);
    expect(await pointsOf(kept)).toBe(6);
    expect(await orphans()).toBe(0);
    expect(Number((await client.query('SELECT sum(point_count) AS n FROM metric_point_chunks')).rows[0].n)).toBe(6);
  });
});
