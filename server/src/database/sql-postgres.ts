import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { isLostRace } from './lost-race.ts';
import { checkStorableText, type RunResult, type Sql, type Statement, type TransactionScope } from './sql.ts';

/** Most times a serializable transaction is run before its failure is reported. */
const MAX_ATTEMPTS = 12;
/**
 * The advisory lock every transaction takes first ("tdtx"): transactions run one at a time across all instances, as
 * SQLite runs them, so they do not abort each other (every write bumps the one change counter); statements outside
 * transactions still run side by side. A scoped transaction takes it shared, and then the lock of each of its
 * experiments (EXPERIMENT_LOCK_CLASS, id) in id order: scoped transactions of different experiments run side by side,
 * an unscoped one waits for all of them and they for it.
 */
const TRANSACTION_LOCK_KEY = 0x74647478;
/**
 * The first key of an experiment's advisory lock ("tdxe"; two-key locks never collide with the one-key lock above); the
 * second is the id modulo 2^31 - 1 (ids that share a lock only wait for each other).
 */
const EXPERIMENT_LOCK_CLASS = 0x74647865;

/** bigint (count(*), ids, times) and numeric (sum of bigint) read as JavaScript numbers, as SQLite gives them. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Splits SQL into parts outside quotes/comments (`code`) and the quoted strings, identifiers and comments between them. */
function splitQuoted(text: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = [];
  let index = 0;
  let start = 0;
  const push = (end: number, code: boolean) => {
    if (end > start) parts.push({ code, text: text.slice(start, end) });
    start = end;
  };
  while (index < text.length) {
    const char = text[index];
    if (char === "'" || char === '"') {
      push(index, true);
      let end = index + 1;
      while (end < text.length && !(text[end] === char && text[end + 1] !== char)) end += text[end] === char ? 2 : 1;
      index = end + 1;
      push(Math.min(index, text.length), false);
    } else if (char === '-' && text[index + 1] === '-') {
      push(index, true);
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
      push(index, false);
    } else {
      index += 1;
    }
  }
  push(text.length, true);
  return parts;
}

/**
 * The PostgreSQL text of a statement written for both dialects: positional `?` become `$1, $2, …`, and camelCase
 * aliases (`AS userName`) are quoted, since PostgreSQL folds unquoted names to lower case and SQLite keeps them.
 * Quoted strings, identifiers and comments are left alone.
 */
export function toPostgresText(text: string): string {
  let number = 0;
  return splitQuoted(text)
    .map((part) =>
      part.code
        ? part.text.replace(/\?/g, () => `$${String(++number)}`).replace(/\b[Aa][Ss]\s+([a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g, (_match, alias: string) => `AS "${alias}"`)
        : part.text,
    )
    .join('');
}

/** A pool of connections to `url`, ready for the Sql interface (numbers parsed as SQLite returns them). */
export function postgresPool(url: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types: TYPES, pipeline: true } as pg.PoolConfig);
}

/** The socket under a pool client (pg does not type it). */
type CorkableClient = { connection?: { stream?: { cork?: () => void; uncork?: () => void } } };

/**
 * Runs `submit` with the client's socket corked: the queries it hands the pipelining client synchronously go out in
 * one write instead of a write each (each costs a system call; under E29 load they were a tenth of the main thread).
 */
function inOneWrite<T>(client: pg.PoolClient, submit: () => T): T {
  const stream = (client as unknown as CorkableClient).connection?.stream;
  stream?.cork?.();
  try {
    return submit();
  } finally {
    stream?.uncork?.();
  }
}

/** The transaction a call chain runs in: its connection, savepoints so far, savepoint depth (0: its own work), writes for the commit. */
interface TransactionState {
  client: pg.PoolClient;
  savepoints: { count: number };
  depth: number;
  atCommit: (() => Promise<unknown>)[];
}

/**
 * The Sql interface over a PostgreSQL pool. Each statement is a named prepared statement (prepared once per
 * connection). A transaction takes one connection for its work (found again through the async call chain), waits
 * for the transaction lock (one transaction at a time across every instance, the serial order SQLite gives: each
 * sees every earlier one committed, so READ COMMITTED suffices; SERIALIZABLE would only add predicate-lock work), and
 * is re-run should PostgreSQL still report a lost race (a deadlock, a unique key taken by a statement outside one).
 */
