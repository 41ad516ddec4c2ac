import { describe, expect, it, vi } from 'vitest';
import { toPostgresText } from '../../src/database/sql-postgres.ts';
import type { TransactionScope } from '../../src/database/sql.ts';
import { bareBackends } from '../support/sql-backends.ts';

describe('toPostgresText', () => {
  it('numbers ? outside strings, quoted identifiers and comments', () => {
    expect(toPostgresText(`SELECT '?', "a?b", x FROM t WHERE a = ? AND b = 'it''s ?' AND c = ? -- why?\nAND d = ?`)).toBe(
      `SELECT '?', "a?b", x FROM t WHERE a = $1 AND b = 'it''s ?' AND c = $2 -- why?\nAND d = $3`,
    );
  });
  it('quotes camelCase aliases, which PostgreSQL would fold to lower case', () => {
    expect(toPostgresText(`SELECT u.name AS userName, k.id as keyId, x AS plain, 'AS notMe' AS "kept" FROM k`)).toBe(
      `SELECT u.name AS "userName", k.id AS "keyId", x AS plain, 'AS notMe' AS "kept" FROM k`,
    );
  });
});

describe.each(bareBackends())('the Sql layer on $name', (backend) => {
  const withSql = async (test: (sql: Awaited<ReturnType<typeof backend.open>>['sql']) => Promise<void>) => {
    const { sql, cleanup } = await backend.open();
    try {
      await sql.exec('CREATE TABLE t (id bigint PRIMARY KEY, name text NOT NULL, n bigint NOT NULL DEFAULT 0)');
      await test(sql);
    } finally {
      await cleanup();
    }
  };

  it('runs, reads rows, first columns and arrays, with numbers as numbers', () =>
    withSql(async (sql) => {
      const insert = sql.prepare<[number, string]>('INSERT INTO t (id, name) VALUES (?, ?)');
      expect(await insert.run(1, 'a')).toEqual({ changes: 1 });
      await insert.run(2, 'b');
      expect(await sql.prepare<[number], { id: number; name: string }>('SELECT id, name FROM t WHERE id > ? ORDER BY id').all(0)).toEqual([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]);
      expect(await sql.prepare<[], number>('SELECT count(*) FROM t').pluck().get()).toBe(2);
      expect(await sql.prepare<[], unknown[]>('SELECT id, name FROM t ORDER BY id').raw().all()).toEqual([
        [1, 'a'],
        [2, 'b'],
      ]);
      expect(await sql.prepare<[number]>('SELECT * FROM t WHERE id = ?').get(9)).toBeUndefined();
      expect(await sql.prepare<[string]>('UPDATE t SET n = n + 1 WHERE name <> ?').run('zz')).toEqual({ changes: 2 });
    }));

  it('answers each form of one text as asked, however often and interleaved it is prepared, past the kept statements too', () =>
    withSql(async (sql) => {
      await sql.prepare<[number, string]>('INSERT INTO t (id, name) VALUES (?, ?)').run(1, 'a');
      const text = 'SELECT id, name FROM t WHERE id = ?';
      const rows = sql.prepare<[number], { id: number; name: string }>(text);
      const arrays = sql.prepare<[number], unknown[]>(text).raw();
      const firsts = sql.prepare<[number], number>(text).pluck();
      for (let round = 0; round < 2; round += 1) {
        expect(await rows.get(1)).toEqual({ id: 1, name: 'a' });
        expect(await arrays.get(1)).toEqual([1, 'a']);
        expect(await firsts.get(1)).toBe(1);
        expect(await sql.prepare<[number], unknown[]>(text).raw().all(1)).toEqual([[1, 'a']]);
        expect(await sql.prepare<[number]>(text).all(1)).toEqual([{ id: 1, name: 'a' }]);
        // Three hundred other texts, more than a connection keeps prepared: the statements above still answer.
        for (let other = 0; other < 300; other += 1) expect(await sql.prepare<[number], number>(`SELECT ${other} + ?`).pluck().get(1)).toBe(other + 1);
      }
    }));

  it('commits a transaction that resolves and rolls back one that throws, savepoints included', () =>
    withSql(async (sql) => {
      const insert = sql.prepare<[number, string]>('INSERT INTO t (id, name) VALUES (?, ?)');
      const count = sql.prepare<[], number>('SELECT count(*) FROM t').pluck();
      await sql.transaction(async () => {
        await insert.run(1, 'kept');
        await sql.transaction(() => insert.run(2, 'kept too'));
        await expect(sql.transaction(async () => (await insert.run(3, 'inner'), Promise.reject(new Error('inner'))))).rejects.toThrow('inner');
      });
      await expect(sql.transaction(async () => (await insert.run(4, 'outer'), Promise.reject(new Error('outer'))))).rejects.toThrow('outer');
      expect(await count.get()).toBe(2);
    }));

  it('runs a statement kept for the commit after the work and before the COMMIT; its failure fails the transaction', () =>
    withSql(async (sql) => {
      const insert = sql.prepare<[number, string]>('INSERT INTO t (id, name) VALUES (?, ?)');
      const names = sql.prepare<[], string>('SELECT name FROM t ORDER BY id').pluck();
      const seenInWork = await sql.transaction(async () => {
        await insert.run(1, 'first');
        await sql.atCommit(insert, 2, 'at commit');
        await sql.transaction(() => sql.atCommit(insert, 3, 'savepoint: now'));
        return names.all();
      });
      expect(seenInWork).toEqual(['first', 'savepoint: now']);
      expect(await names.all()).toEqual(['first', 'at commit', 'savepoint: now']);
      await expect(
        sql.transaction(async () => {
          await insert.run(4, 'undone');
          await sql.atCommit(sql.prepare<[number]>('INSERT INTO t (id, name) VALUES (?, NULL)'), 6);
        }),
      ).rejects.toThrow();
      await sql.atCommit(insert, 5, 'outside: now');
      expect(await names.all()).toEqual(['first', 'at commit', 'savepoint: now', 'outside: now']);
    }));

  it('keeps a transaction to its own call chain: a read elsewhere never sees its uncommitted rows', () =>
    withSql(async (sql) => {
      const names = sql.prepare<[], string>('SELECT name FROM t ORDER BY id').pluck();
      let inside: () => void = () => {};
      const paused = new Promise<void>((resolve) => (inside = resolve));
      let resume: () => void = () => {};
      const transaction = sql.transaction(async () => {
        await sql.prepare('INSERT INTO t (id, name) VALUES (1, ?)').run('pending');
        inside();
        await new Promise<void>((resolve) => (resume = resolve));
      });
      await paused;
      const outside = names.all();
      resume();
      await transaction;
      const seen = await outside;
      expect(seen.length === 0 || seen[0] === 'pending').toBe(true);
      expect(await names.all()).toEqual(['pending']);
    }));

  it('gives concurrent read-modify-write transactions a serial order: no update is lost', () =>
    withSql(async (sql) => {
      await sql.prepare('INSERT INTO t (id, name, n) VALUES (1, ?, 0)').run('counter');
      const read = sql.prepare<[], number>('SELECT n FROM t WHERE id = 1').pluck();
      const write = sql.prepare<[number]>('UPDATE t SET n = ? WHERE id = 1');
      await Promise.all(
        Array.from({ length: 20 }, () =>
          sql.transaction(async () => {
            const n = (await read.get()) ?? 0;
            await new Promise((resolve) => setImmediate(resolve));
            await write.run(n + 1);
          }),
        ),
      );
      expect(await read.get()).toBe(20);
    }));
});

