import { alignRuns, gridWidth, groupRuns, groupStats, relative, smooth, type RunPoints } from './line-math.ts';

/** What the x axis shows: the step, the time since each run's first point (s), or the wall-clock time. */
export type LineAxis = 'step' | 'relative' | 'time';

/** The settings of a line chart panel (kept with the view). */
export interface LineSettings {
  metric: string;
  /** '' : one line per run; `param:<name>`: grouped by a parameter's value; `tags`: grouped by the runs' tags. */
  groupBy: string;
  band: 'minmax' | 'std';
  /** Exponential moving average weight, 0 (none) to 0.99. */
  smoothing: number;
  axis: LineAxis;
  logY: boolean;
}

/** Settings of a new panel, and the defaults of any missing field of a saved one. */
export const LINE_DEFAULTS: LineSettings = { metric: '', groupBy: '', band: 'minmax', smoothing: 0, axis: 'step', logY: false };

/** A saved panel's settings read defensively (a view saved by another version may lack or mistype fields). */
export function lineSettings(raw: Record<string, unknown>): LineSettings {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const axis = raw.axis === 'relative' || raw.axis === 'time' ? raw.axis : 'step';
  const smoothing = typeof raw.smoothing === 'number' && Number.isFinite(raw.smoothing) ? Math.min(0.99, Math.max(0, raw.smoothing)) : 0;
  return { metric: text(raw.metric, ''), groupBy: text(raw.groupBy, ''), band: raw.band === 'std' ? 'std' : 'minmax', smoothing, axis, logY: raw.logY === true };
}

/** One run's buckets as read (`ext.metricSeriesMany`): each bucket is drawn at its start with its first value. */
export interface RunBuckets {
  experimentKey: string;
  bucketWidth: number | null;
  /** `first` is asked for; a reply without it draws nothing. */
  buckets: { start: readonly number[]; first?: readonly number[] };
  /** On relative time: the time of the run's first point, its 0 (else the first bucket's start is). */
  origin?: number | null;
}

/** A line drawn: its legend label, the runs it stands for, its values on the chart's x grid, and a band for groups. */
export interface ChartLine {
  label: string;
  keys: string[];
  ys: (number | null)[];
  band?: { low: (number | null)[]; high: (number | null)[] };
}

/** What the chart draws: the x grid, the lines, and the grid's cell width in x units. */
export interface LineModel {
  xs: number[];
  lines: ChartLine[];
  cellWidth: number;
}

/** How a run is named and grouped. */
export interface RunLabels {
  nameOf(key: string): string;
  /** The run's group label; null when the chart is not grouped. */
  groupOf: ((key: string) => string) | null;
}

/**
 * The lines of a chart: every run's buckets (smoothed, shifted to relative time if asked), aligned on a common grid of
 * about `cells` cells, then one line per run or, grouped, the mean of each group with its min–max or ±std band.
 */
export function buildLines(runs: readonly RunBuckets[], settings: LineSettings, labels: RunLabels, cells: number): LineModel {
  const points: RunPoints[] = runs.map((run) => {
    const ys = smooth(run.buckets.first ?? [], settings.smoothing);
    const shaped = { xs: [...run.buckets.start], ys: settings.logY ? ys.map((y) => (y > 0 ? y : Number.NaN)) : ys };
    return settings.axis === 'relative' ? { xs: relative(shaped, run.origin ?? undefined).xs.map((x) => x / 1000), ys: shaped.ys } : shaped;
  });
  const lo = Math.min(...points.map((run) => run.xs[0] ?? Infinity));
  const hi = Math.max(...points.map((run) => run.xs.at(-1) ?? -Infinity));
  const span = hi > lo ? hi - lo : 0;
  const cellWidth = settings.axis === 'relative' ? (span > 0 ? span / cells : 1) : Math.max(gridWidth(runs.map((run) => run.bucketWidth)), Math.ceil(span / cells));
  const aligned = alignRuns(points, cellWidth);
  const ys = aligned.ys.map((row) => row.map((y) => (y === null || Number.isFinite(y) ? y : null)));
  if (!labels.groupOf) {
    return { xs: aligned.xs, cellWidth, lines: runs.map((run, index) => ({ label: labels.nameOf(run.experimentKey), keys: [run.experimentKey], ys: ys[index] ?? [] })) };
  }
  const groupOf = labels.groupOf;
  const groups = groupRuns(runs.length, (index) => groupOf(runs[index]?.experimentKey ?? ''));
  const lines = [...groups].map(([label, members]): ChartLine => {
    const stats = groupStats(members.map((index) => ys[index] ?? []), aligned.xs.length);
    const off = (sign: number) => stats.mean.map((mean, at) => (mean === null ? null : mean + sign * (stats.std[at] ?? 0)));
    const band = settings.band === 'std' ? { low: off(-1), high: off(1) } : { low: stats.min, high: stats.max };
    return { label, keys: members.map((index) => runs[index]?.experimentKey ?? ''), ys: stats.mean, band };
  });
  return { xs: aligned.xs, cellWidth, lines };
}
