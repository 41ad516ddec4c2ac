import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthenticator, registerApiKey } from '../../src/accounts/keys.ts';
import type { ExternalCommits } from '../../src/database/external-commits.ts';
import { openSqlite } from '../../src/database/sql-sqlite.ts';
import type { Sql, Statement } from '../../src/database/sql.ts';
import { createExperimentStore } from '../../src/experiments/experiment-store.ts';
import { createProjectStore } from '../../src/experiments/project-store.ts';
import { createUserStore } from '../../src/accounts/user-store.ts';
import { createWorkspaceStore } from '../../src/accounts/workspace-store.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A database whose reads run at once but answer only when let go, while `held` is on: on PostgreSQL a read's answer
 * can arrive after another instance's commit was seen and the caches dropped.
 */
function slowAnswers(): { sql: Sql; hold(): () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-cache-race-'));
  const inner = openSqlite(dataDir);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => inner.close());
  let gate: Promise<void> | undefined;
  const late = async <T>(answer: Promise<T>): Promise<T> => {
    const value = await answer;
    await gate;
    return value;
  };
  const wrap = <P extends unknown[], R>(statement: Statement<P, R>): Statement<P, R> => ({
    all: (...params) => late(statement.all(...params)),
    get: (...params) => late(statement.get(...params)),
    run: (...params) => statement.run(...params),
    pluck: () => wrap(statement.pluck()),
    raw: () => wrap(statement.raw()),
  });
  const sql: Sql = { ...inner, prepare: <P extends unknown[], R>(text: string) => wrap(inner.prepare<P, R>(text)) };
  return {
    sql,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

/** Commits of "other instances" the test announces itself. */
function announcedCommits(): ExternalCommits & { announce(): void } {
  const listeners: (() => void)[] = [];
  return {
    refresh: () => Promise.resolve(),
    onCommit: (listener) => void listeners.push(listener),
    announce: () => listeners.forEach((listener) => listener()),
  };
}

describe('a cache never keeps an answer read before the caches were dropped', () => {
  it('API keys: a key revoked while its match was being read is refused by the next request', async () => {
    const { sql, hold } = slowAnswers();
    const users = createUserStore(sql);
    const user = await users.create('gina', false, 0);
    const key = 'gina-key-0123456789abcdefghijklmnop';
    const prefix = await registerApiKey(users, user.id, key, 0);
    const commits = announcedCommits();
    const authenticate = createAuthenticator(users, commits);
    const release = hold();
    const first = authenticate(key);
    await new Promise((resolve) => setImmediate(resolve));
    await users.revokeKeys(prefix, 1);
    commits.announce();
    release();
    expect(await first).toMatchObject({ userName: 'gina' });
    expect(await authenticate(key)).toBeUndefined();
  });

  it('memberships: one removed while it was being read is not remembered', async () => {
    const { sql, hold } = slowAnswers();
    const users = createUserStore(sql);
    const workspaces = createWorkspaceStore(sql);
    const user = await users.create('hal', false, 0);
    const space = await workspaces.create('space', null, user.id, 0);
    await workspaces.addMember(space.id, user.id, 'member', 0);
    const release = hold();
    const first = workspaces.isMember(space.id, user.id);
    await new Promise((resolve) => setImmediate(resolve));
    await sql.prepare('DELETE FROM workspace_members').run();
    workspaces.forgetMembers();
    release();
    expect(await first).toBe(true);
    expect(await workspaces.isMember(space.id, user.id)).toBe(false);
  });

  it('experiments: one deleted while it was being looked up is not remembered', async () => {
    const { sql, hold } = slowAnswers();
    const user = await createUserStore(sql).create('ida', false, 0);
    const space = await createWorkspaceStore(sql).create('space', null, user.id, 0);
    const project = await createProjectStore(sql).create({ workspaceId: space.id, name: 'p', description: '', isPublic: false, ownerUserId: user.id }, 0);
    const experiments = createExperimentStore(sql);
    const { key } = await experiments.create({ workspaceId: space.id, projectId: project.id, name: null, userId: user.id }, 0);
    const release = hold();
    const first = experiments.byKey(key);
    await new Promise((resolve) => setImmediate(resolve));
    await sql.prepare('DELETE FROM experiments').run();
    experiments.forgetAll();
    release();
    expect(await first).toMatchObject({ key });
    expect(await experiments.byKey(key)).toBeUndefined();
  });
});
