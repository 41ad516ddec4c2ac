import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimitedThrottleLimits } from '../../src/throttle/rate-limits.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { backupBlobPath, readManifest } from '../../src/process/backup/manifest.ts';
import { newExperiment, WORKSPACE } from '../registry/registry-fixtures.ts';
import { runCli } from '../support/child-server.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { freshPostgresDatabase } from '../support/test-database.ts';
import { backupCli, restoreCli, seedExperiments, sha256, uploadAsset, type SavedAsset } from './backup-fixtures.ts';

const temp = (name: string) => mkdtempSync(join(tmpdir(), `trackdesk-${name}-`));

/** An empty place to restore into on the live service's backend: a new data dir, and a new empty database on PostgreSQL. */
async function emptyPlace(live: TestServer): Promise<StorageLocation> {
  const dataDir = join(temp('restored'), 'data');
  return live.storage.databaseUrl === undefined ? { dataDir } : { dataDir, databaseUrl: await freshPostgresDatabase('empty') };
}

/** Metric writes and asset uploads sent one after another on two lanes until stopped, each noted with when it was acknowledged. */
function startIngest(live: TestServer, experimentKey: string) {
  const points: { step: number; at: number }[] = [];
  const assets: (SavedAsset & { at: number })[] = [];
  let running = true;
  const metricLane = async () => {
    for (let step = 0; running; step += 1) {
      const reply = await live.call('logMetric', { body: { experimentKey, metricName: 'live', metricValue: step / 7, step, timestamp: 1_700_000_000_000 + step } });
      expect(reply.status).toBe(200);
      points.push({ step, at: Date.now() });
    }
  };
  const assetLane = async () => {
    for (let index = 0; running; index += 1) {
      const saved = await uploadAsset(live, experimentKey, randomBytes(256 * 1024), `live-${index}.bin`);
      assets.push({ ...saved, at: Date.now() });
    }
  };
  const lanes = Promise.all([metricLane(), assetLane()]);
  return {
    points,
    assets,
    async stop() {
      running = false;
      await lanes;
    },
  };
}

