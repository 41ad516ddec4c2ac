import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';
import { runCli } from '../support/child-server.ts';
import type { TestServer } from '../support/harness.ts';
import { databaseFlags } from '../support/test-database.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';

/** SHA-256 (hex) of some bytes. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** An asset the service acknowledged: its experiment, id and content's checksum. */
export interface SavedAsset {
  experimentKey: string;
  assetId: string;
  sha256: string;
}

/** Uploads `bytes` as an asset and returns what the service acknowledged. */
export async function uploadAsset(server: Pick<TestServer, 'call'>, experimentKey: string, bytes: Uint8Array, fileName: string): Promise<SavedAsset> {
  const reply = await server.call('uploadAsset', { query: { experimentKey, type: 'asset', fileName }, form: fileForm(bytes, fileName) });
  expect(reply.status).toBe(200);
  return { experimentKey, assetId: reply.body.assetId ?? '', sha256: sha256(bytes) };
}

/** Creates `count` ended experiments in project `projectName`, each with a metric of 50 points and an asset; returns their keys. */
export async function seedExperiments(server: Pick<TestServer, 'call'>, projectName: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const experimentKey = await newExperiment(server, projectName);
    const points = Array.from({ length: 50 }, (_, step) => ({ metricName: 'loss', metricValue: 1 / (step + index + 2), step, timestamp: 1_700_000_000_000 + step }));
    for (const point of points) expect((await server.call('logMetric', { body: { experimentKey, ...point } })).status).toBe(200);
    await uploadAsset(server, experimentKey, randomBytes(100_000 + index), `weights-${index}.bin`);
    // Stopped, so that its end time no longer follows the clock: reads of it give the same bytes at any time.
    expect((await server.call('stopExperiment', { query: { experimentKey } })).status).toBe(200);
    keys.push(experimentKey);
  }
  return keys;
}

/** Runs `backup --to <folder>` against the service's storage (as an operator would, in another process). */
export const backupCli = (storage: StorageLocation, folder: string) => runCli(['backup', '--to', folder, '--data-dir', storage.dataDir, ...databaseFlags(storage)]);

/** Runs `restore --from <folder>` into `target`. */
export const restoreCli = (folder: string, target: StorageLocation) => runCli(['restore', '--from', folder, '--data-dir', target.dataDir, ...databaseFlags(target)]);
