import { describe, expect, it } from 'vitest';
import { histogramEdges } from '../../../../../../shared/media/histogram3d.ts';
import type { PanelRun } from '../use-media-panel.ts';
import { barsOf, histogramRuns } from './histogram-bars.ts';

/** What the real SDK logged at step 0 (`server/test/fixtures/sdk-media/histogram3d-weights-step0.json`): 0.1 in bin 1041, 0.7 in 1062. */
const STEP0 = '{"version":2,"index_values":[[1041,1],[1049,2],[1058,1],[1062,3],[1064,1]],"values":null,"offset":0,"start":1e-12,"stop":1e+20,"step":1.1}';
const runs: PanelRun[] = ['a', 'b'].map((key, colour) => ({ key, name: `run ${key}`, colour, group: null }));

describe("the histograms panel's bars", () => {
  it("are each run's bins from the first filled to the last, the SDK's counts and edges exactly", () => {
    const model = histogramRuns(runs, [
      { experimentKey: 'a', assetId: 'a0', step: 0, text: STEP0 },
      { experimentKey: 'b', assetId: 'b0', step: 0, text: '{"version":2,"index_values":"no"}' },
    ]);
    const edges = histogramEdges();
    const bars = model.shown[0]?.value ?? [];
    expect(bars).toHaveLength(1064 - 1041 + 1);
    expect(bars[0]).toEqual({ low: edges[1041], high: edges[1042], count: 1 });
    expect(bars[1062 - 1041]).toEqual({ low: edges[1062], high: edges[1063], count: 3 });
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(8);
    expect(model.failures.map((failure) => failure.run.key)).toEqual(['b']);
    expect(model.failures[0]?.reason).toMatch(/^Cannot display this histogram: /);
  });

  it('add neighbouring bins up past the most bars drawn, keeping every count', () => {
    const bins = Array.from({ length: 10 }, (_, index) => ({ index, low: index, high: index + 1, count: index }));
    expect(barsOf(bins, 4)).toEqual([
      { low: 0, high: 3, count: 3 },
      { low: 3, high: 6, count: 12 },
      { low: 6, high: 9, count: 21 },
      { low: 9, high: 10, count: 9 },
    ]);
  });
});