describe('backup and restore of a running service', () => {
  let live: TestServer;
  let restored: TestServer;
  let seeded: string[];
  let ingestKey: string;
  let ingest: ReturnType<typeof startIngest>;
  let backupStartedAt: number;
  let backupFolder: string;
  let backupOutput: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    live = await startTestServer({ throttle: unlimitedThrottleLimits });
    seeded = await seedExperiments(live, 'seeded', 4);
    ingestKey = await newExperiment(live, 'ingest');
    ingest = startIngest(live, ingestKey);
    // Some writes before the backup starts, then the backup while they go on.
    while (ingest.assets.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    backupFolder = join(temp('backup'), 'b1');
    backupStartedAt = Date.now();
    backupOutput = await backupCli(live.storage, backupFolder);
    await ingest.stop();
    const place = await emptyPlace(live);
    const restoreOutput = await restoreCli(backupFolder, place);
    expect(restoreOutput.stderr).toBe('');
    expect(restoreOutput.code).toBe(0);
    restored = await startTestServer({ storage: place });
  }, 120_000);
  afterAll(async () => {
    await restored?.close();
    await live?.close();
    if (restored) rmSync(join(restored.dataDir, '..'), { recursive: true, force: true });
    if (backupFolder) rmSync(join(backupFolder, '..'), { recursive: true, force: true });
  });

  it('backs up while writes go on, with progress and a summary', () => {
    expect(backupOutput.stderr).toBe('');
    expect(backupOutput.code).toBe(0);
    expect(backupOutput.stdout).toMatch(/^Database: /m);
    expect(backupOutput.stdout).toMatch(/^Backup done in [\d.]+ s: .* blobs .* each verified by size and SHA-256/m);
    expect(ingest.points.some((point) => point.at > backupStartedAt), 'metric writes went on during the backup').toBe(true);
    const manifest = readManifest(backupFolder);
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(seeded.length + 5);
  });

  it('keeps every metric point and asset acknowledged before the backup started', async () => {
    const before = ingest.points.filter((point) => point.at < backupStartedAt).map((point) => point.step);
    expect(before.length).toBeGreaterThan(0);
    const series = await restored.call('getMetric', { query: { experimentKey: ingestKey, metricName: 'live' } });
    const steps = new Set(series.body.metrics.map((point) => point.step));
    expect(before.filter((step) => !steps.has(step))).toEqual([]);
    const assetsBefore = ingest.assets.filter((asset) => asset.at < backupStartedAt);
    expect(assetsBefore.length).toBeGreaterThanOrEqual(5);
    for (const asset of assetsBefore) {
      const download = await restored.call('downloadAsset', { query: { experimentKey: ingestKey, assetId: asset.assetId } });
      expect(download.status).toBe(200);
      expect(sha256(download.bytes)).toBe(asset.sha256);
    }
  });

  it('answers the same reads with the same bytes as the service it was taken from', async () => {
    // Replies that link to the service name the address of the instance that answered, which differs: compared with it replaced.
    const text = (bytes: Buffer) => bytes.toString('latin1').replaceAll(/http:\/\/127\.0\.0\.1:\d+/g, '<service>');
    const same = async (read: (server: TestServer) => Promise<{ status: number; bytes: Buffer }>) => {
      const [original, copy] = [await read(live), await read(restored)];
      expect(copy.status).toBe(200);
      expect(text(copy.bytes)).toBe(text(original.bytes));
    };
    await same((server) => server.call('listExperiments', { query: { workspaceName: WORKSPACE, projectName: 'seeded' } }));
    for (const experimentKey of seeded) {
      await same((server) => server.call('getMetric', { query: { experimentKey, metricName: 'loss' } }));
      await same((server) => server.call('listAssets', { query: { experimentKey, type: 'all' } }));
      const listed = await live.call('listAssets', { query: { experimentKey, type: 'all' } });
      const assetId = listed.body.assets[0]?.assetId ?? '';
      await same((server) => server.call('downloadAsset', { query: { experimentKey, assetId } }));
    }
  });

  it('refuses to restore into a place that is not empty, and leaves it as it was', async () => {
    const place = await emptyPlace(live);
    const occupied = temp('occupied');
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    const intoDir = await restoreCli(backupFolder, { ...place, dataDir: occupied });
    expect(intoDir.code).toBe(1);
    expect(intoDir.stderr).toContain(`${occupied} is not empty: a restore only goes into an empty (or new) data dir`);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);
    rmSync(occupied, { recursive: true, force: true });
    if (live.storage.databaseUrl !== undefined) {
      const intoDatabase = await restoreCli(backupFolder, { dataDir: place.dataDir, databaseUrl: await freshPostgresDatabase('migrated') });
      expect(intoDatabase.code).toBe(1);
      expect(intoDatabase.stderr).toMatch(/is not empty: a restore only goes into an empty one/);
    }
  });

  it('detects a damaged blob in the backup and restores nothing', async () => {
    const damagedFolder = join(temp('damaged'), 'b');
    cpSync(backupFolder, damagedFolder, { recursive: true });
    const victim = readManifest(damagedFolder).blobs.at(-1)?.blob ?? '';
    const path = backupBlobPath(damagedFolder, victim);
    const bytes = readFileSync(path);
    const middle = bytes.length >> 1;
    bytes.writeUInt8((bytes.readUInt8(middle) + 1) % 256, middle);
    writeFileSync(path, bytes);
    const place = await emptyPlace(live);
    const restore = await restoreCli(damagedFolder, place);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`Blob ${victim} in the backup is damaged`);
    expect(restore.stderr).toContain('restore from another backup');
    expect(readdirSync(place.dataDir)).toEqual([]);
    rmSync(join(damagedFolder, '..'), { recursive: true, force: true });
  });

  it('fails, saying what to do, when a blob that rows reference is lost from the blob store, and writes no manifest', async () => {
    const lost = readManifest(backupFolder).blobs[0]?.blob ?? '';
    const path = join(live.dataDir, 'blobs', lost.slice(0, 2), lost);
    renameSync(path, `${path}.aside`);
    try {
      const folder = join(temp('lost'), 'b');
      const backup = await backupCli(live.storage, folder);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`Blob ${lost}, which rows of the service reference, cannot be read`);
      expect(backup.stderr).toContain('then back up again');
      expect(existsSync(join(folder, 'backup.json'))).toBe(false);
      rmSync(join(folder, '..'), { recursive: true, force: true });
    } finally {
      renameSync(`${path}.aside`, path);
    }
  });

  it('fails with what to do when the database cannot be snapshot: pg_dump missing, or no database in the data dir', async () => {
    const folder = join(temp('unsnapshot'), 'b');
    if (live.storage.databaseUrl !== undefined) {
      const backup = await runCli(['backup', '--to', folder, '--data-dir', live.dataDir, '--database', live.storage.databaseUrl], { PATH: '/nonexistent' });
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain('pg_dump is not on PATH: install PostgreSQL\'s client programs');
      expect(backup.stderr).toContain(`pg_dump --format=custom --file=${folder}/database.pgdump --dbname=${live.storage.databaseUrl}`);
    } else {
      const backup = await runCli(['backup', '--to', folder, '--data-dir', join(folder, '..', 'nothing-here')]);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain("No Trackdesk database in");
      expect(backup.stderr).toContain("pass the service's --data-dir");
    }
    expect(readdirSync(folder)).toEqual([]);
    rmSync(join(folder, '..'), { recursive: true, force: true });
  });
});