export function postgresSql(pool: pg.Pool): Sql {
  const current = new AsyncLocalStorage<TransactionState>();
  const query = async (config: pg.QueryConfig): Promise<pg.QueryResult> => {
    checkStorableText(config.values ?? []);
    return (current.getStore()?.client ?? pool).query(config);
  };

  const statement = <P extends unknown[], R>(text: string, mode: 'rows' | 'pluck' | 'raw'): Statement<P, R> => {
    const numbered = toPostgresText(text);
    const name = `td_${createHash('sha1').update(numbered).digest('hex').slice(0, 24)}_${mode}`;
    const config = (params: unknown[]): pg.QueryConfig => ({ name, text: numbered, values: params, ...(mode === 'rows' ? {} : { rowMode: 'array' as const }) });
    const rows = async (params: unknown[]): Promise<R[]> => {
      const result = await query(config(params));
      return (mode === 'pluck' ? result.rows.map((row: unknown[]) => row[0]) : result.rows) as R[];
    };
    return {
      all: (...params) => rows(params),
      get: async (...params) => (await rows(params))[0],
      run: async (...params): Promise<RunResult> => ({ changes: (await query(config(params))).rowCount ?? 0 }),
      pluck: () => statement(text, 'pluck'),
      raw: () => statement(text, 'raw'),
    };
  };

  const nested = async <T>(state: TransactionState, work: () => Promise<T>): Promise<T> => {
    const name = `sp${String(++state.savepoints.count)}`;
    await state.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await current.run({ ...state, depth: state.depth + 1 }, work);
      await state.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await state.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  };

  /**
   * The statements kept for the commit and the COMMIT itself, sent together: a statement's run hands its query to the
   * client at once, and the client pipelines them (one round trip). A failed statement fails the transaction
   * (PostgreSQL then answers the COMMIT with a rollback).
   */
  const commit = async (state: TransactionState) => {
    const { writes, committed } = inOneWrite(state.client, () => ({
      writes: current.run(state, () => state.atCommit.map((write) => write())),
      committed: state.client.query('COMMIT'),
    }));
    const outcomes = await Promise.allSettled([...writes, committed]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    // After a failed statement PostgreSQL answers COMMIT with a rollback: never report such a transaction as done.
    if ((await committed).command !== 'COMMIT') throw new Error('PostgreSQL rolled the transaction back: a statement in it had failed.');
  };

  /**
   * BEGIN and the transaction's locks as one round trip: a simple query of several statements (the keys are integers
   * this module computes, so writing them into the text is safe), the experiments' locks in id order.
   */
  const beginText = (scope: TransactionScope | undefined): string => {
    if (scope === undefined) return `BEGIN; SELECT pg_advisory_xact_lock(${TRANSACTION_LOCK_KEY})`;
    const ids = [...new Set(scope.experiments.map((id) => Math.trunc(id) % 2147483647))].sort((a, b) => a - b);
    return [`BEGIN; SELECT pg_advisory_xact_lock_shared(${TRANSACTION_LOCK_KEY})`, ...ids.map((id) => `SELECT pg_advisory_xact_lock(${EXPERIMENT_LOCK_CLASS}, ${id})`)].join('; ');
  };

  const attempt = async <T>(client: pg.PoolClient, work: () => Promise<T>, scope: TransactionScope | undefined): Promise<T> => {
    try {
      const state: TransactionState = { client, savepoints: { count: 0 }, depth: 0, atCommit: [] };
      // The prefetch is pipelined behind BEGIN: it runs once the locks are held. Should BEGIN fail, its failure is BEGIN's.
      const { begin, prefetched } = inOneWrite(client, () => ({
        begin: client.query(beginText(scope)),
        prefetched: scope?.prefetch ? current.run(state, scope.prefetch) : undefined,
      }));
      prefetched?.catch(() => undefined);
      await begin;
      await prefetched;
      const result = await current.run(state, work);
      await commit(state);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  return {
    dialect: 'postgres',
    prepare: <P extends unknown[] = unknown[], R = unknown>(text: string) => statement<P, R>(text, 'rows'),
    exec: async (text) => {
      await (current.getStore()?.client ?? pool).query(text);
    },
    transaction: async <T>(work: () => Promise<T>, scope?: TransactionScope): Promise<T> => {
      const state = current.getStore();
      if (state !== undefined) return nested(state, work);
      const client = await pool.connect();
      try {
        for (let tries = 1; ; tries++) {
          try {
            return await attempt(client, work, scope);
          } catch (error) {
            if (tries >= MAX_ATTEMPTS || !isLostRace(error)) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(tries, 6)));
          }
        }
      } finally {
        client.release();
      }
    },
    atCommit: async (statement, ...params) => {
      const write = () => statement.run(...params);
      const state = current.getStore();
      if (state?.depth === 0) state.atCommit.push(write);
      else await write();
    },
    inTransaction: () => current.getStore() !== undefined,
    close: () => pool.end(),
  };
}
