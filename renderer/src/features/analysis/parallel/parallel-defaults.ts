import { choiceId, valuesOf, type AnalysisRunsReply, type ColumnChoice } from '../column-choice/column-choice.ts';

/** How many parameters a new chart shows before the user picks. */
const DEFAULT_PARAMS = 6;
/** A numeric axis starts on a log scale when its positive values span more than this ratio (two decades). */
const LOG_SPAN = 100;

/** How many distinct values a column takes across the runs. */
const distinctCount = (reply: AnalysisRunsReply, choice: ColumnChoice): number => new Set(valuesOf(reply, choice).filter((value) => value !== null)).size;

/** Whether a column's values are all positive numbers spanning more than two decades. */
function spansDecades(reply: AnalysisRunsReply, choice: ColumnChoice): boolean {
  const values = valuesOf(reply, choice).filter((value) => value !== null);
  if (values.length === 0 || !values.every((value) => typeof value === 'number' && value > 0)) return false;
  const numbers = values as number[];
  return Math.max(...numbers) / Math.min(...numbers) > LOG_SPAN;
}

/**
 * A new chart's settings from the runs read: the parameters that take the most distinct values (those that vary,
 * up to 6, ties in the project's order; when none varies, those with a value), the given metric, and a log scale on each axis whose values span more than two decades.
 */
export function parallelDefaults(reply: AnalysisRunsReply, params: readonly ColumnChoice[], metric: ColumnChoice | null): Record<string, unknown> {
  const ranked = params.map((choice, order) => ({ choice, order, count: distinctCount(reply, choice) })).filter((one) => one.count > 0);
  ranked.sort((a, b) => b.count - a.count || a.order - b.order);
  const varying = ranked.filter((one) => one.count > 1);
  const chosen = (varying.length > 0 ? varying : ranked).slice(0, DEFAULT_PARAMS).map((one) => one.choice);
  const axes = metric ? [...chosen, metric] : chosen;
  return { params: chosen, metric, log: axes.filter((choice) => spansDecades(reply, choice)).map(choiceId) };
}
