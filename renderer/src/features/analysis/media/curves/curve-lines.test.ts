import { describe, expect, it } from 'vitest';
import type { PanelRun } from '../use-media-panel.ts';
import { curveChart } from './curve-lines.ts';

/** The curve the real SDK logged (`server/test/fixtures/sdk-media/curve-roc-step2.json`). */
const ROC = '{"x":[0,0.1,0.3,1.0],"y":[0,0.6,0.9,1.0],"name":"roc"}';
const runs: PanelRun[] = ['a', 'b', 'c', 'd', 'e'].map((key, colour) => ({ key, name: `run ${key}`, colour, group: null }));

describe("the curves panel's lines", () => {
  it("draw a line per run in the view's order, points by x, with the ROC area; bad files and failed reads named apart", () => {
    const chart = curveChart(runs, [
      { experimentKey: 'c', assetId: 'c2', step: 2, text: '{"x":[1,0],"y":[1,0.5],"name":"loss curve"}' },
      { experimentKey: 'a', assetId: 'a2', step: 2, text: ROC },
      { experimentKey: 'b', assetId: 'b1', step: 1, text: '{"x":[0],"y":[]}' },
      { experimentKey: 'd', assetId: 'd0', step: 0, error: 'the service is not answering' },
      { experimentKey: 'e', assetId: 'e0', step: 0 },
    ]);
    expect(chart.lines.map((line) => [line.run.key, line.step, line.points, line.kind, line.area])).toEqual([
      ['a', 2, [{ x: 0, y: 0 }, { x: 0.1, y: 0.6 }, { x: 0.3, y: 0.9 }, { x: 1, y: 1 }], 'roc', expect.closeTo(0.03 + 0.15 + 0.665, 10)],
      ['c', 2, [{ x: 0, y: 0.5 }, { x: 1, y: 1 }], undefined, undefined],
    ]);
    expect(chart.failures.map((failure) => [failure.run.key, failure.reason])).toEqual([
      ['b', 'Cannot display this curve: x has 1 values and y has 0'],
      ['d', 'Cannot display this curve: the service is not answering'],
    ]);
    expect(chart.pending).toBe(1);
    expect(chart.extent).toEqual({ xMin: 0, xMax: 1, yMin: 0, yMax: 1 });
  });

  it('have no extent without a line', () => {
    expect(curveChart(runs, [])).toEqual({ lines: [], failures: [], pending: 0, extent: null });
  });
});
