/** Which way a metric is better: lower (losses, errors), higher (accuracy, f1, auc…), or null where the name does not say. */
export type MetricDirection = 'lower' | 'higher' | null;

/** Parts of a name that mean an error or a loss (lower is better). */
const LOWER = /loss|error|^err$|^(r?mse|mae|mape|nll|wer|cer|perplexity|ppl)$/;
/** Parts of a name that mean a score (higher is better). */
const HIGHER = /accuracy|precision|recall|^(acc|top\d+|f1|f\d+score|auc|roc|auroc|auprc|map|ap|ndcg|mrr|bleu|rouge\w*|iou|miou|dice|r2|score)$/;

/** The words of a metric name: "val/top1_acc" → val, top1, acc; "valAccuracy" → val, accuracy. */
const partsOf = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Which way a metric is better, judged from its name only where the name says it: "val_loss" lower, "accuracy" higher;
 * system metrics (`sys.*`: memory, load, temperature) and any other name get no judgement.
 */
export function metricDirection(name: string): MetricDirection {
  if (/^sys[._/]/i.test(name)) return null;
  const parts = partsOf(name);
  if (parts.some((part) => LOWER.test(part))) return 'lower';
  if (parts.some((part) => HIGHER.test(part))) return 'higher';
  return null;
}

/** "lower is better", "higher is better", or null when the direction is not known. */
export const directionText = (direction: MetricDirection): string | null => (direction ? `${direction} is better` : null);

/** A metric whose last value is worse in the candidate than in the version compared with. */
export interface WorseMetric {
  name: string;
  direction: 'lower' | 'higher';
  candidate: string;
  current: string;
}

/** One metric of both versions, as the comparison has it: the last value of each side (null where a side lacks it). */
interface ComparedMetric {
  name: string;
  better: MetricDirection;
  candidate: { last: { value: string } } | null;
  current: { last: { value: string } } | null;
}

/** The metrics with a known direction whose last value got worse from `current` to `candidate` (numbers only). */
export function worseMetrics(rows: readonly ComparedMetric[]): WorseMetric[] {
  return rows.flatMap((row) => {
    const { name, better } = row;
    const [candidate, current] = [row.candidate?.last.value, row.current?.last.value];
    if (!better || candidate === undefined || current === undefined) return [];
    const [mine, theirs] = [Number(candidate), Number(current)];
    if (!Number.isFinite(mine) || !Number.isFinite(theirs)) return [];
    const worse = better === 'lower' ? mine > theirs : mine < theirs;
    return worse ? [{ name, direction: better, candidate, current }] : [];
  });
}

/** The sentence that names the metrics that got worse (or says none did), for the cockpit and the evidence. */
export function worseText(worse: readonly WorseMetric[], candidate: string, current: string): string {
  if (worse.length === 0) return `No metric with a known direction is worse in ${candidate} than in ${current}.`;
  const list = worse.map((metric) => `${metric.name} ${metric.current} → ${metric.candidate} (${metric.direction} is better)`).join('; ');
  return `Worse in ${candidate} than in ${current}: ${list}.`;
}
