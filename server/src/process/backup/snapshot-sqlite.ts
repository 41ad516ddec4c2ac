import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { databaseFile } from '../../database/database.ts';
import { REFERENCED_BLOBS } from './referenced-blobs.ts';

/**
 * Copies the data dir's SQLite database to `target` through SQLite's online backup API while the service runs. The
 * first step only opens the backup; the second copies every page in one step, inside one read transaction, so the
 * copy is one committed state (WAL: writers go on meanwhile). The copy is switched to a self-contained file
 * (journal_mode DELETE), checked (quick_check), and read for the blobs its rows reference. The copy is created 0600
 * before SQLite writes into it (SQLite would make it 0644), and its journal takes the same mode.
 */
export async function snapshotSqlite(dataDir: string, target: string, say: (line: string) => void): Promise<string[]> {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) throw new Error(`No Trackdesk database in ${dataDir} (expected ${file}): pass the service's --data-dir, or --database for a service on PostgreSQL.`);
  closeSync(openSync(target, 'wx', 0o600));
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const { totalPages } = await source.backup(target, { progress: () => 0x7fffffff });
    say(`Database: snapshot of ${totalPages} pages taken (SQLite online backup).`);
  } finally {
    source.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The snapshot failed SQLite's check (${String(check)}): the service's database may be damaged; run "sqlite3 ${file} 'PRAGMA integrity_check'".`);
    return copy.prepare<[], string>(REFERENCED_BLOBS).pluck().all();
  } finally {
    copy.close();
  }
}
