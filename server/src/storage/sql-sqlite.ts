import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { openDatabase } from './database.ts';
import { checkStorableText, type RunResult, type Sql, type Statement } from './sql.ts';

/**
 * The Sql interface over one better-sqlite3 connection. Statements run synchronously and resolve at once; a
 * transaction holds the connection (BEGIN IMMEDIATE) while its work awaits, and statements from other call chains
 * wait for it to end, so they never read or write inside somebody else's transaction.
 */
export function sqliteSql(db: Database.Database): Sql {
  const inTransaction = new AsyncLocalStorage<true>();
  let held: Promise<void> | undefined;
  let savepoints = 0;

  /** True when no transaction holds the connection, or the caller runs inside the one that does. */
  const free = () => held === undefined || inTransaction.getStore() !== undefined;

  const statement = <P extends unknown[], R>(prepared: Database.Statement<P, R>, mode: 'rows' | 'pluck' | 'raw'): Statement<P, R> => {
    const ready = mode === 'pluck' ? prepared.pluck(true) : mode === 'raw' ? prepared.raw(true) : prepared;
    return {
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
      pluck: () => statement(db.prepare<P, R>(prepared.source), 'pluck'),
      raw: () => statement(db.prepare<P, R>(prepared.source), 'raw'),
    };
  };

  const nested = async <T>(work: () => Promise<T>): Promise<T> => {
    const name = `sp${String(++savepoints)}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work();
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
    prepare: <P extends unknown[] = unknown[], R = unknown>(text: string) => statement(db.prepare<P, R>(text), 'rows'),
    exec: async (text) => {
      while (!free()) await held;
      db.exec(text);
    },
    // One connection: every transaction runs alone, whatever its scope.
    transaction: async <T>(work: () => Promise<T>): Promise<T> => {
      if (inTransaction.getStore() !== undefined) return nested(work);
      while (held !== undefined) await held;
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      try {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await inTransaction.run(true, work);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        held = undefined;
        release();
      }
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
