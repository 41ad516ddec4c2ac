import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { addRunBody, metricItem, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

const clock = { now: Date.UTC(2025, 0, 1) };
let server: TestServer;
let limited: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now, throttle: { metricsPerMinute: Infinity, valuesPerMetric: Infinity } });
  limited = await startTestServer({ now: () => clock.now, throttle: { metricsPerMinute: 5, parametersPerMinute: 3 } });
});
afterAll(async () => {
  await server.close();
  await limited.close();
});

async function startRun(target: TestServer, projectName = 'batches'): Promise<string> {
  const key = sdkExperimentKey();
  const reply = await sdkCall(target.url, { path: 'logger/add/run', body: addRunBody(key, projectName, 'admin') });
  expect(reply.status).toBe(200);
  return key;
}

const sendMetrics = (target: TestServer, experimentKey: string, values: unknown[]) =>
  sdkCall(target.url, { path: 'batch/logger/experiment/metric', body: { apiKey: TEST_ADMIN_KEY, experimentKey, values }, gzip: true, experimentKey });
const sendParameters = (target: TestServer, experimentKey: string, values: unknown[]) =>
  sdkCall(target.url, { path: 'batch/logger/experiment/parameter', body: { apiKey: TEST_ADMIN_KEY, experimentKey, values }, gzip: true, experimentKey });
const seriesOf = async (target: TestServer, experimentKey: string, metricName: string) =>
  (await target.call('getMetric', { query: { experimentKey, metricName } })).body.metrics;

