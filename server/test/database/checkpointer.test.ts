import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from '../../src/database/checkpointer.ts';
import { openStorageFixture, type StorageFixture } from '../logged-data/logging-fixtures.ts';

/** Polls `check` until it holds or `ms` passed. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (check()) return true;
  }
  return check();
}

describe('background WAL checkpoints', () => {
  let fixture: StorageFixture | undefined;
  let checkpointer: Checkpointer | undefined;
  afterEach(async () => {
    await checkpointer?.stop();
    await fixture?.close();
  });

  /** Commits about 2 MiB (some 500 pages: under both thresholds of commits checkpointing by themselves). */
  const writeSomePages = async (current: StorageFixture) => {
    await current.db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = current.db.prepare('INSERT INTO filler (text) VALUES (?)');
    await current.db.transaction(async () => {
      for (let row = 0; row < 500; row += 1) await insert.run('x'.repeat(4000));
    });
  };

  it('copies committed pages into the database file from another thread, while commits only append to the WAL', async () => {
    fixture = await openStorageFixture();
    const current = fixture;
    checkpointer = startCheckpointer(current.raw, { intervalMs: 20 });
    await checkpointer.ready;
    expect(current.raw.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    const before = statSync(current.raw.name).size;
    await writeSomePages(current);
    expect(await eventually(() => statSync(current.raw.name).size > before + 1_000_000, 5000)).toBe(true);
    expect(await current.db.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(500);
    await checkpointer.stop();
    checkpointer = undefined;
    expect(current.raw.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('leaves the database file as it was without the thread (the pages stay in the WAL)', async () => {
    fixture = await openStorageFixture();
    const current = fixture;
    current.raw.pragma('wal_autocheckpoint = 10000');
    const before = statSync(current.raw.name).size;
    await writeSomePages(current);
    expect(await eventually(() => statSync(current.raw.name).size > before + 1_000_000, 500)).toBe(false);
  });
});
