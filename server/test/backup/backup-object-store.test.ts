/** Backup and restore of a service whose blobs live in an S3-compatible store (moto_server, s3-server.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newExperiment } from '../registry/registry-fixtures.ts';
import { runCli } from '../support/child-server.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { sha256, uploadAsset, type SavedAsset } from './backup-fixtures.ts';

let s3: TestS3Server;
let server: TestServer;
let root: string;

beforeAll(async () => {
  s3 = await startS3Server();
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  server = await startTestServer({ backend: 'sqlite', blobStore: `s3://${s3.bucket}/live` });
  root = mkdtempSync(join(tmpdir(), 'trackdesk-backup-s3-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
  vi.unstubAllEnvs();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a backup of a service keeping its blobs in an object store', () => {
  it('copies the blobs from the store, and a restore into another prefix serves the same bytes', async () => {
    const experimentKey = await newExperiment(server, 'in-s3');
    const bytes = randomBytes(300_000);
    const saved: SavedAsset = await uploadAsset(server, experimentKey, bytes, 'weights.bin');
    const backup = join(root, 'backup');
    const taken = await runCli(['backup', '--to', backup, '--data-dir', server.dataDir, '--blob-store', `s3://${s3.bucket}/live`], s3.env);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toContain(`with the blobs in s3://${s3.bucket}/live`);
    expect(taken.stdout).toMatch(/1 blobs/);

    const restoredDir = join(root, 'restored');
    const restored = await runCli(['restore', '--from', backup, '--data-dir', restoredDir, '--blob-store', `s3://${s3.bucket}/restored`], s3.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect((await s3.keys()).filter((key) => key.startsWith('restored/'))).toHaveLength(1);

    const again = await startTestServer({ backend: 'sqlite', dataDir: restoredDir, blobStore: `s3://${s3.bucket}/restored` });
    try {
      const download = await again.fetch(`/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${saved.assetId}`, { headers: { authorization: server.adminKey } });
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(saved.sha256);
    } finally {
      await again.close();
    }
  });
});
