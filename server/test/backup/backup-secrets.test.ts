import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { secretsKeyFile } from '../../src/database/secrets-keys.ts';
import type { TestServer } from '../support/harness.ts';
import { freshPostgresDatabase, testBackends } from '../support/test-database.ts';
import { configureAndNotify, expectAllSealed, expectVerifiedNotification, firstStart, HOOK_SECRET, startAgain } from '../webhooks/sealed-fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhooks-receiver.ts';
import { backupCli, restoreCli } from './backup-fixtures.ts';

/** Every file and folder under `root` (itself included) with its permission bits. */
function modesUnder(root: string): { path: string; mode: number; folder: boolean }[] {
  const found = [{ path: root, mode: statSync(root).mode & 0o777, folder: true }];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: statSync(path).mode & 0o777, folder: entry.isDirectory() });
  }
  return found;
}

/** Checks that every file under `root` is 0600 and every folder 0700. */
function expectPrivate(root: string): void {
  const wrong = modesUnder(root).filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600));
  expect(wrong.map((entry) => `${entry.path} ${entry.mode.toString(8)}`)).toEqual([]);
}

describe.each(testBackends())('backups and secrets on %s', (backend) => {
  let receiver: Receiver;
  let live: TestServer;
  let modelItemId: string;
  let backupFolder: string;
  let place: StorageLocation;
  const scratch = mkdtempSync(join(tmpdir(), 'trackdesk-backup-secrets-'));

  beforeAll(async () => {
    receiver = await startReceiver();
    live = await firstStart(backend);
    modelItemId = await configureAndNotify(live, receiver);
    await receiver.waitFor(1);
    backupFolder = join(scratch, 'backup');
    const backup = await backupCli(live.storage, backupFolder);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    place = { dataDir: join(scratch, 'restored'), ...(backend === 'postgres' ? { databaseUrl: await freshPostgresDatabase('empty') } : {}) };
    const restore = await restoreCli(backupFolder, place);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await live?.close();
    await receiver?.close();
    rmSync(live.dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes the data dir, the backup and the restored data dir with files 0600 and folders 0700', () => {
    expect(readdirSync(live.dataDir)).toContain('secrets.key');
    expectPrivate(live.dataDir);
    expectPrivate(backupFolder);
    expectPrivate(place.dataDir);
  });

  it('leaves the secrets key out of the backup, whose bytes hold no webhook secret or header value', async () => {
    const files = modesUnder(backupFolder).filter((entry) => !entry.folder);
    expect(files.map((entry) => entry.path).filter((path) => path.endsWith('secrets.key'))).toEqual([]);
    for (const { path } of files) {
      const bytes = readFileSync(path).toString('latin1');
      expect(bytes.includes(HOOK_SECRET) || bytes.includes('hdr-sealed'), path).toBe(false);
    }
    await expectAllSealed(place);
  });

  it('restores a service that starts only once its secrets key is put back, and then notifies as before', async () => {
    await expect(startAgain(place)).rejects.toThrow(/no key was found/);
    copyFileSync(secretsKeyFile(live.dataDir), secretsKeyFile(place.dataDir));
    const restored = await startAgain(place);
    try {
      await expectVerifiedNotification(restored, receiver, modelItemId, 'qa', 2);
    } finally {
      await restored.close();
    }
  });
});
