import { AppError } from '../ipc/app-error.ts';
import { loggedValueOf, type CopyContext } from './context.ts';

/** Points per batch on a Trackdesk target (one transaction each, so a batch is stored whole or not at all). */
const BATCH_POINTS = 10_000;

/** How many points of a metric an experiment has (the full series, as the SDK reads it). */
export async function seriesLength(client: CopyContext['source'], experimentKey: string, metricName: string, signal: AbortSignal): Promise<number> {
  return (await client.call('getMetric', { query: { experimentKey, metricName } }, { signal })).metrics.length;
}

/**
 * Copies a metric's full series in its stored order. Points go in order and each batch (or single write) is stored whole,
 * so the target's count says how many were sent: a resumed copy sends only the rest, never a point twice. `onTarget` says
 * whether the target has the metric at all (else there is nothing to count). Answers the source's number of points.
 */
export async function copyMetric(ctx: CopyContext, metricName: string, onTarget: boolean): Promise<number> {
  const { metrics } = await ctx.source.call('getMetric', { query: { experimentKey: ctx.sourceKey, metricName } }, { signal: ctx.signal });
  const already = onTarget ? await seriesLength(ctx.target, ctx.targetKey, metricName, ctx.signal) : 0;
  const points = metrics.slice(already).map((point) => ({
    metricName,
    metricValue: loggedValueOf(point.metricValue),
    step: point.step,
    epoch: point.epoch,
    context: point.runContext,
    timestamp: point.timestamp,
  }));
  const experimentKey = ctx.targetKey;
  if (ctx.ours) {
    for (let start = 0; start < points.length; start += BATCH_POINTS) {
      const { refused } = await ctx.target.call('clientlibMetricBatch', { body: { experimentKey, values: points.slice(start, start + BATCH_POINTS) } }, { signal: ctx.signal });
      if (refused.length > 0) throw new AppError('invalid_input', `The target refused ${refused.length} points of "${metricName}" (${refused[0]?.reason ?? ''}): fix them on the source, then resume the copy.`);
    }
  } else {
    for (const point of points) await ctx.target.call('logMetric', { body: { experimentKey, ...point } }, { signal: ctx.signal });
  }
  return metrics.length;
}
