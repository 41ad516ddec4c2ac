import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { issueApiKey, revokeApiKeys } from '../../src/accounts/keys.ts';
import { openDatabase, type Db } from '../../src/database/database.ts';
import { createExternalCommits, MAX_LOOK_REUSE_MS } from '../../src/database/external-commits.ts';
import { sqliteSql } from '../../src/database/sql-sqlite.ts';
import { createWorkspaceStore } from '../../src/accounts/workspace-store.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import { openStorage } from '../../src/database/open-storage.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends, type TestBackend } from '../support/test-database.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two connections to one fresh database: the watched one and "another process". */
function twoConnections(): { db: Db; other: Db } {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-commits-'));
  const db = openDatabase(dataDir);
  const other = openDatabase(dataDir);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => db.close(), () => other.close());
  return { db, other };
}

const addUser = (db: Db, name: string) => Number(db.prepare('INSERT INTO users (name, is_admin, created_at) VALUES (?, 0, 0)').run(name).lastInsertRowid);

describe('external commits', () => {
  it("notices another connection's commit in the next event-loop turn, and not its own", async () => {
    const { db, other } = twoConnections();
    let noticed = 0;
    const watch = createExternalCommits(db, () => 0);
    watch.onCommit(() => (noticed += 1));
    await watch.refresh();
    addUser(db, 'own');
    await nextTurn();
    await watch.refresh();
    expect(noticed).toBe(0);

    addUser(other, 'elsewhere');
    await watch.refresh();
    expect(noticed).toBe(0); // the look of this turn is reused (the clock stands still here)
    await nextTurn();
    await watch.refresh();
    expect(noticed).toBe(1);
    await nextTurn();
    await watch.refresh();
    expect(noticed).toBe(1);
  });

  it(`reuses a look for at most ${MAX_LOOK_REUSE_MS} ms within one turn`, async () => {
    const { db, other } = twoConnections();
    let clock = 0;
    let noticed = 0;
    const watch = createExternalCommits(db, () => clock);
    watch.onCommit(() => (noticed += 1));
    await watch.refresh();
    addUser(other, 'elsewhere');
    clock += MAX_LOOK_REUSE_MS;
    await watch.refresh();
    expect(noticed).toBe(1);
  });
});

describe('membership cache', () => {
  it('answers from committed state: a rolled-back membership is not remembered, a new one counts at once', async () => {
    const { db: raw } = twoConnections();
    const db = sqliteSql(raw);
    const workspaces = createWorkspaceStore(db);
    const userId = addUser(raw, 'dana');
    const space = await workspaces.create('space', null, userId, 0);
    expect(await workspaces.isMember(space.id, userId)).toBe(false);
    await expect(
      db.transaction(async () => {
        await workspaces.addMember(space.id, userId, 'member', 0);
        expect(await workspaces.isMember(space.id, userId)).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await workspaces.isMember(space.id, userId)).toBe(false);
    await workspaces.addMember(space.id, userId, 'member', 0);
    expect(await workspaces.isMember(space.id, userId)).toBe(true);
    raw.prepare('DELETE FROM workspace_members').run();
    expect(await workspaces.isMember(space.id, userId)).toBe(true); // cached: only another connection's commit drops it
    workspaces.forgetMembers();
    expect(await workspaces.isMember(space.id, userId)).toBe(false);
  });
});

/** A service on `backend` and "another process": its own connection to the same database. */
async function serviceWithOther(backend: TestBackend): Promise<{ server: TestServer; location: StorageLocation; other: (text: string, params: unknown[]) => Promise<void> }> {
  const server = await startTestServer({ backend });
  cleanups.push(() => server.close());
  const location = server.storage;
  const other = async (text: string, params: unknown[]) => {
    const storage = await openStorage(location);
    try {
      await storage.sql.prepare(text).run(...params);
    } finally {
      await storage.close();
    }
  };
  return { server, location, other };
}

describe.each(testBackends())("another process's commits, on %s", (backend) => {
  it('drops memberships another process removed, for the requests that follow', async () => {
    const { server, location, other } = await serviceWithOther(backend);
    const erin = await issueApiKey({ ...location, userName: 'erin' });
    const listErinsProjects = () => server.call('listProjects', { key: erin.apiKey, query: { workspaceName: 'erin' } });
    expect((await listErinsProjects()).status).toBe(200);
    await other('DELETE FROM workspace_members WHERE user_id = (SELECT id FROM users WHERE name = ?)', ['erin']);
    expect((await listErinsProjects()).status).toBe(403);
  });

  it('refuses every request sent after another connection revoked the key, while requests keep arriving', async () => {
    const { server, location } = await serviceWithOther(backend);
    const frank = await issueApiKey({ ...location, userName: 'frank' });
    const list = () => server.call('listWorkspaces', { key: frank.apiKey }).then((reply) => reply.status);
    const inFlight = Array.from({ length: 20 }, list);
    await Promise.race(inFlight);
    expect(await revokeApiKeys(location, frank.prefix)).toBe(1);
    const after = await Promise.all(Array.from({ length: 20 }, list));
    expect(after).toEqual(Array.from({ length: 20 }, () => 401));
    expect(await Promise.all(inFlight)).toContain(200);
  });

  it('refuses logging to an experiment another process deleted, from the next request on', async () => {
    const { server, other } = await serviceWithOther(backend);
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'cache' } });
    const experimentKey = (created.body as { experimentKey: string }).experimentKey;
    const log = () => server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1 } }).then((reply) => reply.status);
    expect(await log()).toBe(200);
    expect(await log()).toBe(200);
    await other('UPDATE experiments SET deleted_at = ? WHERE key = ?', [Date.now(), experimentKey]);
    expect(await log()).toBe(404);
  });
});

