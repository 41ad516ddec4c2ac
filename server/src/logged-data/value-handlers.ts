import type { HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { loggedPoint } from './summary.ts';
import { appendMetrics, experimentIdFor, metricAt, throttledWrite } from './logging-support.ts';
import { ok } from '../http/replies.ts';

/** The two-digit, 1-based CPU series suffix the hosted service uses (`sys.cpu.percent.01`). */
const cpuSeries = (index: number) => `sys.cpu.percent.${String(index + 1).padStart(2, '0')}`;

/** Handlers of E27–E29 (values) and E40–E43 (usage samples stored as `sys.*` metric series; they count as "other" calls). */
export function createLoggingValueHandlers(services: LoggedDataServices): HandlerTable {
  const { experiments, loggedData } = services;
  return {
    logOther: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const point = loggedPoint(body.value, body.timestamp ?? services.now(), null, null);
      await throttledWrite(services, id, 'other', 1, async () => {
        await loggedData.values.logValue(id, 'other', body.key, point);
        if (body.key === 'name' || body.key === 'Name') await experiments.rename(id, point.value);
      });
      return ok('Saved');
    },
    logParameter: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const point = loggedPoint(body.parameterValue, body.timestamp ?? services.now(), body.step ?? null, null);
      await throttledWrite(services, id, 'parameters', 1, () => loggedData.values.logValue(id, 'parameter', body.parameterName, point));
      return ok('Saved');
    },
    logMetric: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      await appendMetrics(services, id, 'metrics', 1, [metricAt(body.metricName, body.metricValue, body, services.now())]);
      return ok('Saved');
    },
    logGpuUsage: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      const points = body.gpus.flatMap((gpu) => [
        metricAt(`sys.gpu.${gpu.gpuId}.free_memory`, gpu.freeMemory, body, now),
        metricAt(`sys.gpu.${gpu.gpuId}.used_memory`, gpu.usedMemory, body, now),
        metricAt(`sys.gpu.${gpu.gpuId}.gpu_utilization`, gpu.gpuUtilization, body, now),
        metricAt(`sys.gpu.${gpu.gpuId}.total_memory`, gpu.totalMemory, body, now),
      ]);
      await appendMetrics(services, id, 'other', 1, points);
      return ok('Saved');
    },
    logRamUsage: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      await appendMetrics(services, id, 'other', 1, [metricAt('sys.ram.total', body.totalRam, body, now), metricAt('sys.ram.used', body.usedRam, body, now)]);
      return ok('Saved');
    },
    logCpuUsage: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      const percents = body.cpuPercentUtilization;
      const average = percents.reduce((sum, value) => sum + value, 0) / percents.length;
      const points = [...percents.map((value, index) => metricAt(cpuSeries(index), value, body, now)), metricAt('sys.cpu.percent.avg', average, body, now)];
      await appendMetrics(services, id, 'other', 1, points);
      return ok('Saved');
    },
    logLoadAverage: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      await appendMetrics(services, id, 'other', 1, [metricAt('sys.load.avg', body.loadAverage, body, services.now())]);
      return ok('Saved');
    },
  };
}
