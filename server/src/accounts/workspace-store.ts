import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** A workspace: it contains projects; users belong to it. */
export interface Workspace {
  id: number;
  /** The `workspace_id` the wire carries. */
  uuid: string;
  name: string;
  plan: string | null;
  createdAt: number;
}

/** Storage of workspaces and their members. */
export interface WorkspaceStore {
  byName(name: string): Promise<Workspace | undefined>;
  byId(id: number): Promise<Workspace | undefined>;
  create(name: string, plan: string | null, createdBy: number, now: number): Promise<Workspace>;
  addMember(workspaceId: number, userId: number, isDefault?: boolean): Promise<void>;
  /**
   * Whether the user belongs to the workspace. Every request checks it, so yes-answers read from committed
   * state are cached: nothing removes a membership (no code deletes members, users or workspaces), and
   * `forgetMembers` drops them when another connection commits. No-answers are always read afresh.
   */
  isMember(workspaceId: number, userId: number): Promise<boolean>;
  /** Drops the cached memberships (another connection committed). */
  forgetMembers(): void;
  /** Names of the workspaces a user belongs to, default first, then by name. */
  namesForUser(userId: number): Promise<string[]>;
  defaultForUser(userId: number): Promise<Workspace | undefined>;
}

interface WorkspaceRecord {
  id: number;
  uuid: string;
  name: string;
  plan: string | null;
  created_at: number;
}

const toWorkspace = (row: WorkspaceRecord | undefined): Workspace | undefined =>
  row && { id: row.id, uuid: row.uuid, name: row.name, plan: row.plan, createdAt: row.created_at };

/** Most memberships one service keeps cached; beyond it the cache starts over. */
const MEMBER_CACHE_LIMIT = 10_000;

/** Creates the workspace store over a database. */
export function createWorkspaceStore(db: Sql): WorkspaceStore {
  const members = new Set<string>();
  /** Counts `forgetMembers` calls. */
  let generation = 0;
  const byName = db.prepare<[string], WorkspaceRecord>('SELECT * FROM workspaces WHERE name = ?');
  const byId = db.prepare<[number], WorkspaceRecord>('SELECT * FROM workspaces WHERE id = ?');
  const insert = db.prepare('INSERT INTO workspaces (uuid, name, plan, created_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id').pluck();
  const addMember = db.prepare('INSERT INTO workspace_members (workspace_id, user_id, is_default) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const isMember = db.prepare<[number, number], { one: number }>(
    'SELECT 1 AS one FROM workspace_members WHERE workspace_id = ? AND user_id = ?',
  );
  const names = db.prepare<[number], { name: string }>(
    `SELECT w.name AS name FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = ? ORDER BY m.is_default DESC, w.name`,
  );
  const defaultFor = db.prepare<[number], WorkspaceRecord>(
    `SELECT w.* FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = ? ORDER BY m.is_default DESC, w.created_at, w.id LIMIT 1`,
  );
  return {
    byName: async (name) => toWorkspace(await byName.get(name)),
    byId: async (id) => toWorkspace(await byId.get(id)),
    async create(name, plan, createdBy, now) {
      const uuid = randomUUID();
      const id = Number(await insert.get(uuid, name, plan, createdBy, now));
      return { id, uuid, name, plan, createdAt: now };
    },
    addMember: async (workspaceId, userId, isDefault = false) => {
      await addMember.run(workspaceId, userId, isDefault ? 1 : 0);
    },
    async isMember(workspaceId, userId) {
      const member = `${workspaceId}:${userId}`;
      if (members.has(member)) return true;
      const before = generation;
      if (await isMember.get(workspaceId, userId) === undefined) return false;
      // Inside a transaction the row may not be committed yet (and could be rolled back): not cached; nor when the
      // members were forgotten while the read ran (it may predate the change).
      if (!db.inTransaction() && generation === before) {
        if (members.size >= MEMBER_CACHE_LIMIT) members.clear();
        members.add(member);
      }
      return true;
    },
    forgetMembers: () => {
      generation += 1;
      members.clear();
    },
    namesForUser: async (userId) => (await names.all(userId)).map((row) => row.name),
    defaultForUser: async (userId) => toWorkspace(await defaultFor.get(userId)),
  };
}
