import type { ApiReply } from '../../../lib/api.ts';
import type { ImportanceInput } from './compute-importance.ts';

/** Which summary of the metric is scored: its last, smallest or largest value. */
export type MetricSummary = 'last' | 'min' | 'max';

/** The model's input from an `ext.analysisRuns` reply whose first column is the metric and the rest parameters, over the runs in `passing` (null: all). */
export function importanceInput(reply: ApiReply<'getAnalysisRuns'>, summary: MetricSummary, passing: ReadonlySet<string> | null): ImportanceInput | null {
  const [metric, ...parameters] = reply.columns;
  if (metric?.kind !== 'metric') return null;
  const runs = reply.keys.flatMap((key, run) => (passing === null || passing.has(key) ? [run] : []));
  return {
    metric: runs.map((run) => metric[summary][run] ?? null),
    parameters: parameters.map((column) => ({ name: column.name, values: runs.map((run) => column.last[run] ?? null) })),
  };
}
