import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.ts';
import { testBackends } from '../../support/test-database.ts';
import { T0, logSteps, startRun } from './metric-series-fixtures.ts';

/** Each run's steps: runs of different lengths, so that their buckets differ. */
const RUN_STEPS = [3000, 1200, 40].map((length) => Array.from({ length }, (_, step) => step));

describe.each(testBackends())('ext.metricSeriesMany: one metric of many runs in one request, on %s', (backend) => {
  let server: TestServer;
  let keys: string[];
  let withoutMetric: string;
  beforeAll(async () => {
    server = await startTestServer({ backend, throttle: { metricsPerMinute: Infinity, valuesPerMetric: Infinity } });
    keys = [];
    for (const steps of RUN_STEPS) {
      const key = await startRun(server);
      await logSteps(server, key, steps);
      keys.push(key);
    }
    withoutMetric = await startRun(server);
  }, 60_000);
  afterAll(() => server.close());

  const many = (body: Record<string, unknown>) => server.call('getMetricSeriesMany', { body: { experimentKeys: keys, metricName: 'loss', ...body } as never });
  const single = async (experimentKey: string, query: Record<string, unknown>) => {
    const reply = await server.call('getMetricSeries', { query: { experimentKey, metricName: 'loss', ...query } as never });
    expect(reply.status).toBe(200);
    const { metricName: _name, axis: _axis, ...rest } = reply.body;
    return rest;
  };

  it("answers each run's buckets exactly as the one-run read does, in the order asked, whole and zoomed, by step and by time", async () => {
    for (const ask of [{ buckets: 100 }, { buckets: 50, from: 500, to: 1500 }, { axis: 'time', buckets: 64 }]) {
      const reply = await many(ask);
      expect(reply.status, reply.body.msg).toBe(200);
      expect(reply.body.runs.map((run) => run.experimentKey)).toEqual(keys);
      expect(reply.body.missing).toEqual([]);
      for (const run of reply.body.runs) {
        const { experimentKey, ...series } = run;
        expect(series).toEqual(await single(experimentKey, ask));
      }
    }
    const defaults = await many({});
    expect(defaults.body.axis).toBe('step');
    expect(defaults.body.runs[0]?.buckets.start.length).toBeLessThanOrEqual(200);
    expect(defaults.body.runs[2]?.bucketWidth).toBeNull();
  });

  it('answers only the bucket arrays asked besides start, the same values as the whole reply', async () => {
    const whole = await many({ buckets: 100 });
    const slim = await many({ buckets: 100, fields: ['first'] });
    expect(slim.status, slim.body.msg).toBe(200);
    slim.body.runs.forEach((run, index) => {
      const full = whole.body.runs[index];
      expect(Object.keys(run.buckets).sort()).toEqual(['first', 'start']);
      expect(run.buckets).toEqual({ start: full?.buckets.start, first: full?.buckets.first });
      expect({ ...run, buckets: null }).toEqual({ ...full, buckets: null });
    });
    const wrong = await many({ fields: ['median'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('fields');
  });

  it("zooms on time since each run's first point: each run's range counts from its own first point, which it says", async () => {
    // Two runs begun at other times, logging at other paces.
    const starts = [T0 + 50_000, T0 + 200_000];
    const shifted: string[] = [];
    for (const [index, start] of starts.entries()) {
      const key = await startRun(server);
      await logSteps(server, key, Array.from({ length: 400 }, (_, step) => step), (step) => start + step * (3 + 4 * index));
      shifted.push(key);
    }
    const relative = (body: Record<string, unknown>) => many({ experimentKeys: shifted, axis: 'time', relative: true, ...body });
    // Each run's first numeric point (as raw points: more buckets than points).
    const firsts = await Promise.all(shifted.map(async (key) => (await single(key, { axis: 'time', buckets: 1000 })).buckets.start[0]));
    expect(firsts[0]).toBeGreaterThanOrEqual(starts[0] ?? 0);
    expect(firsts[1]).toBeGreaterThanOrEqual(starts[1] ?? 0);
    const whole = await relative({ buckets: 64 });
    expect(whole.status, whole.body.msg).toBe(200);
    for (const [index, run] of whole.body.runs.entries()) {
      const { experimentKey, origin, ...series } = run;
      expect(origin).toBe(firsts[index]);
      expect(series).toEqual(await single(experimentKey, { axis: 'time', buckets: 64 }));
    }
    const zoomed = await relative({ from: 30, to: 300, buckets: 50 });
    expect(zoomed.status, zoomed.body.msg).toBe(200);
    for (const [index, run] of zoomed.body.runs.entries()) {
      const { experimentKey, origin, ...series } = run;
      const start = firsts[index] ?? 0;
      expect(origin).toBe(start);
      expect(series).toEqual(await single(experimentKey, { axis: 'time', from: start + 30, to: start + 300, buckets: 50 }));
      // The zoom's range, widened to whole buckets: not the run's whole span (1,200 and 2,800 ms).
      expect(series.from).toBeLessThanOrEqual(start + 30);
      expect(series.to).toBeGreaterThanOrEqual(start + 300);
      expect((series.to ?? 0) - (series.from ?? 0)).toBeLessThan(600);
    }
    const byStep = await many({ relative: true });
    expect(byStep.status).toBe(400);
    expect(byStep.body.msg).toContain('"relative"');
  });

  it('lists runs without the metric, and unknown keys, apart instead of failing', async () => {
    const reply = await server.call('getMetricSeriesMany', { body: { experimentKeys: [withoutMetric, keys[2] ?? '', 'no-such-run'], metricName: 'loss' } as never });
    expect(reply.status, reply.body.msg).toBe(200);
    expect(reply.body.runs.map((run) => run.experimentKey)).toEqual([keys[2]]);
    expect(reply.body.missing).toEqual([withoutMetric, 'no-such-run']);
  });

  it('refuses a reversed range and more than 1,000 runs, saying which field', async () => {
    const reversed = await many({ from: 10, to: 5 });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain('"from"');
    const tooMany = await many({ experimentKeys: Array.from({ length: 1001 }, (_, index) => `k${index}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('experimentKeys');
  });
});
