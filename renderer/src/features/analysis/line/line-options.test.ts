import { describe, expect, it } from 'vitest';
import type { ChartLine } from './line-model.ts';
import { lineData, lineOptions, nearestLine } from './line-options.ts';
import { HAIRLINE, paintPlan } from './line-paint.ts';

const lines: ChartLine[] = [
  { label: 'lr = 0.01', keys: ['a', 'b'], ys: [1, 2], band: { low: [0.5, 1.5], high: [1.5, 2.5] } },
  { label: 'run c', keys: ['c'], ys: [5, null] },
];
const events = { onZoom: () => undefined, onResetZoom: () => undefined, onHover: () => undefined, onPick: () => undefined };

describe('line chart drawing', () => {
  it('hands uPlot only x and the lowest and highest value drawn at each x (bands included), which scale y and draw nothing', () => {
    expect(lineData([0, 1], lines)).toEqual([[0, 1], [0.5, 1.5], [5, 2.5]]);
    const options = lineOptions({ axis: 'step', logY: true, highlighted: new Set([1]), ink: '#000', grid: '#ccc' }, events);
    expect(options.series).toHaveLength(3);
    expect(options.series.slice(1).map((series) => series.paths?.({} as never, 1, 0, 1))).toEqual([null, null]);
    expect(options.scales?.y).toEqual({ distr: 3 });
  });

  it('paints every line of one colour in one stroke, bands first, highlighted lines last and wider, the others dimmed', () => {
    const many: ChartLine[] = Array.from({ length: 20 }, (_, index) => ({ label: `run ${index}`, keys: [`k${index}`], ys: [index] }));
    const plain = paintPlan(many, new Set());
    expect(plain.strokes).toHaveLength(8);
    expect(plain.strokes.flatMap((stroke) => stroke.lines).sort((a, b) => a - b)).toEqual(many.map((_, index) => index));
    expect(plain.strokes[0]).toEqual({ color: '#0072B2', width: 1.5, lines: [0, 8, 16] });
    const lit = paintPlan(many, new Set([8]));
    expect(lit.strokes.at(-1)).toEqual({ color: '#0072B2', width: 3, lines: [8] });
    expect(lit.strokes[0]).toEqual({ color: '#0072B255', width: 1.5, lines: [0, 16] });
    expect(paintPlan(lines, new Set([1])).bands).toEqual([{ fill: '#0072B218', line: 0 }]);
    const crowd: ChartLine[] = Array.from({ length: 101 }, (_, index) => ({ label: `run ${index}`, keys: [`k${index}`], ys: [index] }));
    const thin = paintPlan(crowd, new Set([3]));
    expect(thin.strokes.map((stroke) => stroke.width)).toEqual([...Array<number>(8).fill(HAIRLINE), 3]);
  });

  it('names the line nearest the pointer by value at the x under it, skipping lines without a value there', () => {
    expect(nearestLine(lines, [0, 1], 0, 4)).toEqual({ line: 1, x: 0, value: 5 });
    expect(nearestLine(lines, [0, 1], 1, 4)).toEqual({ line: 0, x: 1, value: 2 });
  });
});
