import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/logged-data/batch.ts';
import { createLoggedTagStore } from '../../src/logged-data/tags.ts';
import { openStorageFixture, type StorageFixture } from './logging-fixtures.ts';

describe('group commit of logging writes', () => {
  let fixture: StorageFixture;
  beforeEach(async () => {
    fixture = await openStorageFixture();
  });
  afterEach(() => fixture.close());

  it('commits the writes of one event-loop turn together and resolves each with its own result', async () => {
    const batch = createGroupCommit(fixture.db);
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    const inTransaction: boolean[] = [];
    const results = await Promise.all(
      ['a', 'b', 'c'].map((tag) =>
        batch.run([experimentId], async () => {
          inTransaction.push(fixture.db.inTransaction());
          await tags.add(experimentId, [tag]);
          return tag.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    expect(inTransaction).toEqual([true, true, true]);
    expect(fixture.raw.inTransaction).toBe(false);
    expect(await tags.list(experimentId)).toEqual(['a', 'b', 'c']);
  });

  it('takes into its transaction the writes that arrived while it waited for another transaction', async () => {
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    const transactions: number[] = [];
    const counting = { ...fixture.db, transaction: <T>(work: () => Promise<T>) => (transactions.push(fixture.db.inTransaction() ? 0 : 1), fixture.db.transaction(work)) };
    const batch = createGroupCommit(counting);
    let release = () => {};
    const other = fixture.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const first = batch.run([experimentId], () => tags.add(experimentId, ['first']));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batch.run([experimentId], () => tags.add(experimentId, ['second']));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([other, first, second]);
    expect(transactions.filter((outer) => outer === 1)).toHaveLength(1);
    expect(await tags.list(experimentId)).toEqual(['first', 'second']);
  });

  it('starts the next transaction while the one before still runs; it takes every write queued by the time it holds its locks', async () => {
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    let started = 0;
    const counting = { ...fixture.db, transaction: <T>(work: () => Promise<T>) => ((started += fixture.db.inTransaction() ? 0 : 1), fixture.db.transaction(work)) };
    const batch = createGroupCommit(counting);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = batch.run([experimentId], async () => {
      await held;
      await tags.add(experimentId, ['first']);
    });
    await turn();
    await turn();
    const second = batch.run([experimentId], () => tags.add(experimentId, ['second']));
    await turn();
    await turn();
    const third = batch.run([experimentId], () => tags.add(experimentId, ['third']));
    await turn();
    expect(started).toBe(2);
    release();
    await Promise.all([first, second, third]);
    expect(started).toBe(2);
    expect(await tags.list(experimentId)).toEqual(['first', 'second', 'third']);
  });

  it('undoes and rejects only the write that failed', async () => {
    const batch = createGroupCommit(fixture.db);
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    const outcomes = await Promise.allSettled([
      batch.run([experimentId], () => tags.add(experimentId, ['kept'])),
      batch.run([experimentId], async () => {
        await tags.add(experimentId, ['undone']);
        throw new Error('refused');
      }),
      batch.run([experimentId], () => tags.add(experimentId, ['also kept'])),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await tags.list(experimentId)).toEqual(['kept', 'also kept']);
  });

  it('runs atomic writes (their own transactions) without a savepoint; a failing one still undoes only itself', async () => {
    const batch = createGroupCommit(fixture.db);
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    const failingTransaction = () => fixture.db.transaction(async () => {
      await tags.add(experimentId, ['undone']);
      throw new Error('refused');
    });
    const outcomes = await Promise.allSettled([
      batch.run([experimentId], () => tags.add(experimentId, ['kept']), { atomic: true }),
      batch.run([experimentId], failingTransaction, { atomic: true }),
      batch.run([experimentId], () => tags.add(experimentId, ['also kept']), { atomic: true }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await tags.list(experimentId)).toEqual(['kept', 'also kept']);
  });

  it('rolls back a lone write that failed', async () => {
    const batch = createGroupCommit(fixture.db);
    const tags = createLoggedTagStore(fixture.db);
    const experimentId = await fixture.newExperiment();
    const failing = batch.run([experimentId], async () => {
      await tags.add(experimentId, ['undone']);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await tags.list(experimentId)).toEqual([]);
  });

  it('resolves only after the commit, so a resolved write is readable by another connection', async () => {
    const batch = createGroupCommit(fixture.db);
    const experimentId = await fixture.newExperiment();
    await batch.run([experimentId], () => createLoggedTagStore(fixture.db).add(experimentId, ['durable']));
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(fixture.raw.name, { readonly: true });
    try {
      expect(other.prepare('SELECT tag FROM experiment_tags WHERE experiment_id = ?').pluck().all(experimentId)).toEqual(['durable']);
    } finally {
      other.close();
    }
  });
});
