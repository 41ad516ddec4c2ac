import type { Db } from './database.ts';

/** Longest a look at `PRAGMA data_version` is reused, even within one event-loop turn (ms). */
export const MAX_LOOK_REUSE_MS = 1;

/** Notices commits made through other connections to the database (another process: `keys revoke`, `keys create`). */
export interface ExternalCommits {
  /**
   * Calls the listeners when another connection committed since the last look. A look (`PRAGMA data_version`,
   * a read transaction costing a few µs of file locking) is reused by later calls in the same event-loop turn
   * and for at most MAX_LOOK_REUSE_MS: a turn handles requests that had arrived when it started polling, so a
   * request sent after another process committed is handled in a later turn and sees that commit; in every
   * case a commit is seen by calls made MAX_LOOK_REUSE_MS or more after it.
   */
  refresh(): void;
  /** Registers what to drop when another connection committed (caches of committed state). */
  onCommit(listener: () => void): void;
}

/**
 * Commits seen through `changed` (true when another writer committed since the last look), looked for at most once
 * per event-loop turn and MAX_LOOK_REUSE_MS; `now` (ms, monotonic) is injectable for tests.
 */
function watchCommits(changed: () => boolean, now: () => number): ExternalCommits {
  const listeners: (() => void)[] = [];
  /** When the look this turn may reuse was taken; undefined once the turn ended. */
  let lookedAt: number | undefined;
  const endTurn = () => {
    lookedAt = undefined;
  };
  return {
    refresh() {
      const time = now();
      if (lookedAt !== undefined && time - lookedAt < MAX_LOOK_REUSE_MS) return;
      if (lookedAt === undefined) setImmediate(endTurn);
      lookedAt = time;
      if (!changed()) return;
      for (const listener of listeners) listener();
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
 * For a database other instances write unseen (PostgreSQL): every look counts as having seen their commits, so
 * caches of committed state last at most one event-loop turn and MAX_LOOK_REUSE_MS, as with SQLite's watch.
 */
export function createUnwatchedCommits(now: () => number = () => performance.now()): ExternalCommits {
  return watchCommits(() => true, now);
}
