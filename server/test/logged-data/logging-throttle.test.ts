import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

const clock = { now: Date.UTC(2025, 0, 1) };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    now: () => clock.now,
    throttle: { metricsPerMinute: 3, parametersPerMinute: 2, outputLinesPerMinute: 5, otherPerMinute: 2, valuesPerMetric: 4 },
  });
});
afterAll(() => server.close());

async function newExperiment(): Promise<string> {
  return (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'throttle' } })).body.experimentKey;
}

const metadataOf = async (experimentKey: string) => (await server.call('getExperimentMetadata', { query: { experimentKey } })).body;
const metric = (experimentKey: string, metricName: string, step: number) =>
  server.call('logMetric', { body: { experimentKey, metricName, metricValue: step, step } });

describe('throttling over HTTP', () => {
  it('refuses metrics over the per-minute limit with 429 + Retry-After, flags the experiment, and drops nothing accepted', async () => {
    const experimentKey = await newExperiment();
    expect((await metadataOf(experimentKey)).throttle).toBe(false);
    for (let step = 0; step < 3; step += 1) expect((await metric(experimentKey, 'loss', step)).status).toBe(200);
    clock.now += 20_000;
    const refused = await metric(experimentKey, 'loss', 3);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.body).toMatchObject({ code: 429, sdk_error_code: SdkError.throttled });
    expect(refused.body.msg).toContain('more than 3 metric values per minute');
    const metadata = await metadataOf(experimentKey);
    expect(metadata).toMatchObject({ throttle: true, throttleReasons: ['more than 3 metric values per minute'] });
    expect(metadata.throttleMessage).toContain('refused');
    expect((await server.call('getMetric', { query: { experimentKey, metricName: 'loss' } })).body.metrics.map((point) => point.step)).toEqual([0, 1, 2]);

    const other = await newExperiment();
    expect((await metric(other, 'loss', 0)).status).toBe(200);
    expect((await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 1 } })).status).toBe(200);

    clock.now += 40_000;
    expect((await metric(experimentKey, 'loss', 3)).status).toBe(200);
  });

  it('refuses values past the per-metric limit, naming the metric', async () => {
    const experimentKey = await newExperiment();
    for (let step = 0; step < 4; step += 1) {
      expect((await metric(experimentKey, 'acc', step)).status).toBe(200);
      if (step === 2) clock.now += 60_000;
    }
    const refused = await metric(experimentKey, 'acc', 4);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body.msg).toContain('metric acc holds the limit of 4 values');
    expect((await metric(experimentKey, 'other', 0)).status).toBe(200);
    expect((await metadataOf(experimentKey)).throttleReasons).toEqual(['metric acc holds the limit of 4 values']);
    const [summary] = (await server.call('getMetricSummaries', { query: { experimentKey } })).body.values;
    expect(summary).toMatchObject({ name: 'acc', valueCurrent: '3' });
    clock.now += 60_000;
  });

  it('counts output lines, not requests, and answers 400 for a batch over a whole minute', async () => {
    const experimentKey = await newExperiment();
    const lines = (count: number) => Array.from({ length: count }, (_, index) => ({ output: `${index}\n` }));
    expect((await server.call('logOutput', { body: { experimentKey, outputLines: lines(4) } })).status).toBe(200);
    const refused = await server.call('logOutput', { body: { experimentKey, outputLines: lines(2) } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toContain('more than 5 output lines per minute');
    const oversized = await server.call('logOutput', { body: { experimentKey, outputLines: lines(6) } });
    expect(oversized.status).toBe(400);
    expect(oversized.body.msg).toContain('send smaller batches');
    expect((await server.call('getOutput', { query: { experimentKey } })).body.output).toBe('0\n1\n2\n3\n');
    clock.now += 60_000;
  });

  it('limits parameters and everything else separately, accumulating the reasons', async () => {
    const experimentKey = await newExperiment();
    const parameter = () => server.call('logParameter', { body: { experimentKey, parameterName: 'p', parameterValue: 1 } });
    const tag = () => server.call('addTags', { body: { experimentKey, addedTags: ['t'] } });
    expect([(await parameter()).status, (await parameter()).status, (await parameter()).status]).toEqual([200, 200, 429]);
    expect([(await tag()).status, (await tag()).status, (await tag()).status]).toEqual([200, 200, 429]);
    expect((await metadataOf(experimentKey)).throttleReasons).toEqual([
      'more than 2 parameters per minute',
      'more than 2 other logging calls per minute',
    ]);
    clock.now += 60_000;
  });
});
