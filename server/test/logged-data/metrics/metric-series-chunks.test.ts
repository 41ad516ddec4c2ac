import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.ts';
import { T0, bruteBuckets, logSteps, rawSeries, startRun } from './metric-series-fixtures.ts';

let server: TestServer;
let experimentKey: string;

/**
 * Points 50 ms apart, as a training loop logs them (the time axis then keeps tiles of 4,096 ms and up only), with every
 * tenth point 5 s early: a chunk folds back into tiles it already left. Never two points at the same time.
 */
const timeAt = (step: number): number => T0 + step * 50 + (step % 7) - (step % 10 === 0 ? 5000 : 0);
/** More points than two tiling chunks hold, so later chunks fold straight into the coarser levels the first chose. */
const STEPS = Array.from({ length: 45_000 }, (_, index) => index);

beforeAll(async () => {
  server = await startTestServer({ throttle: { metricsPerMinute: Infinity, valuesPerMetric: Infinity } });
  experimentKey = await startRun(server);
  await logSteps(server, experimentKey, STEPS, timeAt);
}, 60_000);
afterAll(() => server.close());

/** Reads the series as asked and checks every bucket against a brute-force pass over the raw points. */
async function expectExact(query: { axis: 'step' | 'time'; buckets: number; from?: number; to?: number }) {
  const reply = await server.call('getMetricSeries', { query: { experimentKey, metricName: 'loss', ...query } });
  expect(reply.status).toBe(200);
  const { body } = reply;
  const expected = bruteBuckets(await rawSeries(server, experimentKey), query.axis, body.from ?? 0, body.to ?? 0, body.bucketWidth);
  const got = body.buckets.start.map((start, index) => ({
    start,
    firstX: body.buckets.firstX[index],
    lastX: body.buckets.lastX[index],
    first: body.buckets.first[index],
    last: body.buckets.last[index],
    min: body.buckets.min[index],
    max: body.buckets.max[index],
    count: body.buckets.count[index],
  }));
  expect(got).toEqual(expected.buckets);
  expect(body.skipped).toBe(expected.skipped);
  expect(body.bucketWidth).not.toBeNull();
  return body;
}

describe('ext.metricSeries: a series tiled over several chunks', () => {
  it('answers tiles folded from the finest kept level exactly, on both axes, whole and zoomed', async () => {
    const byTime = await expectExact({ axis: 'time', buckets: 100 });
    expect(byTime.bucketWidth).toBeGreaterThanOrEqual(4096);
    expect(byTime.total).toBeGreaterThan(44_000);
    await expectExact({ axis: 'time', buckets: 10 });
    await expectExact({ axis: 'time', buckets: 50, from: timeAt(20_000), to: timeAt(44_000) });
    await expectExact({ axis: 'step', buckets: 1000 });
    await expectExact({ axis: 'step', buckets: 100, from: 19_000, to: 41_000 });
  });

  it('keeps the levels chosen at the first fill when points arrive later, late ones included', async () => {
    await logSteps(server, experimentKey, Array.from({ length: 25_000 }, (_, index) => 45_000 + index), timeAt);
    await logSteps(server, experimentKey, Array.from({ length: 300 }, (_, index) => 100_000 + index * 3), (step) => T0 - 20_000 + step);
    await expectExact({ axis: 'time', buckets: 100 });
    await expectExact({ axis: 'time', buckets: 20, from: timeAt(30_000), to: timeAt(60_000) });
    await expectExact({ axis: 'step', buckets: 500 });
  }, 60_000);
});
