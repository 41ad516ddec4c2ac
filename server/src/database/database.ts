import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The SQLite connection type every store receives. */
export type Db = Database.Database;

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

/** The database file inside a data dir. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'trackdesk.sqlite');

/**
 * Opens (creating if needed) the data dir's database and applies pending migrations.
 * WAL with synchronous=NORMAL: a commit is written to the WAL before the call returns, so every
 * acknowledged write survives the process being killed (kill -9); only an OS crash or power loss
 * can lose the last commits, which FULL would prevent at the price of an fsync per write.
 * The file is created 0600 (SQLite gives its -wal and -shm files the same mode).
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  closeSync(openSync(databaseFile(dataDir), 'a', 0o600));
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** The migration files of `dir` in order: `NNN-name.sql`. Two files with one number would leave one unapplied: refused. */
export function migrationFiles(dir: string): { version: number; name: string }[] {
  const files = readdirSync(dir)
    .map((name) => ({ name, match: MIGRATION_FILE.exec(name) }))
    .filter((file) => file.match !== null)
    .map((file) => ({ version: Number(file.match?.[1]), name: file.name }))
    .sort((a, b) => a.version - b.version);
  const clash = files.find((file, index) => index > 0 && files[index - 1]?.version === file.version);
  if (clash) throw new Error(`Two migrations share the number ${String(clash.version).padStart(3, '0')}: renumber one (${clash.name}).`);
  return files;
}

/** Applies every migration not yet recorded, each in its own immediate transaction (safe with a second process). */
function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = db.prepare<[number], { version: number }>('SELECT version FROM schema_migrations WHERE version = ?');
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const file of migrationFiles(MIGRATIONS_DIR)) {
    const apply = db.transaction(() => {
      if (applied.get(file.version)) return;
      db.exec(readFileSync(join(MIGRATIONS_DIR, file.name), 'utf8'));
      record.run(file.version, file.name, Date.now());
    });
    apply.immediate();
  }
}
