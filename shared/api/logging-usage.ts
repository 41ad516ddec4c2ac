import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply } from './fields.ts';
import { byteCount, optionalContext, optionalStep, optionalTimestamp } from './logging-records.ts';

const saved = msgReply('Saved');
const group = 'logging';
const percent = z.number().min(0).max(100_000);
const sampleFields = { experimentKey, context: optionalContext, step: optionalStep, epoch: optionalStep, timestamp: optionalTimestamp };

/** One GPU's usage sample (E40). */
export const gpuUsage = z.object({
  gpuId: z.number().int().min(0).max(10_000),
  freeMemory: byteCount,
  usedMemory: byteCount,
  gpuUtilization: percent,
  totalMemory: byteCount,
});

/**
 * E40–E43: system usage samples, stored as metric series named as the hosted service names them:
 * `sys.gpu.<gpuId>.{free_memory,used_memory,gpu_utilization,total_memory}`, `sys.ram.{total,used}`,
 * `sys.cpu.percent.<NN>` (1-based, two digits) plus `sys.cpu.percent.avg`, and `sys.load.avg`.
 */
export const loggingUsageEndpoints = {
  logGpuUsage: defineEndpoint({
    id: 'E40',
    summary: 'Log GPU usage: four sys.gpu.<gpuId>.* series points per GPU.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/gpu-metrics',
    body: z.object({ ...sampleFields, gpus: z.array(gpuUsage).min(1).max(1024) }),
    reply: saved,
  }),
  logRamUsage: defineEndpoint({
    id: 'E41',
    summary: 'Log RAM usage: sys.ram.total and sys.ram.used points.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/ram-metrics',
    body: z.object({ ...sampleFields, totalRam: byteCount, usedRam: byteCount }),
    reply: saved,
  }),
  logCpuUsage: defineEndpoint({
    id: 'E42',
    summary: 'Log CPU usage: sys.cpu.percent.01… per CPU and sys.cpu.percent.avg.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/cpu-metrics',
    body: z.object({ ...sampleFields, cpuPercentUtilization: z.array(percent).min(1).max(4096) }),
    reply: saved,
  }),
  logLoadAverage: defineEndpoint({
    id: 'E43',
    summary: 'Log the processor load average: a sys.load.avg point.',
    group,
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/load-metrics',
    body: z.object({ ...sampleFields, loadAverage: z.number().min(0).max(1e9) }),
    reply: saved,
  }),
};
