import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { newExperiment } from '../registry/registry-fixtures.ts';
import { rest, sdkSend } from '../support/sdk-requests.ts';

const clock = { now: Date.UTC(2025, 5, 1) };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now, throttle: { metricsPerMinute: 5 } });
});
afterAll(() => server.close());

const metadataOf = async (experimentKey: string) => (await sdkSend(server, 'GET', rest(`experiment/metadata?experimentKey=${experimentKey}`))).json;
const parameterNames = async (experimentKey: string) =>
  (await server.call('getParameters', { query: { experimentKey } })).body.values.map((item) => item.name);

describe('§0: the version the SDK gates features by', () => {
  it('reports 4.18.133 or later, so every gate of clients.md §0 is open', async () => {
    const reply = await server.fetch('/clientlib/isAlive/ver', { headers: { 'User-Agent': 'python-requests/2.32.3' } });
    expect(reply.status).toBe(200);
    const { version } = (await reply.json()) as { version: string };
    const gates = ['1.2.78', '3.3.11', '3.5.42', '3.7.28', '3.7.91', '3.12.26', '3.20.60', '3.29.724', '4.3.385', '4.7.416', '4.18.133'];
    expect(gates.filter((gate) => semver.lt(version, gate))).toEqual([]);
  });
});

describe('A.1 experiment/metrics/get-all', () => {
  it('returns every value of every metric, sys.* included, in the metric record shape; {"metrics":[]} when none', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const empty = await sdkSend(server, 'GET', rest(`experiment/metrics/get-all?experimentKey=${experimentKey}`));
    expect(empty).toMatchObject({ status: 200, type: 'application/json', text: '{"metrics":[]}' });
    for (const [metricName, metricValue, step] of [['loss', 0.5, 1], ['loss', 0.25, 2], ['acc', 0.9, 1]] as const) {
      await server.call('logMetric', { body: { experimentKey, metricName, metricValue, step, epoch: 0, context: 'train', timestamp: 1000 + step } });
    }
    await server.call('logRamUsage', { body: { experimentKey, totalRam: 16, usedRam: 4, timestamp: 5000 } });
    const reply = await sdkSend(server, 'GET', rest(`experiment/metrics/get-all?experimentKey=${experimentKey}`));
    expect(reply.type).toBe('application/json');
    const metrics = reply.json.metrics as Record<string, unknown>[];
    expect(metrics.map((point) => [point.metricName, point.metricValue, point.step])).toEqual([
      ['acc', '0.9', 1],
      ['loss', '0.5', 1],
      ['loss', '0.25', 2],
      ['sys.ram.total', '16', null],
      ['sys.ram.used', '4', null],
    ]);
    expect(metrics[1]).toEqual({ metricName: 'loss', metricValue: '0.5', timestamp: 1001, step: 1, epoch: 0, runContext: 'train' });
    expect((await sdkSend(server, 'GET', rest('experiment/metrics/get-all?experimentKey=nope'))).status).toBe(404);
  });
});

