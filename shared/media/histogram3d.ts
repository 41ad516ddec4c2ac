import { z } from 'zod';
import { decoded, parseMediaJson, refused, type MediaDecoded } from './media-json.ts';

/** The kind named in "Cannot display this …" for a histogram. */
export const HISTOGRAM_KIND = 'histogram';

/** The SDK's bin layout (`Histogram(start, stop, step, offset)`); the defaults are comet_ml's. */
export interface HistogramLayout {
  readonly offset: number;
  readonly start: number;
  readonly stop: number;
  readonly step: number;
}

/** comet_ml's default layout: 1,551 edges, index 775 is the offset. */
export const DEFAULT_HISTOGRAM_LAYOUT: HistogramLayout = { offset: 0, start: 1e-12, stop: 1e20, step: 1.1 };

/** The most edges a layout may make (the defaults make 1,551); a hostile layout is refused rather than built. */
export const MAX_HISTOGRAM_EDGES = 100_000;

/** One step of a `histogram3d` asset: its layout and its non-zero bins `[bin index, count]`. */
export interface Histogram3d extends HistogramLayout {
  readonly indexValues: readonly (readonly [number, number])[];
}

/** One bin: values in `[low, high)` counted `count` times (`low` is -Infinity for the first bin, `high` Infinity for the last). */
export interface HistogramBin {
  readonly index: number;
  readonly low: number;
  readonly high: number;
  readonly count: number;
}

/** How many positive (or negative) edges the layout makes, the SDK's loop counted without building it; undefined past the limit. */
function sideCount(layout: HistogramLayout): number | undefined {
  let count = 0;
  for (let value = layout.start; value <= layout.stop; value *= layout.step) {
    count += 1;
    if (2 * count + 3 > MAX_HISTOGRAM_EDGES) return undefined;
  }
  return count;
}

/** Why the layout cannot make edges, or undefined when it can. */
function layoutProblem(layout: HistogramLayout): string | undefined {
  if (!(layout.start > 0)) return 'start must be above 0';
  if (!(layout.step > 1)) return 'step must be above 1';
  if (!(layout.stop >= layout.start)) return 'stop must not be below start';
  if (![layout.offset, layout.stop].every(Number.isFinite)) return 'offset and stop must be finite numbers';
  return sideCount(layout) === undefined ? `the layout makes more than ${MAX_HISTOGRAM_EDGES} bins` : undefined;
}

const edgeCache = new Map<string, readonly number[]>();

/**
 * The SDK's bin edges exactly, as comet_ml's `Histogram.create_bin_values` builds them: `[-inf, offset - start·stepᵏ …
 * offset - start, offset, offset + start … offset + start·stepᵏ, +inf]`, the powers made by repeated multiplication as
 * Python does. A layout the decoder refuses (see `parseHistogram3d`) gives only `[-inf, offset, +inf]`.
 */
export function histogramEdges(layout: HistogramLayout = DEFAULT_HISTOGRAM_LAYOUT): readonly number[] {
  const key = `${layout.offset}|${layout.start}|${layout.stop}|${layout.step}`;
  const cached = edgeCache.get(key);
  if (cached) return cached;
  const magnitudes: number[] = [];
  if (!layoutProblem(layout)) for (let value = layout.start; value <= layout.stop; value *= layout.step) magnitudes.push(value);
  const below = magnitudes.map((value) => layout.offset - value).reverse();
  const above = magnitudes.map((value) => layout.offset + value);
  const edges = Object.freeze([-Infinity, ...below, layout.offset, ...above, Infinity]);
  edgeCache.set(key, edges);
  return edges;
}

