import type { StorageLocation } from '../database/open-storage.ts';
import { inMiB } from './backup/progress.ts';
import { restoreBackup } from './backup/restore-backup.ts';
import { takeBackup } from './backup/take-backup.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/** `backup --to <folder>` and `restore --from <folder> --data-dir <dir>` (with `--database` on PostgreSQL); prints progress and a summary. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  options: StorageLocation & { blobStore: string | undefined; dataDirGiven: boolean; from: string | undefined; to: string | undefined },
): Promise<void> {
  const location: StorageLocation = { dataDir: options.dataDir, ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }) };
  const started = performance.now();
  if (command === 'backup') {
    if (args.length > 0 || !options.to || options.from) throw new Error('Usage: backup --to <new folder> [--data-dir <dir>] [--database postgres://…]');
    const blobs = options.blobStore ? ` with the blobs in ${options.blobStore}` : '';
    say(`Backing up ${location.databaseUrl === undefined ? location.dataDir : `${location.dataDir} and its PostgreSQL database`}${blobs} into ${options.to}`);
    const manifest = await takeBackup(location, options.blobStore, options.to, say);
    const bytes = manifest.blobs.reduce((sum, blob) => sum + blob.size, 0);
    const dropped = manifest.droppedBlobs.length;
    say(
      `Backup done in ${seconds(started)} s: database snapshot of ${manifest.snapshotAt} (${inMiB(manifest.database.size)} MiB), ${manifest.blobs.length} blobs (${inMiB(bytes)} MiB), ` +
        `each verified by size and SHA-256 (listed in ${options.to}/backup.json).` +
        (dropped > 0 ? ` ${dropped} blob(s) deleted by the service after the snapshot were left out; a restore deletes their rows too.` : ''),
    );
    return;
  }
  if (args.length > 0 || !options.from || options.to || !options.dataDirGiven) throw new Error('Usage: restore --from <backup folder> --data-dir <empty dir> [--database postgres://… (an empty database)]');
  say(`Restoring ${options.from} into ${location.dataDir}${location.databaseUrl === undefined ? '' : ' and its PostgreSQL database'}${options.blobStore ? `, blobs into ${options.blobStore}` : ''}`);
  const manifest = await restoreBackup(options.from, location, options.blobStore, say);
  say(
    `Restore done in ${seconds(started)} s: the database as of ${manifest.snapshotAt} and ${manifest.blobs.length} blobs, each verified by size and SHA-256` +
      (manifest.droppedBlobs.length > 0 ? `; rows of ${manifest.droppedBlobs.length} blob(s) deleted after the snapshot were removed` : '') +
      `. Start the service on it: npm run server -- --data-dir ${location.dataDir}${location.databaseUrl === undefined ? '' : ' --database <the same URL>'}${options.blobStore ? ` --blob-store ${options.blobStore}` : ''}`,
  );
}
