import { describe, expect, it } from 'vitest';
import type { ChartLine } from './line-model.ts';
import { lineData, lineOptions, nearestLine } from './line-options.ts';

const lines: ChartLine[] = [
  { label: 'lr = 0.01', keys: ['a', 'b'], ys: [1, 2], band: { low: [0.5, 1.5], high: [1.5, 2.5] } },
  { label: 'run c', keys: ['c'], ys: [5, null] },
];
const events = { onZoom: () => undefined, onResetZoom: () => undefined, onHover: () => undefined, onPick: () => undefined };

describe('line chart drawing', () => {
  it("lays out a group's mean, upper and lower series and a band between them, and a run's line alone", () => {
    expect(lineData([0, 1], lines)).toEqual([[0, 1], [1, 2], [1.5, 2.5], [0.5, 1.5], [5, null]]);
    const options = lineOptions({ lines, axis: 'step', logY: true, highlighted: new Set([1]), ink: '#000', grid: '#ccc' }, events);
    expect(options.series.map((series) => series.label)).toEqual([undefined, 'lr = 0.01', 'lr = 0.01 upper', 'lr = 0.01 lower', 'run c']);
    expect(options.bands).toEqual([{ series: [2, 3], fill: expect.stringMatching(/18$/) }]);
    expect(options.series[4]?.width).toBe(3);
    expect(options.scales?.y).toEqual({ distr: 3 });
  });

  it('names the line nearest the pointer by value at the x under it, skipping lines without a value there', () => {
    const data = lineData([0, 1], lines);
    expect(nearestLine(data, [1, 4], 0, 4)).toEqual({ line: 1, x: 0, value: 5 });
    expect(nearestLine(data, [1, 4], 1, 4)).toEqual({ line: 0, x: 1, value: 2 });
  });
});
