import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedThrottleLimits } from '../../src/throttle/rate-limits.ts';
import { metricItem, sdkCall, startSdkRun, type SdkReply } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

const clock = { now: Date.now() };
let embedded: TestServer;
let hosted: TestServer;
beforeAll(async () => {
  embedded = await startTestServer({ throttle: embeddedThrottleLimits });
  hosted = await startTestServer({ now: () => clock.now });
});
afterAll(async () => {
  await embedded.close();
  await hosted.close();
});

const NAMES = ['loss', 'acc', 'lr', 'grad_norm', 'sys.cpu.percent.avg', 'sys.ram.used', 'sys.gpu.0.gpu_utilization', 'val_loss'];
/** `count` points starting at step `from`, spread over the run's metrics the way a training loop logs them. */
const points = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const step = from + Math.floor(index / NAMES.length);
    return metricItem(NAMES[index % NAMES.length] ?? 'loss', Math.sin(from + index), step);
  });
const sendBatch = (server: TestServer, key: string, values: unknown[]): Promise<SdkReply> =>
  sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: { apiKey: TEST_ADMIN_KEY, experimentKey: key, values }, gzip: true, experimentKey: key });
const stored = async (server: TestServer, key: string) => {
  let total = 0;
  for (const metricName of NAMES) total += (await server.call('getMetric', { query: { experimentKey: key, metricName } })).body.metrics.length;
  return total;
};

describe('throttling of a heavy live run (clients.md B.5)', () => {
  it('the embedded service answers a heavy run 200 throughout: 10^5 points, series past 15,000 values, an uncapped final flush', async () => {
    const key = await startSdkRun(embedded.url, 'heavy');
    const replies: SdkReply[] = [];
    // Two batches of 1,000 in flight at a time, as the streamer and the final flush overlap.
    for (let batch = 0; batch < 80; batch += 2) {
      replies.push(...(await Promise.all([sendBatch(embedded, key, points(batch * 125, 1000)), sendBatch(embedded, key, points((batch + 1) * 125, 1000))])));
    }
    replies.push(await sendBatch(embedded, key, points(10_000, 20_000)));
    expect(replies.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
    expect(await stored(embedded, key)).toBe(100_000);
    expect((await embedded.call('getMetric', { query: { experimentKey: key, metricName: 'loss' } })).body.metrics).toHaveLength(12_500);
  });

  it("under the hosted service's limits a throttled batch, and a final flush over the whole limit, are stored in full when re-sent after Retry-After-Custom", async () => {
    const key = await startSdkRun(hosted.url, 'heavy');
    const sent: unknown[][] = Array.from({ length: 14 }, (_, batch) => points(batch * 125, 1000));
    sent.push(points(14 * 125, 13_000));
    let refusals = 0;
    for (const values of sent) {
      for (;;) {
        const reply = await sendBatch(hosted, key, values);
        if (reply.status === 200) break;
        expect(reply.status, JSON.stringify(reply.json)).toBe(429);
        refusals += 1;
        // What the SDK does: park the batch for Retry-After-Custom seconds (+0.5 s), then send it again as it was.
        const wait = Number(reply.headers.get('retry-after-custom'));
        expect(wait).toBeGreaterThan(0);
        clock.now += Math.ceil(wait * 1000) + 500;
      }
    }
    expect(refusals).toBeGreaterThanOrEqual(2);
    expect(await stored(hosted, key)).toBe(14 * 1000 + 13_000);
    const metadata = (await hosted.call('getExperimentMetadata', { query: { experimentKey: key } })).body;
    expect(metadata.throttle).toBe(true);
  });
});
