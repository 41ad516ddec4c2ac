import { expect } from 'vitest';
import { TEST_ADMIN_KEY, type TestServer } from '../../support/harness.ts';
import { addRunBody, metricItem, sdkCall, sdkExperimentKey } from '../../support/clientlib-sdk.ts';

/** The start of the clock of the logged points. */
export const T0 = 1_732_000_000_000;

/** A raw point as the full-series read (read.metric) answers it. */
export interface SeriesPoint {
  value: string;
  step: number | null;
  timestamp: number;
}

/** One bucket as a brute-force pass over the raw points computes it. */
export interface BruteBucket {
  start: number;
  firstX: number;
  lastX: number;
  first: number;
  last: number;
  min: number;
  max: number;
  count: number;
}

/** A logged value as a number when it is a finite one, else null. */
const numeric = (value: string): number | null => (Number.isFinite(Number(value)) && value.trim() !== '' ? Number(value) : null);

/** The time of a point at `step`: not monotonic in step (so the time axis differs from the step axis), never a tie. */
export const timeOf = (step: number): number => T0 + step * 3 + (step % 5);

/** The value logged at `step`: a wave with noise, and now and then a string (NaN or text). */
export function valueAt(step: number): number | string {
  if (step % 97 === 0) return 'NaN';
  if (step % 211 === 0) return 'text';
  return Math.round((Math.sin(step / 50) * 10 + ((step * 7919) % 101) / 10) * 1000) / 1000;
}

/** Starts an SDK run and answers its experiment key. */
export async function startRun(server: TestServer): Promise<string> {
  const key = sdkExperimentKey();
  const reply = await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, 'charts', 'admin') });
  expect(reply.status).toBe(200);
  return key;
}

/** Logs `loss` at the given steps (null: no step, logged before T0) through metric batches of 1,000, at `timeAt(step)`. */
export async function logSteps(server: TestServer, experimentKey: string, steps: readonly (number | null)[], timeAt = timeOf): Promise<void> {
  for (let offset = 0; offset < steps.length; offset += 1000) {
    const values = steps.slice(offset, offset + 1000).map((step, index) =>
      step === null ? metricItem('loss', 1 + index, null, { timestamp: T0 - 1000 - offset - index }) : metricItem('loss', valueAt(step), step, { timestamp: timeAt(step) }),
    );
    const reply = await sdkCall(server.url, { path: 'batch/logger/experiment/metric', body: { apiKey: TEST_ADMIN_KEY, experimentKey, values }, gzip: true, experimentKey });
    expect(reply.status).toBe(200);
  }
}

/** Every raw point of `loss`, from the full-series read. */
export async function rawSeries(server: TestServer, experimentKey: string): Promise<SeriesPoint[]> {
  const reply = await server.call('getMetric', { query: { experimentKey, metricName: 'loss' } });
  expect(reply.status).toBe(200);
  return reply.body.metrics.map((point) => ({ value: point.metricValue, step: point.step, timestamp: point.timestamp }));
}

/** The buckets of `width` over [from, to] (raw points when width is null), and the non-numeric count, by brute force. */
export function bruteBuckets(points: readonly SeriesPoint[], axis: 'step' | 'time', from: number, to: number, width: number | null) {
  const byStart = new Map<number, BruteBucket>();
  let skipped = 0;
  const inRange = points
    .map((point) => ({ x: axis === 'step' ? point.step : point.timestamp, y: numeric(point.value) }))
    .filter((point): point is { x: number; y: number | null } => point.x !== null && point.x >= from && point.x <= to)
    .sort((a, b) => a.x - b.x);
  for (const { x, y } of inRange) {
    if (y === null) {
      skipped += 1;
      continue;
    }
    const start = width === null ? x : Math.floor(x / width) * width;
    const bucket = byStart.get(start);
    if (!bucket) byStart.set(start, { start, firstX: x, lastX: x, first: y, last: y, min: y, max: y, count: 1 });
    else Object.assign(bucket, { lastX: x, last: y, min: Math.min(bucket.min, y), max: Math.max(bucket.max, y), count: bucket.count + 1 });
  }
  return { skipped, buckets: [...byStart.values()].sort((a, b) => a.start - b.start) };
}
