import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { openDatabase } from './database.ts';
import { checkStorableText, type ImmediateStatement, type RunResult, type Sql, type Statement, type TransactionScope } from './sql.ts';

/** How a statement answers rows: as objects, as their first column, or as arrays of columns. */
type StatementMode = 'rows' | 'pluck' | 'raw';

/** How many prepared statements a connection keeps for reuse. */
const PREPARED_KEPT = 256;

/**
 * The Sql interface over one better-sqlite3 connection. Statements run synchronously and resolve at once; a
 * transaction holds the connection (BEGIN IMMEDIATE) while its work awaits, and statements from other call chains
 * wait for it to end, so they never read or write inside somebody else's transaction.
 */
export function sqliteSql(db: Database.Database): Sql {
  /** The transaction the calling chain runs in: its savepoint depth (0: its own work) and its writes for the commit. */
  const inTransaction = new AsyncLocalStorage<{ depth: number; atCommit: (() => Promise<unknown>)[] }>();
  let held: Promise<void> | undefined;
  let savepoints = 0;
  // Prepared once, as better-sqlite3's own transactions do: db.exec() would parse the SQL again at every transaction.
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

  /** True when no transaction holds the connection, or the caller runs inside the one that does. */
  const free = () => held === undefined || inTransaction.getStore() !== undefined;

  /** Throws unless the connection is free for the calling chain (the synchronous forms cannot wait for it). */
  const mustBeFree = () => {
    if (!free()) throw new Error('A synchronous statement ran while another transaction held the SQLite connection: run it inside transactionNow.');
  };

  /**
   * Statements prepared on this connection, by mode and text, the least recently used dropped past PREPARED_KEPT: a
   * statement written again at each call (`prepare(text).raw()`, an IN list of ids) is prepared once, not at every call.
   * One object can serve every caller: each call runs to its end synchronously, and a mode is only ever set once.
   */
  const preparedStatements = new Map<string, Database.Statement>();
  const prepared = <P extends unknown[], R>(source: string, mode: StatementMode): Database.Statement<P, R> => {
    const key = `${mode}\n${source}`;
    const known = preparedStatements.get(key);
    if (known) preparedStatements.delete(key);
    const ready = known ?? (mode === 'pluck' ? db.prepare(source).pluck(true) : mode === 'raw' ? db.prepare(source).raw(true) : db.prepare(source));
    preparedStatements.set(key, ready);
    if (preparedStatements.size > PREPARED_KEPT) preparedStatements.delete(preparedStatements.keys().next().value ?? key);
    return ready as Database.Statement<P, R>;
  };

  const statement = <P extends unknown[], R>(source: string, mode: StatementMode): Statement<P, R> => {
    const ready = prepared<P, R>(source, mode);
    const now: ImmediateStatement<P, R> = {
      all: (...params) => {
        checkStorableText(params);
        mustBeFree();
        return ready.all(...params) as R[];
      },
      get: (...params) => {
        checkStorableText(params);
        mustBeFree();
        return ready.get(...params) as R | undefined;
      },
      run: (...params) => {
        checkStorableText(params);
        mustBeFree();
        return { changes: ready.run(...params).changes };
      },
    };
    return {
      now,
      all: async (...params) => {
        checkStorableText(params);
        while (!free()) await held;
        return ready.all(...params) as R[];
      },
      get: async (...params) => {
        checkStorableText(params);
        while (!free()) await held;
        return ready.get(...params) as R | undefined;
      },
      run: async (...params): Promise<RunResult> => {
        checkStorableText(params);
        while (!free()) await held;
        return { changes: ready.run(...params).changes };
      },
      pluck: () => statement<P, R>(source, 'pluck'),
      raw: () => statement<P, R>(source, 'raw'),
    };
  };

  const nested = async <T>(work: () => Promise<T>, depth: number): Promise<T> => {
    const name = `sp${String(++savepoints)}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = await inTransaction.run({ depth: depth + 1, atCommit: [] }, work);
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    }
  };

  return {
    dialect: 'sqlite',
    prepare: <P extends unknown[] = unknown[], R = unknown>(text: string) => statement<P, R>(text, 'rows'),
    exec: async (text) => {
      while (!free()) await held;
      db.exec(text);
    },
    // One connection: every transaction runs alone, whatever its experiments.
    transaction: async <T>(work: () => Promise<T>, scope?: TransactionScope): Promise<T> => {
      const outer = inTransaction.getStore();
      if (outer !== undefined) return nested(work, outer.depth);
      while (held !== undefined) await held;
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      try {
        begin.run();
        try {
          const own = { depth: 0, atCommit: [] as (() => Promise<unknown>)[] };
          if (scope?.prefetch) await inTransaction.run(own, scope.prefetch);
          const result = await inTransaction.run(own, work);
          for (let write = own.atCommit.shift(); write; write = own.atCommit.shift()) await inTransaction.run(own, write);
          commit.run();
          return result;
        } catch (error) {
          if (db.inTransaction) rollback.run();
          throw error;
        }
      } finally {
        held = undefined;
        release();
      }
    },
    transactionNow: <T>(work: () => T): { value: T } | undefined => {
      if (held !== undefined || db.inTransaction) return undefined;
      begin.run();
      try {
        const value = work();
        commit.run();
        return { value };
      } catch (error) {
        if (db.inTransaction) rollback.run();
        throw error;
      }
    },
    atCommit: async (statement, ...params) => {
      const write = () => statement.run(...params);
      const store = inTransaction.getStore();
      if (store?.depth === 0) store.atCommit.push(write);
      else await write();
    },
    inTransaction: () => inTransaction.getStore() !== undefined,
    close: async () => {
      while (held !== undefined) await held;
      db.close();
    },
  };
}

/** Opens the data dir's SQLite database (migrations applied) behind the Sql interface. */
export const openSqlite = (dataDir: string): Sql => sqliteSql(openDatabase(dataDir));
