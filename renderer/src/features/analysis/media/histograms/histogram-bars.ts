import { compactHistogram, HISTOGRAM_KIND, parseHistogram3d, type HistogramBin } from '../../../../../../shared/media/histogram3d.ts';
import { decoded } from '../../../../../../shared/media/media-json.ts';
import { decodeRuns, type DecodedRuns } from '../decoded-runs.ts';
import type { PanelRun } from '../use-media-panel.ts';
import type { RunText } from '../use-run-texts.ts';

/** The most bars one run's histogram draws: wider ranges add neighbouring bins up. */
export const MAX_BARS = 60;

/** One bar: the values in `[low, high)` counted `count` times. */
export interface HistogramBar {
  low: number;
  high: number;
  count: number;
}

/** The bins from the first non-empty one to the last, added up in runs of neighbours so that at most `maxBars` remain. */
export function barsOf(bins: readonly HistogramBin[], maxBars = MAX_BARS): HistogramBar[] {
  const per = Math.max(1, Math.ceil(bins.length / maxBars));
  const bars: HistogramBar[] = [];
  for (let at = 0; at < bins.length; at += per) {
    const group = bins.slice(at, at + per);
    const first = group[0];
    const last = group.at(-1);
    if (first && last) bars.push({ low: first.low, high: last.high, count: group.reduce((sum, bin) => sum + bin.count, 0) });
  }
  return bars;
}

/** Each run's histogram at the panel's step as bars (the SDK's bins decoded exactly), those that cannot be shown, and how many are still read. */
export function histogramRuns(runs: readonly PanelRun[], texts: readonly RunText[]): DecodedRuns<HistogramBar[]> {
  return decodeRuns(runs, texts, HISTOGRAM_KIND, (text) => {
    const histogram = parseHistogram3d(text);
    return histogram.ok ? decoded(barsOf(compactHistogram(histogram.value))) : histogram;
  });
}
