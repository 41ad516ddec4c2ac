import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchDecoder } from '../../src/clientlib/batch-decoder.ts';
import { addRunBody, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

const BODY_LIMIT = 64 * 1024;

/** Arrays nested `levels` deep; inside a body's `values` they make it `levels + 2` deep (the body and `values` count). */
const nested = (levels: number): unknown => Array.from({ length: levels - 1 }).reduce<unknown>((inner) => [inner], []);
const BATCH = '/clientlib/batch/logger/experiment/metric';
/** An ordinary JSON route (read on the main thread) whose refusals a batch route must repeat word for word. */
const ORDINARY = '/api/rest/v2/write/project';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: BODY_LIMIT });
});
afterAll(() => server.close());

describe('batch decoding threads', () => {
  it('give back exactly what JSON.parse gives, whatever the items hold', async () => {
    const decoder = createBatchDecoder({ threads: 2 });
    try {
      const bodies = [
        { apiKey: 'k', experimentKey: 'e', values: [] },
        { experimentKey: 'e', values: [{ metricName: 'a', metricValue: 1.5, step: 0, epoch: null, context: null, timestamp: 1_732_000_000_000 }] },
        {
          values: [
            { metricName: 'loss', metricValue: -0, step: 1, epoch: 2, context: 'train', timestamp: 3 },
            { metricName: 'loss', metricValue: 'NaN', step: null, epoch: 2, context: null, timestamp: 4 },
            { metricName: 'é "q" \\ \u2028', metricValue: true, step: 2, epoch: 2, context: 'x', timestamp: 5 },
            { metricValue: 1, metricName: 'order differs', step: 3, epoch: 0, context: null, timestamp: 6 },
            { metricName: 'nested', metricValue: [1, { a: [null] }], step: 4, epoch: 0, context: null, timestamp: 7 },
            { metricName: 'extra', metricValue: 1, step: 5, epoch: 0, context: null, timestamp: 8, more: 1 },
            'not an item',
            null,
            [1, 2],
            7,
          ],
          more: { nested: [1, 'two'] },
        },
        { values: [{ 1: 'integer key', b: 2 }, { 1: 'again', b: 3 }] },
        // Every column's kind changes after its first value (a name then a number, null then a number, …).
        {
          values: [
            { metricName: 'a', metricValue: -0, step: null, epoch: 1, context: null, timestamp: 1 },
            { metricName: 2, metricValue: 0.1, step: 3, epoch: null, context: 'c', timestamp: false },
          ],
        },
        { values: [{ metricName: 'brackets [{ in a string', metricValue: '}]', step: 1, epoch: null, context: '{[', timestamp: 1 }] },
        { values: [nested(998)] },
      ];
      for (const body of bodies) {
        const text = JSON.stringify(body);
        for (const [encoding, bytes] of [['gzip', gzipSync(text)], ['deflate', deflateSync(text)], ['identity', Buffer.from(text)]] as const) {
          expect(await decoder.decode(bytes, encoding, BODY_LIMIT)).toStrictEqual(JSON.parse(text));
        }
      }
      const deep = JSON.stringify(nested(999));
      const leftToCaller = [
        '[1,2]',
        '{"values":{}}',
        '{"values":[',
        '{"__proto__":{},"values":[]}',
        '{"\\u005f_proto__":{},"values":[]}',
        '{"values":[{"constructor" :1}]}',
        '{"values":[{"\\u0063onstructor":1}]}',
        `\uFEFF{"values":[]}`,
        `{"values":[${deep}]}`,
        `{"values":[{"a":${deep},"a":1}]}`,
        `{"values":[${deep}],"values":[]}`,
      ];
      for (const text of leftToCaller) expect(await decoder.decode(gzipSync(text), 'gzip', BODY_LIMIT)).toBeUndefined();
      expect(await decoder.decode(gzipSync(JSON.stringify({ values: ['x'.repeat(BODY_LIMIT)] })), 'gzip', BODY_LIMIT)).toBeUndefined();
      expect(await decoder.decode(Buffer.from('not gzip'), 'gzip', BODY_LIMIT)).toBeUndefined();
    } finally {
      await decoder.close();
    }
  });

  it('leave a body to the caller rather than queue it behind a thread that lags', async () => {
    const decoder = createBatchDecoder({ threads: 1, lagMs: 0 });
    try {
      const body = gzipSync(JSON.stringify({ values: [1] }));
      const first = decoder.decode(body, 'gzip', BODY_LIMIT);
      expect(await decoder.decode(body, 'gzip', BODY_LIMIT)).toBeUndefined();
      expect(await first).toStrictEqual({ values: [1] });
      expect(await decoder.decode(body, 'gzip', BODY_LIMIT)).toStrictEqual({ values: [1] });
    } finally {
      await decoder.close();
    }
  });

  it('refuse a batch body with the same status and words as any other JSON body', async () => {
    const send = async (path: string, body: string | Buffer, encoding?: string) => {
      const response = await server.fetch(path, {
        method: 'POST',
        headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json;charset=utf-8', ...(encoding ? { 'content-encoding': encoding } : {}) },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const cases: [string | Buffer, string | undefined][] = [
      [gzipSync('{"values": [1,'), 'gzip'],
      [Buffer.from('not gzip at all'), 'gzip'],
      [Buffer.from('not deflate at all'), 'deflate'],
      [gzipSync(JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT * 4) })), 'gzip'],
      [gzipSync('{"__proto__": {"x": 1}, "values": []}'), 'gzip'],
      [`{"values": [${'['.repeat(1001)}${']'.repeat(1001)}]}`, undefined],
      ['', undefined],
      [gzipSync(''), 'gzip'],
      ['{"values": [1,', 'identity'],
      ['{}', 'br'],
    ];
    for (const [body, encoding] of cases) {
      const batch = await send(BATCH, body, encoding);
      expect(batch.status).toBeGreaterThanOrEqual(400);
      expect(batch.status).toBeLessThan(500);
      expect(batch).toEqual(await send(ORDINARY, body, encoding));
    }
  });

  it('store deflate and plain batch bodies as gzip ones', async () => {
    const experimentKey = sdkExperimentKey();
    expect((await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(experimentKey, 'decoding', 'admin') })).status).toBe(200);
    const item = (step: number) => ({ metricName: 'm', metricValue: step, step, epoch: null, context: null, timestamp: 1 });
    const text = (step: number) => JSON.stringify({ experimentKey, values: [item(step)] });
    const headers = { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json;charset=utf-8' };
    expect((await server.fetch(BATCH, { method: 'POST', headers: { ...headers, 'content-encoding': 'deflate' }, body: deflateSync(text(1)) })).status).toBe(200);
    expect((await server.fetch(BATCH, { method: 'POST', headers, body: text(2) })).status).toBe(200);
    expect((await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: JSON.parse(text(3)), gzip: true, experimentKey })).status).toBe(200);
    const metrics = (await server.call('getMetric', { query: { experimentKey, metricName: 'm' } })).body.metrics;
    expect(metrics.map((point) => point.step)).toEqual([1, 2, 3]);
  });
});
