import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/api-error.ts';
import { createThrottleGuard } from '../../src/logged-data/throttle-guard.ts';
import { defaultThrottleLimits, parseThrottleLimits, RateWindows, unlimitedThrottleLimits, type ThrottleLimits } from '../../src/throttle/rate-limits.ts';
import { openStorageFixture, type StorageFixture } from '../logged-data/logging-fixtures.ts';

const limits = (overrides: Partial<ThrottleLimits>): ThrottleLimits => ({ ...defaultThrottleLimits, ...overrides });

/** A clock the test moves by hand. */
const manualClock = (start = 1_000_000) => {
  const clock = { now: start, read: () => clock.now };
  return clock;
};

describe('throttle windows', () => {
  it('admits up to the limit within a minute, then says how long until the window ends', () => {
    const clock = manualClock();
    const windows = new RateWindows(limits({ metricsPerMinute: 3 }), clock.read);
    for (let index = 0; index < 3; index += 1) {
      expect(windows.check(1, 'metrics', 1)).toEqual({ ok: true });
      windows.record(1, 'metrics', 1);
      clock.now += 10_000;
    }
    expect(windows.check(1, 'metrics', 1)).toEqual({ ok: false, retryAfterMs: 30_000 });
    clock.now += 29_999;
    expect(windows.check(1, 'metrics', 1).ok).toBe(false);
    clock.now += 1;
    expect(windows.check(1, 'metrics', 1)).toEqual({ ok: true });
  });

  it('counts items of a batch, not requests, and refuses a batch that would cross the limit', () => {
    const windows = new RateWindows(limits({ outputLinesPerMinute: 10 }), manualClock().read);
    windows.record(1, 'outputLines', 7);
    expect(windows.check(1, 'outputLines', 3)).toEqual({ ok: true });
    expect(windows.check(1, 'outputLines', 4).ok).toBe(false);
    expect(windows.check(1, 'outputLines', 11)).toEqual({ ok: false, oversized: true });
  });

  it('with whenIdle, admits a batch over the whole limit into a window of its own: at once when none is open, else when it ends', () => {
    const clock = manualClock();
    const windows = new RateWindows(limits({ metricsPerMinute: 10 }), clock.read);
    expect(windows.check(1, 'metrics', 25, 'whenIdle')).toEqual({ ok: true });
    windows.record(1, 'metrics', 25);
    expect(windows.check(1, 'metrics', 1)).toEqual({ ok: false, retryAfterMs: 60_000 });
    clock.now += 60_000;
    windows.record(1, 'metrics', 3);
    expect(windows.check(1, 'metrics', 25, 'whenIdle')).toEqual({ ok: false, retryAfterMs: 60_000 });
    expect(windows.check(1, 'metrics', 25)).toEqual({ ok: false, oversized: true });
  });

  it('keeps experiments and data types apart', () => {
    const windows = new RateWindows(limits({ parametersPerMinute: 1, otherPerMinute: 1 }), manualClock().read);
    windows.record(1, 'parameters', 1);
    expect(windows.check(1, 'parameters', 1).ok).toBe(false);
    expect(windows.check(2, 'parameters', 1).ok).toBe(true);
    expect(windows.check(1, 'other', 1).ok).toBe(true);
  });

  it('never refuses a lifted limit', () => {
    const windows = new RateWindows(unlimitedThrottleLimits, manualClock().read);
    windows.record(1, 'metrics', 1e9);
    expect(windows.check(1, 'metrics', 1e9)).toEqual({ ok: true });
  });

  it('has the published defaults', () => {
    expect(defaultThrottleLimits).toEqual({
      metricsPerMinute: 12_000,
      parametersPerMinute: 10_000,
      outputLinesPerMinute: 12_000,
      otherPerMinute: 8_000,
      valuesPerMetric: 15_000,
    });
  });
});

