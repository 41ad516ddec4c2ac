import { describe, expect, it } from 'vitest';
import { extent, linearScale, niceTicks, tickLabel, toPlotSeries, type ChartSeries } from './chart-data.ts';

const series: ChartSeries = {
  metricName: 'loss',
  values: [0.5, 'nan-ish', 0.25, 0.75],
  steps: [2, 3, null, 1],
  epochs: [null, null, null, null],
  timestamps: [1000, 2000, 3000, 4000],
  durations: [0, 1000, 2000, 3000],
};

describe('chart data', () => {
  it('keeps numeric points with an x on the chosen axis, sorted by x', () => {
    expect(toPlotSeries(series, 'step')).toEqual({ name: 'loss', points: [[1, 0.75], [2, 0.5]] });
    expect(toPlotSeries(series, 'time').points).toEqual([[1000, 0.5], [3000, 0.25], [4000, 0.75]]);
  });

  it('finds the extent over all series and widens a single value', () => {
    expect(extent([{ name: 'a', points: [[1, 2], [3, 4]] }, { name: 'b', points: [[0, 5]] }])).toEqual({ x: [0, 3], y: [2, 5] });
    expect(extent([{ name: 'a', points: [[1, 2]] }])).toEqual({ x: [0.9, 1.1], y: [1.8, 2.2] });
    expect(extent([{ name: 'a', points: [] }])).toBeUndefined();
  });

  it('picks round ticks inside the range', () => {
    expect(niceTicks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0.02, 1, 5)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-3, 7, 2)).toEqual([0, 5]);
    expect(niceTicks(4, 4)).toEqual([4]);
  });

  it('maps values to pixels and labels ticks compactly', () => {
    const scale = linearScale([0, 10], [100, 0]);
    expect(scale(0)).toBe(100);
    expect(scale(5)).toBe(50);
    expect(tickLabel(25_000, 'step')).toBe('25k');
    expect(tickLabel(0.123456, 'value')).toBe('0.1235');
    expect(tickLabel(new Date(2025, 0, 1, 9, 5, 7).getTime(), 'time')).toBe('09:05:07');
  });
});
