/** A metric's summaries over the compared runs, one entry per run (as the analysis runs read answers them). */
export interface MetricSummary {
  name: string;
  last: readonly (number | string | null)[];
  min: readonly (number | null)[];
  max: readonly (number | null)[];
}

/** A metric to rank: its last value per run, and whether some run logged it as a curve (more than one point). */
export interface RankedMetric {
  name: string;
  last: readonly (number | string | null)[];
  curve: boolean;
}

/** How much the runs' last values differ, relative to their size (0 when fewer than two runs have a number). */
function spread(metric: RankedMetric): number {
  const values = metric.last.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (values.length < 2) return 0;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const size = Math.max(Math.abs(low), Math.abs(high));
  return size === 0 ? 0 : (high - low) / size;
}

/** True when some run logged more than one value of the metric (its minimum and maximum differ): a curve, not a point. */
const moves = (summary: MetricSummary): boolean => summary.min.some((low, at) => low !== null && summary.max[at] !== null && summary.max[at] !== low);

/**
 * Metrics in the order a comparison charts them first: curves before metrics that are a single point in every run
 * (e.g. `process duration`), then the ones whose last values differ most between the runs; ties keep the given order.
 */
export function rankMetrics(metrics: readonly RankedMetric[]): string[] {
  const ranked = metrics.map((metric, order) => ({ name: metric.name, curve: metric.curve, spread: spread(metric), order }));
  ranked.sort((a, b) => Number(b.curve) - Number(a.curve) || b.spread - a.spread || a.order - b.order);
  return ranked.map((metric) => metric.name);
}

/** The metric a line chart of the analysis view starts on (see `rankMetrics`); undefined when there is no metric. */
export const pickDefaultMetric = (summaries: readonly MetricSummary[]): string | undefined =>
  rankMetrics(summaries.map((summary) => ({ name: summary.name, last: summary.last, curve: moves(summary) })))[0];
