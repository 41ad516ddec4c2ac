import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { takeBackup } from '../../src/process/backup/take-backup.ts';
import { newExperiment } from '../registry/registry-fixtures.ts';
import { NODE, startChildServer, type ChildServer } from '../support/child-server.ts';
import { callEndpoint, defaultBackendFlags, startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { freshPostgresDatabase } from '../support/test-database.ts';
import { restoreCli, sha256, uploadAsset } from './backup-fixtures.ts';

const root = mkdtempSync(join(tmpdir(), 'trackdesk-dropped-'));
let live: ChildServer | undefined;
let restored: TestServer | undefined;
afterAll(async () => {
  await restored?.close();
  live?.child.kill('SIGTERM');
  await live?.exited;
  rmSync(root, { recursive: true, force: true });
});

it('leaves out a blob the service deleted between the snapshot and its copy, and the restore drops its row', async () => {
  const flags = await defaultBackendFlags();
  const storage: StorageLocation = { dataDir: join(root, 'live'), ...(flags[1] === undefined ? {} : { databaseUrl: flags[1] }) };
  live = await startChildServer(storage.dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, flags);
  const server = { call: ((name, input) => callEndpoint(live?.url ?? '', name, input)) as TestServer['call'] };
  const experimentKey = await newExperiment(server, 'dropped');
  const kept = await uploadAsset(server, experimentKey, randomBytes(50_000), 'kept.bin');
  const doomed = await uploadAsset(server, experimentKey, randomBytes(50_000), 'doomed.bin');
  const deleteUrl = `${live.url}/api/rest/v2/write/experiment/asset/delete?experimentKey=${experimentKey}&assetId=${doomed.assetId}`;
  // The service runs in another process: the delete is sent, and answered, while the backup sits between its snapshot and its blob copy.
  const deleteNow = () =>
    execFileSync(NODE, ['-e', `fetch(${JSON.stringify(deleteUrl)}, { method: 'POST', headers: { authorization: ${JSON.stringify(TEST_ADMIN_KEY)} } }).then((r) => process.exit(r.ok ? 0 : 1))`]);
  const lines: string[] = [];
  const manifest = await takeBackup(storage, undefined, join(root, 'backup'), (line) => {
    lines.push(line);
    if (/^Database: .* written/.test(line)) deleteNow();
  });
  expect(manifest.droppedBlobs).toHaveLength(1);
  expect(manifest.blobs).toHaveLength(1);
  expect(manifest.blobs[0]?.sha256).toBe(kept.sha256);

  const place: StorageLocation = { dataDir: join(root, 'restored'), ...(storage.databaseUrl === undefined ? {} : { databaseUrl: await freshPostgresDatabase('empty') }) };
  const restore = await restoreCli(join(root, 'backup'), place);
  expect(restore.code).toBe(0);
  expect(restore.stdout).toContain('rows of 1 blob(s) deleted after the snapshot were removed');
  restored = await startTestServer({ storage: place });
  const listed = await restored.call('listAssets', { query: { experimentKey, type: 'all' } });
  expect(listed.body.assets.map((asset) => asset.assetId)).toEqual([kept.assetId]);
  const download = await restored.call('downloadAsset', { query: { experimentKey, assetId: kept.assetId } });
  expect(sha256(download.bytes)).toBe(kept.sha256);
});