describe('clientlib metric batches', () => {
  it('stores each item exactly as E29 stores the same value (NaN/Infinity strings, null step/epoch/context)', async () => {
    const batchKey = await startRun(server);
    const restKey = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'batches' } })).body.experimentKey;
    const items = [
      metricItem('loss', 0.5, 1),
      metricItem('loss', 'NaN', 2),
      metricItem('loss', 'Infinity', 3, { epoch: 1, context: 'train' }),
      metricItem('loss', '-Infinity', null),
      metricItem('loss', 7, 4, { timestamp: null }),
      metricItem('acc', true, 1, { context: null, epoch: null }),
    ];
    const reply = await sendMetrics(server, batchKey, items);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ msg: 'Saved', stored: 6, refused: [] });
    for (const item of items) {
      const { metricName, metricValue, step, epoch, context, timestamp } = item as ReturnType<typeof metricItem> & { metricValue: string | number | boolean };
      const rest = await server.call('logMetric', { body: { experimentKey: restKey, metricName, metricValue, step, epoch, context, timestamp } });
      expect(rest.status).toBe(200);
    }
    for (const name of ['loss', 'acc']) expect(await seriesOf(server, batchKey, name)).toEqual(await seriesOf(server, restKey, name));
    const summaries = async (experimentKey: string) => (await server.call('getMetricSummaries', { query: { experimentKey } })).body.values;
    expect(await summaries(batchKey)).toEqual(await summaries(restKey));
    expect((await seriesOf(server, batchKey, 'loss')).map((point) => point.metricValue)).toEqual(['-Infinity', '0.5', 'NaN', 'Infinity', '7']);
  });

  it('stores the good items of a batch and names each refused one with its reason', async () => {
    const key = await startRun(server);
    const reply = await sendMetrics(server, key, [
      metricItem('ok', 1, 1),
      metricItem('', 2, 2),
      metricItem('ok', null, 3),
      metricItem('ok', 4, -1),
      'not an item',
      metricItem('ok', 5, 5),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.json.stored).toBe(2);
    const refused = reply.json.refused as { index: number; reason: string }[];
    expect(refused.map((item) => item.index)).toEqual([1, 2, 3, 4]);
    expect(refused[0]?.reason).toContain('metricName');
    expect(refused[1]?.reason).toContain('metricValue');
    expect(refused[2]?.reason).toContain('step');
    expect((await seriesOf(server, key, 'ok')).map((point) => point.step)).toEqual([1, 5]);
  });

  it('answers 400 when every item is refused, 404 for an unknown experiment, and stores JSON values as their text', async () => {
    const key = await startRun(server);
    const allBad = await sendMetrics(server, key, [metricItem('', 1, 1)]);
    expect(allBad.status).toBe(400);
    expect(allBad.json.msg).toContain('item 0');
    const unknown = await sendMetrics(server, sdkExperimentKey(), [metricItem('x', 1, 1)]);
    expect(unknown.status).toBe(404);
    expect(unknown.json.sdk_error_code).toBe(SdkError.noSuchExperiment);
    expect((await sendMetrics(server, key, [metricItem('vec', [1, 2], 1)])).status).toBe(200);
    expect((await seriesOf(server, key, 'vec'))[0]?.metricValue).toBe('[1,2]');
  });

  it('refuses an unknown header key before reading the body, and takes the key from the body or the query without one', async () => {
    const key = await startRun(server);
    const path = '/clientlib/batch/logger/experiment/metric';
    const notGzip = await server.fetch(path, {
      method: 'POST',
      headers: { authorization: 'unknown-key-0123456789', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: 'this is not gzip',
    });
    expect(notGzip.status).toBe(401);
    const body = { experimentKey: key, values: [metricItem('keyed', 1, 1)] };
    const viaBody = await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: { ...body, apiKey: TEST_ADMIN_KEY }, gzip: true, key: null });
    expect(viaBody.status).toBe(200);
    const viaQuery = await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body, gzip: true, key: null, query: { apiKey: TEST_ADMIN_KEY } });
    expect(viaQuery.status).toBe(200);
    expect(await seriesOf(server, key, 'keyed')).toHaveLength(2);
  });

  it('refuses a value nested too deeply as one bad item (never a 5xx)', async () => {
    const key = await startRun(server);
    const depth = 900; // deeper bodies (over 1000 levels in all) are refused whole by the JSON parser
    const deep = `{"metricName":"deep","metricValue":${'['.repeat(depth)}${']'.repeat(depth)},"step":1}`;
    const text = `{"experimentKey":"${key}","values":[${deep},${JSON.stringify(metricItem('shallow', [[1]], 1))}]}`;
    const reply = await server.fetch('/clientlib/batch/logger/experiment/metric', {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json' },
      body: text,
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { stored: number; refused: { index: number; reason: string }[] };
    expect(body.stored).toBe(1);
    expect(body.refused).toEqual([{ index: 0, reason: expect.stringContaining('levels deep') }]);
    const parameters = text.replaceAll('metricName', 'parameterName').replaceAll('metricValue', 'parameterValue');
    const asParameters = await server.fetch('/clientlib/batch/logger/experiment/parameter', {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json' },
      body: parameters,
    });
    expect(asParameters.status).toBe(200);
  });

  it('stores a 1,000-point batch in full', async () => {
    const key = await startRun(server);
    const items = Array.from({ length: 1000 }, (_, step) => metricItem('big', step / 10, step));
    const reply = await sendMetrics(server, key, items);
    expect(reply.json).toMatchObject({ stored: 1000, refused: [] });
    expect(await seriesOf(server, key, 'big')).toHaveLength(1000);
  });

  it('answers a throttled batch 429 with Retry-After-Custom, stores none of it, and stores it in full when re-sent', async () => {
    const key = await startRun(limited);
    expect((await sendMetrics(limited, key, [metricItem('m', 0, 0), metricItem('m', 1, 1), metricItem('m', 2, 2)])).status).toBe(200);
    clock.now += 15_000;
    const batch = [metricItem('m', 3, 3), metricItem('m', 4, 4), metricItem('m', 5, 5)];
    const refused = await sendMetrics(limited, key, batch);
    expect(refused.status).toBe(429);
    expect(refused.json.sdk_error_code).toBe(SdkError.throttled);
    const wait = Number(refused.headers.get('retry-after-custom'));
    expect(wait).toBeGreaterThanOrEqual(45);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await seriesOf(limited, key, 'm')).map((point) => point.step)).toEqual([0, 1, 2]);
    clock.now += wait * 1000 + 500;
    expect((await sendMetrics(limited, key, batch)).status).toBe(200);
    expect((await seriesOf(limited, key, 'm')).map((point) => point.step)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('clientlib parameter batches', () => {
  it('stores parameters as E28 does, with their context, flattened names and list values', async () => {
    const key = await startRun(server);
    const item = (parameterName: string, parameterValue: unknown, source: string, extra: Record<string, unknown> = {}) => ({
      parameterName,
      parameterValue,
      step: null,
      source,
      context: null,
      timestamp: 1_732_000_000_000,
      ...extra,
    });
    const reply = await sendParameters(server, key, [
      item('curr_step', 0, 'auto-logged'),
      item('lr', 0.01, 'manual', { context: 'train', step: 3 }),
      item('nested|a', 'x', 'manual'),
      item('layers', [64, 32], 'manual'),
      item('bad', null, 'manual'),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ stored: 4, refused: [{ index: 4 }] });
    const values = (await server.call('getParameters', { query: { experimentKey: key } })).body.values;
    const byName = Object.fromEntries(values.map((value) => [value.name, value]));
    expect(byName.lr).toMatchObject({ valueCurrent: '0.01', stepCurrent: 3, runContextCurrent: 'train', timestampCurrent: 1_732_000_000_000 });
    expect(byName['nested|a']?.valueCurrent).toBe('x');
    expect(byName.layers?.valueCurrent).toBe('[64,32]');
    expect(byName.curr_step?.valueCurrent).toBe('0');
  });

  it('answers a throttled parameter batch 429 with Retry-After-Custom and stores none of it', async () => {
    const key = await startRun(limited);
    const item = (name: string) => ({ parameterName: name, parameterValue: 1, step: null, source: 'manual', context: null, timestamp: 1 });
    const reply = await sendParameters(limited, key, [item('a'), item('b')]);
    expect(reply.status).toBe(200);
    const refused = await sendParameters(limited, key, [item('c'), item('d')]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after-custom')).not.toBeNull();
    const names = (await limited.call('getParameters', { query: { experimentKey: key } })).body.values.map((value) => value.name);
    expect(names).toEqual(['a', 'b']);
  });
});
