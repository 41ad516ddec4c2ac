import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { openBackendFixture } from '../logged-data/metrics/metric-chunks-fixtures.ts';
import { createLoggedDataStore } from '../../src/logged-data/logged-data-store.ts';
import type { MetricInput } from '../../src/logged-data/append.ts';
import type { AppendHint } from '../../src/logged-data/series-states.ts';
import { UnstorableTextError } from '../../src/database/sql.ts';

const NUL_MESSAGE = 'A text value contains the NUL character (\\u0000), which the service cannot store: remove it and send again.';

// PostgreSQL cannot store U+0000 in text, so neither backend does: a clear 400 before anything reaches the database,
// never a 500, and never a failed write of somebody else's that shared the transaction (group commit).
describe.each(testBackends())('text holding the NUL character, on %s', (backend) => {
  let server: TestServer;
  let experimentKey: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'nul' } });
    experimentKey = (created.body as { experimentKey: string }).experimentKey;
  });
  afterAll(() => server.close());

  const logMetric = (metricName: string, context: string | null = null) =>
    server.call('logMetric', { body: { experimentKey, metricName, metricValue: 1, context } });

  it('is refused with 400 in a name, a query parameter and a context, and the service goes on', async () => {
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'a\u0000b' } });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ msg: NUL_MESSAGE, code: 400, sdk_error_code: expect.any(Number) });
    expect((await server.call('getMetricSummaries', { query: { experimentKey: `${experimentKey}\u0000` } })).status).toBe(400);
    expect((await logMetric('loss', 'train\u0000')).status).toBe(400);
    expect((await logMetric('lo\u0000ss')).status).toBe(400);
    expect((await logMetric('loss')).status).toBe(200);
  });

  it('refuses only its own write among writes committed together', async () => {
    const good = Array.from({ length: 20 }, (_, index) => logMetric(`good_${index % 4}`));
    const bad = [logMetric('bad\u0000name'), logMetric('good_0', 'ctx\u0000')];
    const statuses = await Promise.all([...good, ...bad].map(async (reply) => (await reply).status));
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 200), 400, 400]);
    for (const metricName of ['good_0', 'good_1', 'good_2', 'good_3']) {
      const series = await server.call('getMetric', { query: { experimentKey, metricName } });
      expect((series.body as { metrics: unknown[] }).metrics).toHaveLength(5);
    }
    expect((await server.call('getMetric', { query: { experimentKey, metricName: 'bad' } })).body).toEqual({ metrics: [] });
  });

  it('is kept as U+FFFD in console output, where a program may print any byte', async () => {
    const lines = [{ output: 'step 1\u0000done\n', stderr: false }];
    expect((await server.call('logOutput', { body: { experimentKey, outputLines: lines } })).status).toBe(200);
    const output = await server.call('getOutput', { query: { experimentKey } });
    expect((output.body as { output: string }).output).toBe('step 1\uFFFDdone\n');
  });
});

describe.each(testBackends())('a NUL series name in a group commit on %s', (backend) => {
  it('fails only its own append, also when the group reads its series ahead with the locks', async () => {
    const fixture = await openBackendFixture(backend);
    try {
      const loggedData = createLoggedDataStore(fixture.db);
      const experimentId = await fixture.newExperiment();
      const point = (name: string): MetricInput => ({ name, value: 1, timestamp: 1_732_000_000_000, step: 1, epoch: null, context: null });
      const append = (name: string) => {
        const points = [point(name)];
        const hint: AppendHint = { experimentId, points };
        return loggedData.batch.run([experimentId], () => loggedData.values.appendMetrics(experimentId, points, 1000), { atomic: true, hint });
      };
      // Queued in one turn: one transaction, whose read ahead (PostgreSQL) gets both appends' series.
      const outcomes = await Promise.allSettled([append('good'), append('bad\u0000name'), append('good')]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(UnstorableTextError);
      expect((await loggedData.values.series(experimentId, 'good')).length).toBe(2);
    } finally {
      await fixture.close();
    }
  });
});