describe.each(bareBackends().filter((backend) => backend.name === 'postgres'))('scoped transactions on $name', (backend) => {
  it('of different experiments run side by side; of one experiment, and unscoped ones, wait for each other', async () => {
    const { sql, cleanup } = await backend.open();
    const gates: (() => void)[] = [];
    /** A transaction that says when it is inside and stays there until let go. */
    const held = (scope?: TransactionScope) => {
      let entered = false;
      let leave = () => {};
      const gate = new Promise<void>((resolve) => (leave = resolve));
      gates.push(leave);
      const done = sql.transaction(async () => {
        entered = true;
        await gate;
      }, scope);
      return { entered: () => entered, leave, done };
    };
    const waiting = sql.prepare<[], number>("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted").pluck();
    /** Resolves once `count` lock requests wait (so the next request is queued after them). */
    const waitingFor = (count: number) => vi.waitFor(async () => expect(await waiting.get()).toBe(count), { timeout: 10_000, interval: 20 });
    const inside = (transaction: { entered(): boolean }) => vi.waitFor(() => expect(transaction.entered()).toBe(true), { timeout: 10_000 });
    try {
      const first = held({ experiments: [1, 2] });
      await inside(first);
      const other = held({ experiments: [3] });
      await inside(other);
      const same = held({ experiments: [2] });
      await waitingFor(1);
      const unscoped = held();
      await waitingFor(2);
      expect([same.entered(), unscoped.entered()]).toEqual([false, false]);
      first.leave();
      await first.done;
      await inside(same);
      await waitingFor(1);
      expect(unscoped.entered()).toBe(false);
      other.leave();
      same.leave();
      await Promise.all([other.done, same.done]);
      await inside(unscoped);
      const later = held({ experiments: [4] });
      await waitingFor(1);
      expect(later.entered()).toBe(false);
      unscoped.leave();
      await inside(later);
      later.leave();
      await Promise.all([unscoped.done, later.done]);
    } finally {
      for (const leave of gates) leave();
      await cleanup();
    }
  });
});

describe.each(bareBackends())('reads made with the locks on $name', (backend) => {
  it('a prefetch runs once the locks are held: it sees what the transaction it waited for committed', async () => {
    const { sql, cleanup } = await backend.open();
    try {
      await sql.exec('CREATE TABLE t (id bigint PRIMARY KEY, name text NOT NULL)');
      const insert = sql.prepare<[number, string]>('INSERT INTO t (id, name) VALUES (?, ?)');
      const names = sql.prepare<[], string>('SELECT name FROM t ORDER BY id').pluck();
      let leave = () => {};
      const gate = new Promise<void>((resolve) => (leave = resolve));
      let entered = false;
      const first = sql.transaction(async () => {
        entered = true;
        await insert.run(1, 'committed first');
        await gate;
      }, { experiments: [7] });
      await vi.waitFor(() => expect(entered).toBe(true));
      let prefetched: string[] = [];
      const second = sql.transaction(async () => [...prefetched], {
        experiments: [7],
        prefetch: async () => {
          prefetched = await names.all();
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      leave();
      await first;
      expect(await second).toEqual(['committed first']);
    } finally {
      await cleanup();
    }
  });
});
