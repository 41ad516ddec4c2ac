/** The data types each experiment is limited on separately (compat.md §2). */
export type ThrottledType = 'metrics' | 'parameters' | 'outputLines' | 'other';

/** Per-experiment limits; `Infinity` lifts one. */
export interface ThrottleLimits {
  /** Metric values (E29) per minute. */
  metricsPerMinute: number;
  /** Parameters (E28) per minute. */
  parametersPerMinute: number;
  /** Output lines (E34) per minute. */
  outputLinesPerMinute: number;
  /** Every other logging call (others, HTML, documents, tags, usage samples) per minute. */
  otherPerMinute: number;
  /** Values one metric series may hold (usage series included). */
  valuesPerMetric: number;
}

/** The hosted service's published limits (compat.md §2). */
export const defaultThrottleLimits: ThrottleLimits = {
  metricsPerMinute: 12_000,
  parametersPerMinute: 10_000,
  outputLinesPerMinute: 12_000,
  otherPerMinute: 8_000,
  valuesPerMetric: 15_000,
};

/** No limits at all (benchmarks, trusted single-user setups). */
export const unlimitedThrottleLimits: ThrottleLimits = {
  metricsPerMinute: Infinity,
  parametersPerMinute: Infinity,
  outputLinesPerMinute: Infinity,
  otherPerMinute: Infinity,
  valuesPerMetric: Infinity,
};

/**
 * The limits of the service the desktop app embeds: none. It serves one user's own runs on their machine, where a
 * training run logs 10^5–10^6 points per metric and far more than the hosted service's 12,000 values a minute; its
 * memory is guarded by the bounds on bodies and uploads in flight (429 with Retry-After-Custom), which lose nothing.
 */
export const embeddedThrottleLimits: ThrottleLimits = unlimitedThrottleLimits;

/** What to do with a request that alone holds more items than the per-minute limit. */
export type OversizedPolicy = 'refuse' | 'whenIdle';

/** The per-minute limit of one data type. */
export const perMinuteLimit = (limits: ThrottleLimits, type: ThrottledType): number =>
  ({
    metrics: limits.metricsPerMinute,
    parameters: limits.parametersPerMinute,
    outputLines: limits.outputLinesPerMinute,
    other: limits.otherPerMinute,
  })[type];

/** Whether items fit: yes; no until `retryAfterMs` has passed; or never, as the batch alone is over the limit. */
export type Admission = { ok: true } | { ok: false; retryAfterMs: number } | { ok: false; oversized: true };

interface Window {
  startedAt: number;
  count: number;
}

/** How many windows may pile up before expired ones are swept. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Counts items per (experiment, type) in fixed one-minute windows; a window opens with the first item
 * counted after the previous one ended. Callers count items when they admit them (`record`) and give them
 * back when the write fails (`release`). State lives in memory: a restart opens fresh windows.
 */
export class RateWindows {
  readonly #limits: ThrottleLimits;
  readonly #now: () => number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, Window>();

  constructor(limits: ThrottleLimits, now: () => number = Date.now, windowMs = 60_000) {
    this.#limits = limits;
    this.#now = now;
    this.#windowMs = windowMs;
  }

  /**
   * Whether `count` more items of `type` fit in the experiment's current window. More than the limit at once is
   * refused for good (`refuse`), or (`whenIdle`) admitted into a window of its own: when none is open, else retried
   * after the open one ends — for clients that drop a refused batch but re-send a throttled one.
   */
  check(experimentId: number, type: ThrottledType, count: number, oversized: OversizedPolicy = 'refuse'): Admission {
    const limit = perMinuteLimit(this.#limits, type);
    if (limit === Infinity) return { ok: true };
    if (count > limit && oversized === 'refuse') return { ok: false, oversized: true };
    const window = this.#current(experimentId, type);
    if (!window || (count > limit ? window.count === 0 : window.count + count <= limit)) return { ok: true };
    return { ok: false, retryAfterMs: window.startedAt + this.#windowMs - this.#now() };
  }

  /** Gives back `count` items counted for a write that then failed (if their window is still open). */
  release(experimentId: number, type: ThrottledType, count: number): void {
    const window = this.#current(experimentId, type);
    if (window) window.count = Math.max(0, window.count - count);
  }

  /** Counts `count` accepted items of `type`. */
  record(experimentId: number, type: ThrottledType, count: number): void {
    if (perMinuteLimit(this.#limits, type) === Infinity) return;
    const window = this.#current(experimentId, type);
    if (window) {
      window.count += count;
      return;
    }
    if (this.#windows.size >= SWEEP_THRESHOLD) this.#sweep();
    this.#windows.set(`${experimentId}:${type}`, { startedAt: this.#now(), count });
  }

  /** The open window of an (experiment, type), if any. */
  #current(experimentId: number, type: ThrottledType): Window | undefined {
    const window = this.#windows.get(`${experimentId}:${type}`);
    return window && this.#now() < window.startedAt + this.#windowMs ? window : undefined;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, window] of this.#windows) if (now >= window.startedAt + this.#windowMs) this.#windows.delete(key);
  }
}

/**
 * Parses `name=value,…` (names as in ThrottleLimits, value a positive integer or `off`) into overrides;
 * throws an Error naming the problem.
 */
export function parseThrottleLimits(text: string): Partial<ThrottleLimits> {
  const limits: Partial<ThrottleLimits> = {};
  for (const part of text.split(',').filter((item) => item.trim() !== '')) {
    const [name = '', value = ''] = part.split('=').map((item) => item.trim());
    if (!(name in defaultThrottleLimits)) {
      throw new Error(`Unknown throttle limit "${name}"; known: ${Object.keys(defaultThrottleLimits).join(', ')}.`);
    }
    if (value !== 'off' && !/^[1-9]\d*$/.test(value)) throw new Error(`Throttle limit ${name} must be a positive integer or "off", got "${value}".`);
    limits[name as keyof ThrottleLimits] = value === 'off' ? Infinity : Number(value);
  }
  return limits;
}
