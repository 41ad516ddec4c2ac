import type { Db } from './database.ts';
import type { Sql } from './sql.ts';

/** Longest a look (SQLite's `PRAGMA data_version`, PostgreSQL's cache epoch) is reused, even within one event-loop turn (ms). */
export const MAX_LOOK_REUSE_MS = 1;

/** Notices commits made through other connections to the database (another process: `keys revoke`, `keys create`). */
export interface ExternalCommits {
  /**
   * Calls the listeners when another connection committed since the last look; resolves once the look is done.
   * A look (SQLite: `PRAGMA data_version`, a few µs of file locking; PostgreSQL: one small read) is reused by later
   * calls in the same event-loop turn and for at most MAX_LOOK_REUSE_MS: a turn handles requests that had arrived
   * when it started polling, so a request sent after another process committed is handled in a later turn and
   * sees that commit; in every case a commit is seen by calls made MAX_LOOK_REUSE_MS or more after it. A cache
   * filled by a read that started before a look which dropped the caches must not keep that read's answer.
   */
  refresh(): Promise<void>;
  /** Registers what to drop when another connection committed (caches of committed state). */
  onCommit(listener: () => void): void;
}

/**
 * Commits seen through `changed` (true when another writer committed since the last look), looked for at most once
 * per event-loop turn and MAX_LOOK_REUSE_MS; `now` (ms, monotonic) is injectable for tests.
 */
function watchCommits(changed: () => boolean | Promise<boolean>, now: () => number): ExternalCommits {
  const listeners: (() => void)[] = [];
  /** When the look this turn may reuse was taken; undefined once the turn ended. */
  let lookedAt: number | undefined;
  let look: Promise<void> = Promise.resolve();
  const endTurn = () => {
    lookedAt = undefined;
  };
  const seen = (committed: boolean) => {
    if (committed) for (const listener of listeners) listener();
  };
  return {
    refresh() {
      const time = now();
      if (lookedAt !== undefined && time - lookedAt < MAX_LOOK_REUSE_MS) return look;
      if (lookedAt === undefined) setImmediate(endTurn);
      lookedAt = time;
      const answer = changed();
      // A look that failed counts as a commit seen: the caches are dropped and read again.
      look = typeof answer === 'boolean' ? Promise.resolve(seen(answer)) : answer.then(seen, () => seen(true));
      return look;
    },
    onCommit: (listener) => void listeners.push(listener),
  };
}

/** Watches a database for other connections' commits; `now` (ms, monotonic) is injectable for tests. */
export function createExternalCommits(db: Db, now: () => number = () => performance.now()): ExternalCommits {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  return watchCommits(() => {
    const version = dataVersion.get();
    if (version === seenVersion) return false;
    seenVersion = version;
    return true;
  }, now);
}

/**
 * Watches a PostgreSQL database that other instances write: its cache epoch (PostgreSQL migration 003), which every
 * statement changing cached state bumps, read once per look (every look counts as a commit until the first answer).
 */
export function createEpochCommits(db: Sql, now: () => number = () => performance.now()): ExternalCommits {
  const epoch = db.prepare<[], number>('SELECT epoch FROM cache_epoch WHERE id = 1').pluck();
  let seenEpoch: number | undefined;
  return watchCommits(async () => {
    const current = await epoch.get();
    if (current !== undefined && current === seenEpoch) return false;
    seenEpoch = current;
    return true;
  }, now);
}
