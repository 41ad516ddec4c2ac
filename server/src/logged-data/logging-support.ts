import type { z } from 'zod';
import type { summaryRecord } from '../../../shared/api/logging-records.ts';
import type { Caller } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import type { MetricInput } from './append.ts';
import type { NamedSummary } from './values.ts';
import type { AppendHint } from './series-states.ts';
import type { OversizedPolicy, ThrottledType } from '../throttle/rate-limits.ts';

/** The optional position fields logging bodies carry (null and absent mean the same). */
export interface Position {
  context?: string | null;
  step?: number | null;
  epoch?: number | null;
  timestamp?: number | null;
}

/** A metric value at a position, defaulting the timestamp to `now`. */
export const metricAt = (name: string, value: MetricInput['value'], position: Position, now: number): MetricInput => ({
  name,
  value,
  timestamp: position.timestamp ?? now,
  step: position.step ?? null,
  epoch: position.epoch ?? null,
  context: position.context ?? null,
});

/** The row id of the live experiment a logging call targets (403/404 from Access otherwise). */
export const experimentIdFor = async (services: LoggedDataServices, caller: Caller, experimentKey: string): Promise<number> => (await services.access.experiment(caller, experimentKey)).id;

/** Runs a logging write under the throttle (`count` items of `type`), committed with its event-loop turn's others. */
export const throttledWrite = <T>(services: LoggedDataServices, experimentId: number, type: ThrottledType, count: number, write: () => Promise<T>, oversized?: OversizedPolicy): Promise<T> =>
  services.throttle.admit(experimentId, type, count, () => services.loggedData.batch.run([experimentId], write), oversized);

/**
 * Appends metric values under the throttle: `count` items of `type` against the per-minute limit, every
 * series against the per-series value limit. All or nothing; a refusal is a 429.
 */
export function appendMetrics(
  services: LoggedDataServices,
  experimentId: number,
  type: ThrottledType,
  count: number,
  points: readonly MetricInput[],
  oversized?: OversizedPolicy,
): Promise<void> {
  const { throttle, loggedData } = services;
  const write = async () => {
    const { appendMetricsNow } = loggedData.values;
    const max = throttle.limits.valuesPerMetric;
    const append = () => loggedData.values.appendMetrics(experimentId, points, max);
    // SQLite runs the group's appends synchronously when it can (no promise turn between their statements).
    const now = appendMetricsNow && (() => appendMetricsNow(experimentId, points, max));
    const { refusedSeries } = await loggedData.batch.run([experimentId], append, { atomic: true, now, hint: { experimentId, points } satisfies AppendHint });
    if (refusedSeries !== null) await throttle.refuseFullSeries(experimentId, refusedSeries);
    else {
      services.tileKeeper.logged(experimentId, points.length);
      await services.metricsLogged(experimentId, points);
    }
  };
  return throttle.admit(experimentId, type, count, write, oversized);
}

/** A summary as the reads send it; `withSteps` for metrics and parameters (others carry no steps). */
export function toSummaryRecord({ name, summary }: NamedSummary, withSteps: boolean): z.output<typeof summaryRecord> {
  const { max, min, current } = summary;
  return {
    name,
    valueMax: max.value,
    valueMin: min.value,
    valueCurrent: current.value,
    timestampMax: max.timestamp,
    timestampMin: min.timestamp,
    timestampCurrent: current.timestamp,
    ...(withSteps ? { stepMax: max.step, stepMin: min.step, stepCurrent: current.step } : {}),
    runContextMax: max.context,
    runContextMin: min.context,
    runContextCurrent: current.context,
    editable: false,
  };
}
