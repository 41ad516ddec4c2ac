import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../../support/harness.ts';
import { bruteBuckets, logSteps, rawSeries, startRun, timeOf, type BruteBucket } from './metric-series-fixtures.ts';

let server: TestServer;
let experimentKey: string;
/** Even steps 0..39,998 (20,000 points), and three points without a step. */
const FIRST_STEPS = [...Array.from({ length: 20_000 }, (_, index) => index * 2), null, null, null];
beforeAll(async () => {
  server = await startTestServer({ throttle: { metricsPerMinute: Infinity, valuesPerMetric: Infinity } });
  experimentKey = await startRun(server);
  await logSteps(server, experimentKey, FIRST_STEPS);
}, 60_000);
afterAll(() => server.close());

type Query = { axis?: 'step' | 'time'; from?: number; to?: number; buckets?: number };
async function series(query: Query, metricName = 'loss') {
  const reply = await server.call('getMetricSeries', { query: { experimentKey, metricName, ...query } });
  expect(reply.status).toBe(200);
  return reply.body;
}
const asBuckets = (reply: Awaited<ReturnType<typeof series>>): BruteBucket[] =>
  reply.buckets.start.map((start, index) => ({
    start,
    firstX: reply.buckets.firstX[index] ?? Number.NaN,
    lastX: reply.buckets.lastX[index] ?? Number.NaN,
    first: reply.buckets.first[index] ?? Number.NaN,
    last: reply.buckets.last[index] ?? Number.NaN,
    min: reply.buckets.min[index] ?? Number.NaN,
    max: reply.buckets.max[index] ?? Number.NaN,
    count: reply.buckets.count[index] ?? Number.NaN,
  }));

/** Reads the series as asked and checks every bucket against a brute-force pass over the raw points. */
async function expectExact(query: Query) {
  const reply = await series(query);
  const axis = query.axis ?? 'step';
  expect(reply.from).not.toBeNull();
  const expected = bruteBuckets(await rawSeries(server, experimentKey), axis, reply.from ?? 0, reply.to ?? 0, reply.bucketWidth);
  expect(asBuckets(reply)).toEqual(expected.buckets);
  expect(reply.skipped).toBe(expected.skipped);
  expect(reply.total).toBe(expected.buckets.reduce((sum, bucket) => sum + bucket.count, 0));
  if (query.buckets !== undefined) expect(reply.buckets.start.length).toBeLessThanOrEqual(query.buckets);
  if (query.from !== undefined) expect(reply.from).toBeLessThanOrEqual(query.from);
  if (query.to !== undefined) expect(reply.to).toBeGreaterThanOrEqual(query.to);
  return reply;
}

describe('ext.metricSeries: one metric downsampled for a chart', () => {
  it('answers the whole series by step in power-of-two buckets whose min/max/first/last equal a brute-force pass', async () => {
    for (const buckets of [100, 1000, 10_000]) {
      const reply = await expectExact({ buckets });
      expect(reply.bucketWidth).not.toBeNull();
      expect(Math.log2(reply.bucketWidth ?? 0) % 1).toBe(0);
      expect(reply.from).toBe(0);
    }
    const defaults = await series({});
    expect(defaults.buckets.start.length).toBeLessThanOrEqual(1000);
    expect(defaults.skipped).toBeGreaterThan(0);
  });

  it('zooms into a step range, and answers the raw points when the range holds no more than the buckets', async () => {
    await expectExact({ from: 1234, to: 5678, buckets: 50 });
    await expectExact({ from: 30_001, to: 39_999, buckets: 500 });
    const raw = await expectExact({ from: 100, to: 300, buckets: 200 });
    expect(raw.bucketWidth).toBeNull();
    expect(raw).toMatchObject({ from: 100, to: 300 });
    expect(raw.buckets.start).toEqual(raw.buckets.firstX);
    expect(raw.buckets.start.length + raw.skipped).toBe(101);
    const beyond = await series({ from: 50_000, to: 60_000 });
    expect(beyond.buckets.start).toEqual([]);
    expect(beyond.total).toBe(0);
  });

  it('charts by time (points without a step included), whole and zoomed', async () => {
    const whole = await expectExact({ axis: 'time', buckets: 300 });
    expect(whole.from).toBeLessThan(timeOf(0));
    await expectExact({ axis: 'time', from: timeOf(5000), to: timeOf(9000), buckets: 64 });
    const raw = await expectExact({ axis: 'time', from: timeOf(200), to: timeOf(260), buckets: 100 });
    expect(raw.bucketWidth).toBeNull();
  });

  it('tiles the points logged after a read at the next read, late ones (below the highest step) included', async () => {
    await expectExact({ buckets: 100 });
    const late = Array.from({ length: 500 }, (_, index) => index * 2 + 1);
    const ahead = Array.from({ length: 1500 }, (_, index) => 40_000 + index);
    await logSteps(server, experimentKey, ahead);
    await expectExact({ buckets: 100 });
    await logSteps(server, experimentKey, late);
    await expectExact({ buckets: 100 });
    await expectExact({ from: 0, to: 2000, buckets: 1000 });
    await expectExact({ axis: 'time', buckets: 1000 });
  });

  it('tiles new points once when two readers ask at the same time (a long catch-up runs in chunks)', async () => {
    await logSteps(server, experimentKey, Array.from({ length: 45_000 }, (_, index) => 50_000 + index));
    const [first, second] = await Promise.all([series({ buckets: 100 }), series({ buckets: 100 })]);
    expect(second).toEqual(first);
    await expectExact({ buckets: 100 });
  }, 60_000);

  it('answers a metric holding only strings with nothing to draw, and counts them', async () => {
    await server.call('logMetric', { body: { experimentKey, metricName: 'phase', metricValue: 'warmup', step: 1 } });
    const reply = await series({}, 'phase');
    expect(reply).toMatchObject({ total: 0, from: null, bucketWidth: null });
    const ranged = await series({ from: 0, to: 10 }, 'phase');
    expect(ranged).toMatchObject({ total: 0, skipped: 1, bucketWidth: null });
  });

  it('refuses an unknown metric, an unknown experiment and bad ranges in the service error shape', async () => {
    const unknown = await server.call('getMetricSeries', { query: { experimentKey, metricName: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, sdk_error_code: SdkError.notFound });
    expect(unknown.body.msg).toMatch(/nope/);
    const noExperiment = await server.call('getMetricSeries', { query: { experimentKey: 'f'.repeat(32), metricName: 'loss' } });
    expect([400, 404]).toContain(noExperiment.status);
    expect(noExperiment.body.msg).toEqual(expect.any(String));
    for (const query of [{ from: 10, to: 5 }, { buckets: 5 }, { buckets: 20_000 }]) {
      const bad = await server.call('getMetricSeries', { query: { experimentKey, metricName: 'loss', ...query } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 400, msg: expect.any(String), sdk_error_code: expect.any(Number) });
    }
    for (const search of ['axis=epoch', 'from=abc', 'to=1.5']) {
      const raw = await server.fetch(`/api/rest/v2/ext/experiment/metric-series?experimentKey=${experimentKey}&metricName=loss&${search}`, { headers: { authorization: server.adminKey } });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ code: 400, msg: expect.any(String) });
    }
  });
});
