/** The SQL dialects the service's storage speaks. */
export type SqlDialect = 'sqlite' | 'postgres';

/** What a write statement changed. */
export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/**
 * A statement prepared once and run many times, with positional `?` parameters in both dialects.
 * `R` is the row type, or the first column's type after `pluck()`, or the array of columns after `raw()`.
 */
export interface Statement<P extends unknown[] = unknown[], R = unknown> {
  /** Every row. */
  all(...params: P): Promise<R[]>;
  /** The first row, or undefined. */
  get(...params: P): Promise<R | undefined>;
  /** Runs a write and says how many rows it changed. */
  run(...params: P): Promise<RunResult>;
  /** The same statement returning each row's first column. */
  pluck(): Statement<P, R>;
  /** The same statement returning each row as an array of columns. */
  raw(): Statement<P, R>;
  /** SQLite only (undefined on PostgreSQL): the same statement run synchronously, for work inside `Sql.transactionNow`. */
  readonly now?: ImmediateStatement<P, R>;
}

/** A statement's synchronous forms (SQLite): they throw while another call chain's transaction holds the connection. */
export interface ImmediateStatement<P extends unknown[] = unknown[], R = unknown> {
  all(...params: P): R[];
  get(...params: P): R | undefined;
  run(...params: P): RunResult;
}

/**
 * What a transaction promises to write: only rows of these experiments (their logged data, their own experiments
 * row), and shared rows (the change counter, the cache epoch) only through their row locks. On PostgreSQL it then
 * waits only for transactions of the same experiments and for unscoped ones, instead of for every transaction.
 */
export interface TransactionScope {
  experiments: readonly number[];
  /**
   * Reads to make once the locks are held, before the work (PostgreSQL sends them with BEGIN: no round trip of their
   * own). Each of its statements must be called before it awaits anything, so that its query goes out at once.
   */
  prefetch?: () => Promise<void>;
}

/**
 * The storage connection every store receives: SQLite (the embedded default) or PostgreSQL, behind one interface.
 * Statements run inside the caller's `transaction` when there is one (tracked per async call chain), so a store
 * never passes a transaction handle around.
 */
export interface Sql {
  readonly dialect: SqlDialect;
  /** Prepares `text` (positional `?` parameters). */
  prepare<P extends unknown[] = unknown[], R = unknown>(text: string): Statement<P, R>;
  /** Runs statements without parameters or results (DDL, several statements). */
  exec(text: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Writes are serialised
   * as SQLite serialises them (PostgreSQL: one at a time under an advisory lock, re-run on a lost race, so `work` must only
   * write through this connection). A transaction inside another is a savepoint of it (its scope is the outer one's).
   * With a `scope`, PostgreSQL runs it beside transactions of other experiments (see TransactionScope).
   */
  transaction<T>(work: () => Promise<T>, scope?: TransactionScope): Promise<T>;
  /**
   * In a transaction's own work (not in a savepoint of it): runs the write `statement` once the work is done, right
   * before the COMMIT (PostgreSQL sends it and the COMMIT together: one round trip); its failure fails the
   * transaction. In a savepoint, or outside any transaction: runs it now.
   */
  atCommit<P extends unknown[]>(statement: Statement<P, unknown>, ...params: P): Promise<void>;
  /**
   * SQLite only (undefined on PostgreSQL): runs `work` at once, synchronously, in one transaction of its own (committed
   * when it returns, rolled back when it throws), its statements through their `now` forms: no promise turn between
   * them. Answers undefined, running nothing, while another transaction holds the connection (use `transaction` then).
   */
  readonly transactionNow?: <T>(work: () => T) => { value: T } | undefined;
  /** True when the calling async chain runs inside a transaction (its writes may still roll back). */
  inTransaction(): boolean;
  /** Closes the connection(s); pending statements finish first. */
  close(): Promise<void>;
}

/** Refuses text holding the NUL character (U+0000): PostgreSQL cannot store it, so neither backend does. */
export class UnstorableTextError extends Error {
  constructor() {
    super('A text value contains the NUL character (\\u0000), which the service cannot store: remove it and send again.');
    this.name = 'UnstorableTextError';
  }
}

/** Throws UnstorableTextError, before anything reaches the database, when a text parameter (or array element) holds U+0000. */
export function checkStorableText(params: readonly unknown[]): void {
  for (const value of params) {
    if (typeof value === 'string' && value.includes('\u0000')) throw new UnstorableTextError();
    if (Array.isArray(value)) checkStorableText(value);
  }
}