describe('A.2 experiment writes', () => {
  it('delete_parameter removes one parameter; deleting it again is still 200', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 0.1 } });
    await server.call('logParameter', { body: { experimentKey, parameterName: 'momentum', parameterValue: 0.9 } });
    const body = { experimentKey, parameterName: 'lr' };
    const deleted = await sdkSend(server, 'POST', rest('write/experiment/parameter/delete'), body);
    expect(deleted).toMatchObject({ status: 200, type: 'application/json', json: { msg: 'Deleted' } });
    expect(await parameterNames(experimentKey)).toEqual(['momentum']);
    expect((await sdkSend(server, 'POST', rest('write/experiment/parameter/delete'), body)).status).toBe(200);
  });

  it('delete_parameters takes a JSON array over several experiments, all or nothing', async () => {
    const first = await newExperiment(server, 'clients');
    const second = await newExperiment(server, 'clients');
    for (const experimentKey of [first, second]) {
      for (const parameterName of ['a', 'b']) await server.call('logParameter', { body: { experimentKey, parameterName, parameterValue: 1 } });
    }
    const path = rest('write/experiments/parameters/delete');
    const refused = await sdkSend(server, 'POST', path, [{ experimentKey: first, parameterName: 'a' }, { experimentKey: 'nope', parameterName: 'a' }]);
    expect(refused.status).toBe(404);
    expect(await parameterNames(first)).toEqual(['a', 'b']);
    const reply = await sdkSend(server, 'POST', path, [{ experimentKey: first, parameterName: 'a' }, { experimentKey: second, parameterName: 'b' }]);
    expect(reply.status).toBe(200);
    expect(await parameterNames(first)).toEqual(['b']);
    expect(await parameterNames(second)).toEqual(['a']);
  });

  it('delete_tags removes the given tags (absent ones ignored) and answers JSON with the remaining tags', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    await server.call('addTags', { body: { experimentKey, addedTags: ['a', 'b', 'c'] } });
    const reply = await sdkSend(server, 'POST', rest('write/experiment/tags/delete'), { experimentKey, tags: ['a', 'zzz'] });
    expect(reply).toMatchObject({ status: 200, type: 'application/json', json: { msg: 'Deleted', tags: ['b', 'c'] } });
    expect((await server.call('getTags', { query: { experimentKey } })).body.tags).toEqual(['b', 'c']);
  });

  it('update-status implements set_state (running, finished, crashed) and error reports; metadata has hasCrashed', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const path = rest('write/experiment/update-status');
    const state = async () => {
      const metadata = await metadataOf(experimentKey);
      return { running: metadata['running'], hasCrashed: metadata['hasCrashed'], lastError: metadata['lastError'], end: metadata['endTimeMillis'] };
    };
    expect(await state()).toMatchObject({ running: true, hasCrashed: false, lastError: null });

    clock.now += 60_000;
    expect((await sdkSend(server, 'POST', path, { experimentKey, isAlive: false, error: null, hasCrashed: false })).status).toBe(200);
    const finishedAt = clock.now;
    clock.now += 5_000;
    expect(await state()).toEqual({ running: false, hasCrashed: false, lastError: null, end: finishedAt });

    expect((await sdkSend(server, 'POST', path, { experimentKey, isAlive: true, error: null, hasCrashed: false })).status).toBe(200);
    expect(await state()).toMatchObject({ running: true, hasCrashed: false });

    expect((await sdkSend(server, 'POST', path, { experimentKey, isAlive: true, error: 'CUDA out of memory', hasCrashed: false })).status).toBe(200);
    expect(await state()).toMatchObject({ running: true, hasCrashed: false, lastError: 'CUDA out of memory' });

    expect((await sdkSend(server, 'POST', path, { experimentKey, isAlive: false, error: null, hasCrashed: true })).status).toBe(200);
    const crashedAt = clock.now;
    expect(await state()).toMatchObject({ running: false, hasCrashed: true, lastError: 'CUDA out of memory' });

    clock.now += 1_000;
    expect((await sdkSend(server, 'POST', path, { experimentKey, isAlive: true, error: 'upload of a.bin failed', hasCrashed: true })).status).toBe(200);
    expect(await state()).toEqual({ running: false, hasCrashed: true, lastError: 'upload of a.bin failed', end: crashedAt });
    expect((await sdkSend(server, 'POST', path, { experimentKey, hasCrashed: true })).status).toBe(400);
  });

  it('PUT dependencies takes the SDK\'s ms×1000 timestamp as µs, keeps plain ms, and a name declared again takes the new version', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const path = rest('write/experiment/dependencies');
    const millis = 1_750_000_000_123;
    const first = await sdkSend(server, 'PUT', path, { experimentKey, timestamp: millis * 1000, logDependencies: [{ name: 'numpy', version: '1.26.4' }] });
    expect(first).toMatchObject({ status: 200, type: 'application/json' });
    await sdkSend(server, 'PUT', path, { experimentKey, timestamp: millis + 1, logDependencies: [{ name: 'torch', version: '2.3.0' }] });
    await sdkSend(server, 'PUT', path, { experimentKey, timestamp: (millis + 2) * 1000, logDependencies: [{ name: 'numpy', version: '2.0.0' }] });
    const read = await server.call('getDependencies', { query: { experimentKey } });
    expect(read.body.dependencies).toEqual([
      { name: 'numpy', version: '2.0.0', timestamp: millis + 2 },
      { name: 'torch', version: '2.3.0', timestamp: millis + 1 },
    ]);
  });

  it('a 429 carries Retry-After-Custom (float seconds); mark-not-throttled with the key in the path clears the flag', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const log = (step: number) => sdkSend(server, 'POST', rest('write/experiment/metric'), { experimentKey, metricName: 'loss', metricValue: step, step });
    for (let step = 0; step < 5; step += 1) expect((await log(step)).status).toBe(200);
    clock.now += 12_500;
    const refused = await log(5);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after-custom')).toBe('47.500');
    expect(Number(refused.headers.get('retry-after-custom'))).toBeCloseTo(47.5);
    expect(refused.headers.get('retry-after')).toBe('48');
    expect(await metadataOf(experimentKey)).toMatchObject({ throttle: true });

    const cleared = await sdkSend(server, 'POST', rest(`write/experiment/${experimentKey}/mark-not-throttled`), {});
    expect(cleared).toMatchObject({ status: 200, type: 'application/json' });
    expect(await metadataOf(experimentKey)).toMatchObject({ throttle: false, throttleMessage: null, throttleReasons: [] });
    expect((await sdkSend(server, 'POST', rest('write/experiment/not-a-key/mark-not-throttled'), {})).status).toBe(404);
    const typed = await server.call('markNotThrottled', { params: { experimentKey }, body: {} });
    expect(typed.status).toBe(200);
    clock.now += 60_000;
  });
});
