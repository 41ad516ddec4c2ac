import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newExperiment(): Promise<string> {
  const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'usage' } });
  return created.body.experimentKey;
}

const seriesOf = async (experimentKey: string, metricName: string) =>
  (await server.call('getMetric', { query: { experimentKey, metricName } })).body.metrics.map((point) => [point.metricValue, point.step, point.runContext]);

describe('usage metrics (E40–E43) as sys.* series', () => {
  it('stores GPU, RAM, CPU and load samples under the hosted service names, visible in the system details', async () => {
    const experimentKey = await newExperiment();
    const position = { step: 3, epoch: 1, timestamp: 5000, context: 'train' };
    const gpus = [
      { gpuId: 0, freeMemory: 10, usedMemory: 70, gpuUtilization: 95, totalMemory: 80 },
      { gpuId: 1, freeMemory: 40, usedMemory: 0, gpuUtilization: 0, totalMemory: 40 },
    ];
    expect((await server.call('logGpuUsage', { body: { experimentKey, gpus, ...position } })).body).toMatchObject({ msg: 'Saved' });
    expect((await server.call('logRamUsage', { body: { experimentKey, totalRam: 16e9, usedRam: 4e9, ...position } })).status).toBe(200);
    expect((await server.call('logCpuUsage', { body: { experimentKey, cpuPercentUtilization: [10, 30, 20.5], ...position } })).status).toBe(200);
    expect((await server.call('logLoadAverage', { body: { experimentKey, loadAverage: 1.25 } })).status).toBe(200);

    expect(await seriesOf(experimentKey, 'sys.gpu.0.used_memory')).toEqual([['70', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.gpu.1.free_memory')).toEqual([['40', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.gpu.0.gpu_utilization')).toEqual([['95', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.ram.used')).toEqual([['4000000000', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.cpu.percent.03')).toEqual([['20.5', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.cpu.percent.avg')).toEqual([['20.166666666666668', 3, 'train']]);
    expect(await seriesOf(experimentKey, 'sys.load.avg')).toEqual([['1.25', null, null]]);

    const details = (await server.call('getSystemDetails', { query: { experimentKey } })).body;
    expect(details.systemMetricNames).toEqual([
      'sys.cpu.percent.01',
      'sys.cpu.percent.02',
      'sys.cpu.percent.03',
      'sys.cpu.percent.avg',
      'sys.gpu.0.free_memory',
      'sys.gpu.0.gpu_utilization',
      'sys.gpu.0.total_memory',
      'sys.gpu.0.used_memory',
      'sys.gpu.1.free_memory',
      'sys.gpu.1.gpu_utilization',
      'sys.gpu.1.total_memory',
      'sys.gpu.1.used_memory',
      'sys.load.avg',
      'sys.ram.total',
      'sys.ram.used',
    ]);
    expect(details).toMatchObject({ totalRam: 16e9, maxTotalMemory: 80 });
  });

  it('numbers CPUs from 01 with two digits, past 9', async () => {
    const experimentKey = await newExperiment();
    await server.call('logCpuUsage', { body: { experimentKey, cpuPercentUtilization: Array.from({ length: 12 }, (_, index) => index) } });
    const names = (await server.call('getMetricSummaries', { query: { experimentKey } })).body.values.map((item) => item.name);
    expect(names).toContain('sys.cpu.percent.01');
    expect(names).toContain('sys.cpu.percent.12');
    expect(names).not.toContain('sys.cpu.percent.00');
  });
});

describe('multi-metric chart read', () => {
  it('returns requested metrics and parameters per experiment, aligned on common steps when asked', async () => {
    const first = await newExperiment();
    const second = await newExperiment();
    for (let step = 0; step < 4; step += 1) {
      await server.call('logMetric', { body: { experimentKey: first, metricName: 'loss', metricValue: 1 / (step + 1), step, timestamp: 1000 + step } });
      if (step % 2 === 0) await server.call('logMetric', { body: { experimentKey: first, metricName: 'acc', metricValue: step, step, timestamp: 1000 + step } });
    }
    await server.call('logParameter', { body: { experimentKey: first, parameterName: 'lr', parameterValue: 0.1 } });
    const chart = await server.call('getMultiMetricChart', {
      body: { targetedExperiments: [first, second], metrics: ['loss', 'acc'], params: ['lr', 'missing'] },
    });
    expect(chart.status).toBe(200);
    expect(chart.body.empty).toBe(false);
    expect(chart.body.experiments[second]).toEqual({ experimentKey: second, experiment_key: second, steps: [], epochs: [], empty: true, params: {}, metrics: [] });
    const own = chart.body.experiments[first];
    expect(own?.params).toEqual({ lr: '0.1' });
    expect(own?.metrics[0]).toEqual({
      metricName: 'loss',
      values: [1, 0.5, 1 / 3, 0.25],
      steps: [0, 1, 2, 3],
      epochs: [null, null, null, null],
      timestamps: [1000, 1001, 1002, 1003],
      durations: [0, 1, 2, 3],
    });
    const aligned = await server.call('getMultiMetricChart', { body: { targetedExperiments: [first], metrics: ['loss', 'acc'], independentMetrics: false } });
    expect(aligned.body.experiments[first]?.metrics.map((series) => series.steps)).toEqual([
      [0, 2],
      [0, 2],
    ]);
  });

  it('thins long series to 1,000 points (first and last kept) unless fetchFull', async () => {
    const experimentKey = await newExperiment();
    for (let start = 0; start < 1200; start += 100) {
      const steps = Array.from({ length: 100 }, (_, index) => start + index);
      await Promise.all(steps.map((step) => server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: step, step } })));
    }
    const thinned = await server.call('getMultiMetricChart', { body: { targetedExperiments: [experimentKey], metrics: ['loss'] } });
    const steps = thinned.body.experiments[experimentKey]?.metrics[0]?.steps ?? [];
    expect(steps).toHaveLength(1000);
    expect([steps[0], steps.at(-1)]).toEqual([0, 1199]);
    const full = await server.call('getMultiMetricChart', { body: { targetedExperiments: [experimentKey], metrics: ['loss'], fetchFull: true } });
    expect(full.body.experiments[experimentKey]?.metrics[0]?.steps).toHaveLength(1200);
  });
});
