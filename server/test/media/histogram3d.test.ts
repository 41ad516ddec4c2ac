import { describe, expect, it } from 'vitest';
import {
  compactHistogram,
  histogramBinIndex,
  histogramBins,
  histogramEdges,
  histogramHeatmap,
  parseHistogram3d,
  type Histogram3d,
} from '../../../shared/media/histogram3d.ts';
import { cannotDisplay } from '../../../shared/media/media-json.ts';
import { decodedValue, sdkMediaText } from './media-fixtures.ts';

const sdkStep = (step: number): Histogram3d => decodedValue(parseHistogram3d(sdkMediaText(`histogram3d-weights-step${step}.json`)));

/** The reason a text is refused for. */
function refusal(text: string): string {
  const result = parseHistogram3d(text);
  if (result.ok) throw new Error('expected a refusal');
  return cannotDisplay(result.error);
}

describe("the SDK's histogram bins", () => {
  it('makes the edges comet_ml makes with its defaults: 1,551, the offset at index 775, infinities at both ends', () => {
    const edges = histogramEdges();
    expect(edges).toHaveLength(1551);
    expect(edges[775]).toBe(0);
    expect([edges[0], edges[1550]]).toEqual([-Infinity, Infinity]);
    expect([edges[776], edges[774]]).toEqual([1e-12, -1e-12]);
    expect(edges[777]).toBe(1e-12 * 1.1);
    expect(edges[1549]).toBeLessThanOrEqual(1e20);
    expect(edges[1549]! * 1.1).toBeGreaterThan(1e20);
  });

  it('puts 0.1 in bin 1041 and 0.7 in bin 1062, as the SDK counts them', () => {
    const edges = histogramEdges();
    expect(histogramBinIndex(edges, 0.1)).toBe(1041);
    expect(histogramBinIndex(edges, 0.7)).toBe(1062);
    expect(histogramBinIndex(edges, 0)).toBe(775);
    expect(histogramBinIndex(edges, -0.1)).toBe(1550 - 1 - 1041);
    expect(edges[1041]! <= 0.1 && 0.1 < edges[1042]!).toBe(true);
  });

  it('follows an offset, start, stop and step other than the defaults', () => {
    const edges = histogramEdges({ offset: 5, start: 1, stop: 8, step: 2 });
    expect(edges).toEqual([-Infinity, -3, 1, 3, 4, 5, 6, 7, 9, 13, Infinity]);
  });
});

describe('a histogram3d asset the SDK logs', () => {
  it("decodes step 0's non-zero bins with their value ranges and counts", () => {
    const bins = histogramBins(sdkStep(0));
    expect(bins.map(({ index, count }) => [index, count])).toEqual([[1041, 1], [1049, 2], [1058, 1], [1062, 3], [1064, 1]]);
    const edges = histogramEdges();
    expect(bins[0]).toEqual({ index: 1041, low: edges[1041], high: edges[1042], count: 1 });
    expect(bins[0]!.low).toBeLessThanOrEqual(0.1);
    expect(bins[0]!.high).toBeGreaterThan(0.1);
  });

  it('shows one step compactly: every bin from the first non-empty to the last, empty ones as 0', () => {
    const compact = compactHistogram(sdkStep(1));
    expect(compact.map((bin) => bin.index)).toEqual(Array.from({ length: 1065 - 1049 + 1 }, (_, i) => 1049 + i));
    expect(compact.reduce((total, bin) => total + bin.count, 0)).toBe(8);
    expect(compact.find((bin) => bin.index === 1053)?.count).toBe(2);
    expect(compact.find((bin) => bin.index === 1050)?.count).toBe(0);
    expect(compactHistogram({ ...sdkStep(1), indexValues: [] })).toEqual([]);
  });

  it('lays the steps out as steps × value counts for a heatmap, over the range any step fills', () => {
    const heatmap = histogramHeatmap([{ step: 1, histogram: sdkStep(1) }, { step: 0, histogram: sdkStep(0) }]);
    expect(heatmap.steps).toEqual([0, 1]);
    expect(heatmap.bins[0]?.index).toBe(1041);
    expect(heatmap.bins.at(-1)?.index).toBe(1065);
    expect(heatmap.maxCount).toBe(3);
    const column = (index: number) => index - 1041;
    expect([heatmap.counts[0]![column(1062)], heatmap.counts[1]![column(1062)]]).toEqual([3, 0]);
    expect([heatmap.counts[0]![column(1053)], heatmap.counts[1]![column(1053)]]).toEqual([0, 2]);
  });

  it('refuses malformed files with a reason a user can read', () => {
    expect(refusal('not json')).toBe('Cannot display this histogram: the file is not valid JSON');
    expect(refusal('{"values": null}')).toMatch(/^Cannot display this histogram: index_values: /);
    expect(refusal('{"index_values": [[1551, 1]]}')).toBe('Cannot display this histogram: bin 1551 is outside the 1550 bins of its layout');
    expect(refusal('{"index_values": [[1, -2]]}')).toMatch(/^Cannot display this histogram: index_values\.0\.1: /);
    expect(refusal('{"index_values": [], "step": 1}')).toBe('Cannot display this histogram: step must be above 1');
    expect(refusal('{"index_values": [], "start": 1e-300, "step": 1.0000001}')).toBe('Cannot display this histogram: the layout makes more than 100000 bins');
  });
});
