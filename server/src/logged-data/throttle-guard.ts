import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { ExperimentStore } from '../experiments/index.ts';
import { perMinuteLimit, RateWindows, type OversizedPolicy, type ThrottledType, type ThrottleLimits } from '../throttle/rate-limits.ts';

const TYPE_LABELS: Record<ThrottledType, string> = {
  metrics: 'metric values',
  parameters: 'parameters',
  outputLines: 'output lines',
  other: 'other logging calls',
};

/** Applies the per-experiment limits to logging writes; refusals are 429s and show in the experiment's metadata. */
export interface ThrottleGuard {
  readonly limits: ThrottleLimits;
  /**
   * Runs `write` when `count` more items of `type` fit in the experiment's current minute, counting them
   * at once (concurrent requests cannot overshoot) and giving them back if the write fails. Otherwise
   * throws 429 with Retry-After and Retry-After-Custom (or 400 when the batch alone is over the limit) and writes nothing.
   */
  admit<T>(experimentId: number, type: ThrottledType, count: number, write: () => Promise<T>, oversized?: OversizedPolicy): Promise<T>;
  /**
   * Throws 429 for a metric series that holds `valuesPerMetric` values already (nothing of the request was
   * stored). Call it outside any transaction: the experiment's throttle flags must stay written.
   */
  refuseFullSeries(experimentId: number, metricName: string): Promise<never>;
}

/** Creates the guard; `now` is injectable for tests. */
export function createThrottleGuard(
  limits: ThrottleLimits,
  experiments: Pick<ExperimentStore, 'byId' | 'setThrottle'>,
  now: () => number = Date.now,
): ThrottleGuard {
  const windows = new RateWindows(limits, now);

  /** Marks the experiment throttled with this reason (kept once) and builds the 429. */
  const refuse = async (experimentId: number, reason: string, retryAfterMs: number): Promise<never> => {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const experiment = await experiments.byId(experimentId);
    if (experiment && !experiment.throttleReasons.includes(reason)) {
      await experiments.setThrottle(experimentId, {
        throttle: true,
        throttleMessage: `Some logged data was refused (HTTP 429): ${reason}.`,
        throttleReasons: [...experiment.throttleReasons, reason],
      });
    }
    throw new ApiError(429, SdkError.throttled, `Throttled: ${reason} for this experiment; retry after ${retryAfterSeconds} s.`, {
      'Retry-After': String(retryAfterSeconds),
      // The Python SDK parks refused messages for this many seconds (a float), not for Retry-After's.
      'Retry-After-Custom': (Math.max(0, retryAfterMs) / 1000).toFixed(3),
    });
  };

  return {
    limits,
    async admit(experimentId, type, count, write, oversized = 'refuse') {
      const admission = windows.check(experimentId, type, count, oversized);
      if (!admission.ok) {
        const limit = perMinuteLimit(limits, type);
        if ('oversized' in admission) {
          throw badRequest(`${count} ${TYPE_LABELS[type]} in one request exceed the limit of ${limit} per minute: send smaller batches`);
        }
        await refuse(experimentId, `more than ${limit} ${TYPE_LABELS[type]} per minute`, admission.retryAfterMs);
      }
      windows.record(experimentId, type, count);
      try {
        return await write();
      } catch (error) {
        windows.release(experimentId, type, count);
        throw error;
      }
    },
    refuseFullSeries: (experimentId, metricName) =>
      refuse(experimentId, `metric ${metricName} holds the limit of ${limits.valuesPerMetric} values`, 60_000),
  };
}
