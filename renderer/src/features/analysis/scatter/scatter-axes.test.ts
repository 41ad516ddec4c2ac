import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { scatterAxes } from './scatter-axes.ts';

describe('scatter axes', () => {
  it('labels log ticks 1e-5 and 1e-4 apart from 0.001', () => {
    const axes = scatterAxes({ x: 'lr', y: 'loss' }, { x: true, y: false });
    expect(axes.map((axis) => axis.label)).toEqual(['lr (log)', 'loss']);
    for (const axis of axes) {
      expect(typeof axis.values).toBe('function');
      const values = axis.values as (chart: uPlot, splits: number[], axisIdx: number, space: number, incr: number) => string[];
      expect(values({} as uPlot, [1e-5, 1e-4, 0.001], 0, 0, 0)).toEqual(['1e-5', '0.0001', '0.001']);
    }
  });
});
