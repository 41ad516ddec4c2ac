import { describe, expect, it } from 'vitest';
import { numericScale } from './parallel/axis-scale.ts';
import { tickLabel, tickLabels } from './tick-label.ts';

describe('tick labels', () => {
  it('keeps the significant digits of each log tick', () => {
    expect([1e-5, 1e-4, 0.001, 0.01, 1, 1000, 1e9].map(tickLabel)).toEqual(['1e-5', '0.0001', '0.001', '0.01', '1', '1000', '1e9']);
  });

  it('drops float noise, keeps digits that tell close ticks apart', () => {
    expect([0.1 + 0.2, 3 * 1e-5, 1.0002, 1.0004, -2.5e-6, 0].map(tickLabel)).toEqual(['0.3', '3e-5', '1.0002', '1.0004', '-2.5e-6', '0']);
  });

  it('labels uPlot splits, leaving the filtered ones blank', () => {
    expect(tickLabels(null, [1e-5, null, 0.00030000000000000003, 0.001])).toEqual(['1e-5', '', '0.0003', '0.001']);
  });

  it('labels the parallel log axis from 1e-5 up', () => {
    expect(numericScale([1e-5, 1e-4, 1e-3], true).ticks.map((tick) => tick.label)).toEqual(['1e-5', '0.0001', '0.001']);
    expect(numericScale([1.0001, 1.0009], false).ticks.map((tick) => tick.label)).toEqual(['1.0002', '1.0004', '1.0006', '1.0008']);
  });
});
