import { isLostRace } from '../database/lost-race.ts';
import type { Sql, TransactionScope } from '../database/sql.ts';

/** Runs writes in shared transactions (group commit). */
export interface GroupCommit {
  /**
   * Queues a write of the logged data of `experiments` (the transaction's scope: TransactionScope); the writes
   * queued until the next transaction of those experiments holds its locks run in it, each in its own savepoint (a
   * failing write undoes only itself and rejects only its own promise). Resolves after the commit, so an acknowledged
   * write is on disk (in the WAL) before the reply goes out.
   */
  run<T>(experiments: readonly number[], write: () => Promise<T>, options?: WriteOptions<T>): Promise<T>;
}

/** How a queued write behaves. */
export interface WriteOptions<T = unknown> {
  /** The write undoes itself when it throws (it is a `db.transaction`), so it needs no savepoint of its own. */
  atomic?: boolean;
  /** What the write will read, for GroupHooks.prefetch. */
  hint?: unknown;
  /**
   * The same write done synchronously (its statements' `now` forms), for SQLite's `transactionNow`: a transaction
   * whose writes all have one (and are atomic) runs them without a promise turn between its statements.
   */
  now?: () => T;
}

/** What a group commit adds to each transaction. */
export interface GroupHooks<K> {
  /**
   * Wraps each transaction's writes (inside the transaction, with what `prefetch` read) and again each non-atomic
   * write in its savepoint: it may defer work to the end of the transaction, and must forget a failed write's share.
   */
  around: <T>(run: () => Promise<T>, prefetched?: K) => Promise<T>;
  /** What `around` does for a transaction run synchronously (see WriteOptions.now); without it none is. */
  aroundNow?: <T>(run: () => T) => T;
  /** The read to make with a transaction's locks for the hints of the writes queued when it starts (see TransactionScope.prefetch). */
  prefetch?: (hints: readonly unknown[]) => { read: () => Promise<void>; result: K };
}

interface Queued {
  write: () => Promise<unknown>;
  now: (() => unknown) | undefined;
  atomic: boolean;
  hint: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Creates the group commit over a database: one commit per event-loop turn (per lane) instead of one per request. */
export function createGroupCommit<K>(db: Sql, { around, aroundNow, prefetch }: GroupHooks<K> = { around: (run) => run() }): GroupCommit {
  /** The writes of one transaction run synchronously: each atomic, so a failing one undoes itself (or, alone, the transaction). */
  const writeAllNow = (items: readonly Queued[]): Outcome[] => {
    if (items.length === 1) return [{ ok: true, value: (items[0] as Queued).now?.() }];
    return items.map((item): Outcome => {
      try {
        return { ok: true, value: item.now?.() };
      } catch (error) {
        return { ok: false, error };
      }
    });
  };
  /** Runs `items` in one synchronous transaction when the database and every write allow it; undefined when not run. */
  const commitNow = (items: readonly Queued[]): Outcome[] | undefined => {
    const { transactionNow } = db;
    if (!transactionNow || !aroundNow || !items.every((item) => item.now && item.atomic)) return undefined;
    return transactionNow(() => aroundNow(() => writeAllNow(items)))?.value;
  };
  /**
   * The writes of one transaction, in order. A lone write needs no savepoint: if it fails, the whole transaction (only
   * its own) rolls back. Of several, each non-atomic one runs in its savepoint.
   */
  const writeAll = async (items: readonly Queued[]): Promise<Outcome[]> => {
    if (items.length === 1) return [{ ok: true, value: await (items[0] as Queued).write() }];
    const outcomes: Outcome[] = [];
    for (const item of items) {
      try {
        outcomes.push({ ok: true, value: item.atomic ? await item.write() : await db.transaction(() => around(item.write)) });
      } catch (error) {
        // A lost race (PostgreSQL) fails the whole transaction, which then runs again: not this write's own failure.
        if (isLostRace(error)) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  };
  /**
   * One queue and its transactions. A transaction starts as soon as writes wait and no other transaction of the lane
   * is still waiting for its locks: so the next one waits for the locks while the one before writes and commits (on
   * PostgreSQL its BEGIN is sent ahead), and takes every write queued by the time it holds them.
   */
  const lane = (scope: TransactionScope) => {
    let queue: Queued[] = [];
    /** A transaction has started that has not taken its writes yet. */
    let waiting = false;
    /** Transactions started and not ended. */
    let running = 0;
    /** One transaction's writes: `take` takes those queued until it holds its locks (once, kept when it runs again). */
    const transactionItems = () => {
      let items: Queued[] | undefined;
      const take = (): Queued[] => {
        if (items === undefined) {
          items = queue;
          queue = [];
          waiting = false;
        }
        return items;
      };
      const settle = (outcomes: Outcome[]) =>
        take().forEach((item, index) => {
          const outcome = outcomes[index] as Outcome;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      const fail = (error: unknown) => {
        for (const item of take()) item.reject(error);
      };
      return { take, settle, fail };
    };
    /** The transaction run synchronously when it can be (see commitNow): it takes the queue at once. False when it cannot. */
    const flushNow = (): boolean => {
      const { settle, fail } = transactionItems();
      try {
        const outcomes = commitNow(queue);
        if (!outcomes) return false;
        settle(outcomes);
      } catch (error) {
        fail(error);
      }
      return true;
    };
    const flush = async () => {
      const { take, settle, fail } = transactionItems();
      const hints = queue.flatMap((item) => (item.hint === undefined ? [] : [item.hint]));
      const ahead = prefetch && hints.length > 0 ? prefetch(hints) : undefined;
      let outcomes: Outcome[];
      try {
        outcomes = await db.transaction(() => around(() => writeAll(take()), ahead?.result), { ...scope, prefetch: ahead?.read });
      } catch (error) {
        fail(error);
        return;
      }
      settle(outcomes);
    };
    return {
      idle: () => queue.length === 0 && running === 0,
      push(item: Queued, done: () => void) {
        queue.push(item);
        if (waiting) return;
        waiting = true;
        running += 1;
        setImmediate(() => {
          if (flushNow()) {
            running -= 1;
            done();
            return;
          }
          flush()
            .catch(item.reject)
            .finally(() => {
              running -= 1;
              done();
            });
        });
      },
    };
  };
  /**
   * The lanes by scope. SQLite has one (one connection: every transaction runs alone anyway, so one commit per
   * turn). PostgreSQL has one per set of experiments: writes arriving while their experiments' transaction runs
   * share the next one, while other experiments' transactions run beside it on other connections.
   */
  const lanes = new Map<string, ReturnType<typeof lane>>();
  const experimentsOf = (experiments: readonly number[]) => (db.dialect === 'sqlite' ? [] : [...new Set(experiments)].sort((x, y) => x - y));
  return {
    run: <T>(experiments: readonly number[], write: () => Promise<T>, options?: WriteOptions<T>) =>
      new Promise<T>((resolve, reject) => {
        const scope = experimentsOf(experiments);
        const key = scope.join(',');
        const found = lanes.get(key) ?? lane({ experiments: scope });
        lanes.set(key, found);
        const item = { write, now: options?.now, atomic: options?.atomic ?? false, hint: options?.hint, resolve: resolve as (value: unknown) => void, reject };
        found.push(item, () => {
          if (found.idle() && lanes.get(key) === found) lanes.delete(key);
        });
      }),
  };
}
