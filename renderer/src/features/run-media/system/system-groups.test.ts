import { describe, expect, it } from 'vitest';
import { systemGroups } from './system-groups.ts';

describe('the system usage charts', () => {
  it('groups the sys.* series E40–E43 and the SDK log into CPU %, memory, GPU and load, leaving other metrics out', () => {
    const names = [
      'loss',
      'sys.cpu.percent.10',
      'sys.cpu.percent.02',
      'sys.cpu.percent.avg',
      'sys.ram.used',
      'sys.ram.total',
      'sys.gpu.0.gpu_utilization',
      'sys.gpu.0.used_memory',
      'sys.gpu.0.free_memory',
      'sys.gpu.0.power_usage',
      'sys.load.avg',
      'sys.disk.read_bps',
      'sys.compute.utilized',
    ];
    expect(systemGroups(names)).toEqual([
      { title: 'CPU %', names: ['sys.cpu.percent.avg', 'sys.cpu.percent.02', 'sys.cpu.percent.10'] },
      { title: 'Memory', names: ['sys.ram.total', 'sys.ram.used'] },
      { title: 'GPU utilization %', names: ['sys.gpu.0.gpu_utilization'] },
      { title: 'GPU memory', names: ['sys.gpu.0.free_memory', 'sys.gpu.0.used_memory'] },
      { title: 'GPU', names: ['sys.gpu.0.power_usage'] },
      { title: 'Load', names: ['sys.load.avg'] },
      { title: 'Disk', names: ['sys.disk.read_bps'] },
      { title: 'Other system usage', names: ['sys.compute.utilized'] },
    ]);
    expect(systemGroups(['loss', 'acc'])).toEqual([]);
  });
});
