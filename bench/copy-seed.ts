import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServiceClient } from '../electron/backend/src/client/service-client.ts';

const MIB = 1024 * 1024;

/** The copy bench's data: experiments × metrics × points, and assets of a total size. */
export interface CopyShape {
  experiments: number;
  metrics: number;
  points: number;
  assetExperiments: number;
  assetMib: number;
}

/** The metric batches of one experiment (one per metric), built before any timing starts. */
export function metricBatches(shape: CopyShape, seed: number): unknown[][] {
  return Array.from({ length: shape.metrics }, (_, m) =>
    Array.from({ length: shape.points }, (_, step) => ({ metricName: `metric_${m}`, metricValue: Math.sin(seed + step / 100) + m, step, timestamp: 1_700_000_000_000 + step })),
  );
}

/** Sends one experiment's batches through the batch path (what both the seeding and the baseline do). */
export async function sendBatches(client: ServiceClient, experimentKey: string, batches: unknown[][]): Promise<void> {
  for (const values of batches) await client.call('clientlibMetricBatch', { body: { experimentKey, values } });
}

/** Writes the asset files (random-looking bytes, one random MiB repeated) and answers their paths. */
export async function assetFiles(dir: string, shape: CopyShape): Promise<string[]> {
  const block = randomBytes(MIB);
  const perFile = Math.max(1, Math.round(shape.assetMib / shape.assetExperiments));
  const paths: string[] = [];
  for (let i = 0; i < shape.assetExperiments; i += 1) {
    const path = join(dir, `asset-${i}.bin`);
    await pipeline(Readable.from((function* () {
      for (let m = 0; m < perFile; m += 1) yield block;
    })()), createWriteStream(path));
    paths.push(path);
  }
  return paths;
}

/** Runs `work` over `items` with `concurrency` workers. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
