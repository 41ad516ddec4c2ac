import { restoreSort } from '../../experiments/saved-view.ts';
import { isSummarySort } from '../../experiments/table-sort.ts';
import type { MetricSummary } from './importance-input.ts';

/** The metric an importance panel starts with: the one the table sorts by (and its summary) when the project has it, else its first metric. */
export function startingMetric(metrics: readonly string[], tableSort: unknown): { metric: string; summary: MetricSummary } | null {
  const sort = restoreSort(tableSort);
  if (isSummarySort(sort) && sort.summary.kind === 'metric' && metrics.includes(sort.summary.name)) {
    return { metric: sort.summary.name, summary: sort.summary.aggregate === 'current' ? 'last' : sort.summary.aggregate };
  }
  const first = metrics[0];
  return first === undefined ? null : { metric: first, summary: 'last' };
}