describe('throttle guard', () => {
  let fixture: StorageFixture;
  beforeEach(async () => {
    fixture = await openStorageFixture();
  });
  afterEach(() => fixture.close());

  const caught = async (run: () => unknown): Promise<ApiError> => {
    try {
      await run();
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('counts admitted items at once, so concurrent writes cannot overshoot', async () => {
    const guard = createThrottleGuard(limits({ metricsPerMinute: 2 }), fixture.experiments, manualClock().read);
    const experimentId = await fixture.newExperiment();
    const pending = () => new Promise<void>((resolve) => setImmediate(resolve));
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => guard.admit(experimentId, 'metrics', 1, pending)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  });

  it('runs accepted writes, refuses the next with 429 + Retry-After, and flags the experiment once per reason', async () => {
    const clock = manualClock();
    const guard = createThrottleGuard(limits({ metricsPerMinute: 2 }), fixture.experiments, clock.read);
    const experimentId = await fixture.newExperiment();
    let writes = 0;
    const write = async () => (writes += 1);
    await guard.admit(experimentId, 'metrics', 1, write);
    await guard.admit(experimentId, 'metrics', 1, write);
    clock.now += 15_500;
    const refusal = await caught(() => guard.admit(experimentId, 'metrics', 1, write));
    expect(writes).toBe(2);
    expect(refusal.status).toBe(429);
    expect(refusal.headers).toEqual({ 'Retry-After': '45', 'Retry-After-Custom': '44.500' });
    expect(refusal.message).toMatch(/more than 2 metric values per minute/);
    await caught(() => guard.admit(experimentId, 'metrics', 1, write));
    const flagged = await fixture.experiments.byId(experimentId);
    expect(flagged?.throttle).toBe(true);
    expect(flagged?.throttleReasons).toEqual(['more than 2 metric values per minute']);
    expect(flagged?.throttleMessage).toContain('more than 2 metric values per minute');
  });

  it('gives back the items of a write that failed', async () => {
    const guard = createThrottleGuard(limits({ otherPerMinute: 1 }), fixture.experiments, manualClock().read);
    const experimentId = await fixture.newExperiment();
    await expect(
      guard.admit(experimentId, 'other', 1, async () => {
        throw new Error('storage failed');
      }),
    ).rejects.toThrow('storage failed');
    expect(await guard.admit(experimentId, 'other', 1, async () => 'stored')).toBe('stored');
  });

  it('answers 400 for a batch larger than a whole minute allows, without flagging', async () => {
    const guard = createThrottleGuard(limits({ outputLinesPerMinute: 5 }), fixture.experiments, manualClock().read);
    const experimentId = await fixture.newExperiment();
    expect((await caught(() => guard.admit(experimentId, 'outputLines', 6, async () => 0))).status).toBe(400);
    expect((await fixture.experiments.byId(experimentId))?.throttle).toBe(false);
  });

  it('refuses a full series with 429 and names it in the reasons', async () => {
    const guard = createThrottleGuard(limits({ valuesPerMetric: 10 }), fixture.experiments);
    const experimentId = await fixture.newExperiment();
    const refusal = await caught(() => guard.refuseFullSeries(experimentId, 'loss'));
    expect(refusal.status).toBe(429);
    expect(refusal.headers['Retry-After']).toBe('60');
    expect((await fixture.experiments.byId(experimentId))?.throttleReasons).toEqual(['metric loss holds the limit of 10 values']);
  });
});

describe('throttle limits on the command line', () => {
  it('parses name=value pairs and off', () => {
    expect(parseThrottleLimits('metricsPerMinute=20000, valuesPerMetric=off')).toEqual({ metricsPerMinute: 20_000, valuesPerMetric: Infinity });
    expect(parseThrottleLimits('')).toEqual({});
  });

  it('names unknown limits and bad values', () => {
    expect(() => parseThrottleLimits('metrics=5')).toThrow('Unknown throttle limit "metrics"');
    expect(() => parseThrottleLimits('otherPerMinute=0')).toThrow('positive integer');
    expect(() => parseThrottleLimits('otherPerMinute=1.5')).toThrow('positive integer');
  });
});