/** The bin a value falls in: the last edge ≤ value (Python's `bisect(edges, value) - 1`). */
export function histogramBinIndex(edges: readonly number[], value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (value < (edges[middle] ?? Infinity)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

const finite = z.number().finite();
const fileSchema = z.looseObject({
  version: z.number().optional(),
  index_values: z.array(z.tuple([z.number().int().nonnegative(), finite.nonnegative()])),
  offset: finite.default(DEFAULT_HISTOGRAM_LAYOUT.offset),
  start: finite.default(DEFAULT_HISTOGRAM_LAYOUT.start),
  stop: finite.default(DEFAULT_HISTOGRAM_LAYOUT.stop),
  step: finite.default(DEFAULT_HISTOGRAM_LAYOUT.step),
});

/** Decodes the JSON text of one `histogram3d` asset (one step); a malformed file answers why it cannot be shown. */
export function parseHistogram3d(text: string): MediaDecoded<Histogram3d> {
  const parsed = parseMediaJson(HISTOGRAM_KIND, text, fileSchema);
  if (!parsed.ok) return parsed;
  const { index_values: indexValues, offset, start, stop, step } = parsed.value;
  const layout = { offset, start, stop, step };
  const problem = layoutProblem(layout);
  if (problem) return refused(HISTOGRAM_KIND, problem);
  const binCount = histogramEdges(layout).length - 1;
  const outside = indexValues.find(([index]) => index >= binCount);
  if (outside) return refused(HISTOGRAM_KIND, `bin ${outside[0]} is outside the ${binCount} bins of its layout`);
  return decoded({ ...layout, indexValues });
}

/** The histogram's non-empty bins with their value ranges, in value order (repeated indexes are added up). */
export function histogramBins(histogram: Histogram3d): HistogramBin[] {
  const edges = histogramEdges(histogram);
  const counts = new Map<number, number>();
  for (const [index, count] of histogram.indexValues) if (count > 0) counts.set(index, (counts.get(index) ?? 0) + count);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, count]) => ({ index, low: edges[index] ?? -Infinity, high: edges[index + 1] ?? Infinity, count }));
}

/** Every bin from the first non-empty one to the last, empty ones included: one step at a readable width. */
export function compactHistogram(histogram: Histogram3d): HistogramBin[] {
  const bins = histogramBins(histogram);
  const first = bins[0];
  const last = bins.at(-1);
  return first && last ? binRange(histogram, first.index, last.index, bins) : [];
}

/** The bins `from`…`to` (inclusive) of a layout, with the counts of `bins` and 0 elsewhere. */
function binRange(layout: HistogramLayout, from: number, to: number, bins: readonly HistogramBin[]): HistogramBin[] {
  const edges = histogramEdges(layout);
  const counts = new Map(bins.map((bin) => [bin.index, bin.count]));
  return Array.from({ length: to - from + 1 }, (_, offset) => {
    const index = from + offset;
    return { index, low: edges[index] ?? -Infinity, high: edges[index + 1] ?? Infinity, count: counts.get(index) ?? 0 };
  });
}

/** A histogram's steps as a heatmap: one row per step (ascending), one column per bin of the range any step fills. */
export interface HistogramHeatmap {
  readonly steps: readonly number[];
  /** The columns' bins (counts left at 0: see `counts`). */
  readonly bins: readonly HistogramBin[];
  /** `counts[row][column]`: the count of bin `bins[column]` at step `steps[row]`. */
  readonly counts: readonly Float64Array[];
  readonly maxCount: number;
}

/** Steps × value counts for a heatmap or ridge of one histogram name; steps with another layout than the first are left out. */
export function histogramHeatmap(steps: readonly { readonly step: number; readonly histogram: Histogram3d }[]): HistogramHeatmap {
  const layout = steps[0]?.histogram;
  const same = [...steps]
    .filter(({ histogram }) => layout && sameLayout(layout, histogram))
    .sort((a, b) => a.step - b.step);
  const perStep = same.map(({ histogram }) => histogramBins(histogram));
  const indexes = perStep.flat().map((bin) => bin.index);
  if (!layout || indexes.length === 0) return { steps: same.map(({ step }) => step), bins: [], counts: same.map(() => new Float64Array(0)), maxCount: 0 };
  const from = indexes.reduce((low, index) => Math.min(low, index));
  const bins = binRange(layout, from, indexes.reduce((high, index) => Math.max(high, index)), []);
  let maxCount = 0;
  const counts = perStep.map((stepBins) => {
    const row = new Float64Array(bins.length);
    for (const bin of stepBins) {
      row[bin.index - from] = bin.count;
      maxCount = Math.max(maxCount, bin.count);
    }
    return row;
  });
  return { steps: same.map(({ step }) => step), bins, counts, maxCount };
}

/** Whether two histograms share the same bins. */
const sameLayout = (a: HistogramLayout, b: HistogramLayout): boolean =>
  a.offset === b.offset && a.start === b.start && a.stop === b.stop && a.step === b.step;
