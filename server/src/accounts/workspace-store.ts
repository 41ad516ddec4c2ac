import { randomUUID } from 'node:crypto';
import type { WorkspaceRole } from '../../../shared/api/index.ts';
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

/** A user's membership of a workspace. */
export interface Member {
  userId: number;
  userName: string;
  role: WorkspaceRole;
  joinedAt: number;
}

/** Storage of workspaces and their members. */
export interface WorkspaceStore {
  /** The workspace of that name, or the one that had it before a rename (an old name keeps reaching it). */
  byName(name: string): Promise<Workspace | undefined>;
  byId(id: number): Promise<Workspace | undefined>;
  create(name: string, plan: string | null, createdBy: number, now: number): Promise<Workspace>;
  /** Gives a workspace a new name; the one it had keeps naming it (see `byName`). */
  rename(workspace: Workspace, name: string): Promise<void>;
  /** Adds a member with a role; false (and nothing changed) when the user already belongs to the workspace. */
  addMember(workspaceId: number, userId: number, role: WorkspaceRole, now: number, isDefault?: boolean): Promise<boolean>;
  /**
   * The user's role in the workspace, undefined for a non-member. Every request asks, so roles read from committed
   * state are cached; this store's own changes and `forgetMembers` (another connection committed) drop them.
   * Non-members are always read afresh.
   */
  roleOf(workspaceId: number, userId: number): Promise<WorkspaceRole | undefined>;
  /** Whether the user belongs to the workspace (in any role). */
  isMember(workspaceId: number, userId: number): Promise<boolean>;
  /** The workspace's members, admins first, then by name. */
  members(workspaceId: number): Promise<Member[]>;
  /** Changes a member's role. */
  setRole(workspaceId: number, userId: number, role: WorkspaceRole): Promise<void>;
  /** Removes a member. */
  removeMember(workspaceId: number, userId: number): Promise<void>;
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
  const roles = new Map<string, WorkspaceRole>();
  /** Counts `forgetMembers` calls. */
  let generation = 0;
  const byName = db.prepare<[string], WorkspaceRecord>('SELECT * FROM workspaces WHERE name = ?');
  const byFormerName = db.prepare<[string], WorkspaceRecord>(
    'SELECT w.* FROM workspace_former_names f JOIN workspaces w ON w.id = f.workspace_id WHERE f.name = ?',
  );
  const setName = db.prepare('UPDATE workspaces SET name = ? WHERE id = ?');
  const keepFormerName = db.prepare('INSERT INTO workspace_former_names (name, workspace_id) VALUES (?, ?) ON CONFLICT (name) DO NOTHING');
  const dropFormerName = db.prepare('DELETE FROM workspace_former_names WHERE name = ?');
  const byId = db.prepare<[number], WorkspaceRecord>('SELECT * FROM workspaces WHERE id = ?');
  const insert = db.prepare('INSERT INTO workspaces (uuid, name, plan, created_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id').pluck();
  const addMember = db.prepare(
    'INSERT INTO workspace_members (workspace_id, user_id, role, joined_at, is_default) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id',
  ).pluck();
  const roleOf = db.prepare<[number, number], WorkspaceRole>('SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?').pluck();
  const members = db.prepare<[number], Member>(
    `SELECT m.user_id AS userId, u.name AS userName, m.role AS role, m.joined_at AS joinedAt
     FROM workspace_members m JOIN users u ON u.id = m.user_id
     WHERE m.workspace_id = ? ORDER BY CASE m.role WHEN 'admin' THEN 0 WHEN 'member' THEN 1 ELSE 2 END, u.name`,
  );
  const setRole = db.prepare('UPDATE workspace_members SET role = ? WHERE workspace_id = ? AND user_id = ?');
  const removeMember = db.prepare('DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?');
  const names = db.prepare<[number], { name: string }>(
    `SELECT w.name AS name FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = ? ORDER BY m.is_default DESC, w.name`,
  );
  const defaultFor = db.prepare<[number], WorkspaceRecord>(
    `SELECT w.* FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = ? ORDER BY m.is_default DESC, w.created_at, w.id LIMIT 1`,
  );
  const forgetMembers = () => {
    generation += 1;
    roles.clear();
  };
  const cachedRole = async (workspaceId: number, userId: number): Promise<WorkspaceRole | undefined> => {
    const member = `${workspaceId}:${userId}`;
    const cached = roles.get(member);
    if (cached) return cached;
    const before = generation;
    const role = await roleOf.get(workspaceId, userId);
    if (role === undefined) return undefined;
    // Inside a transaction the row may not be committed yet (and could be rolled back): not cached; nor when the
    // members were forgotten while the read ran (it may predate the change).
    if (!db.inTransaction() && generation === before) {
      if (roles.size >= MEMBER_CACHE_LIMIT) roles.clear();
      roles.set(member, role);
    }
    return role;
  };
  return {
    byName: async (name) => toWorkspace((await byName.get(name)) ?? (await byFormerName.get(name))),
    byId: async (id) => toWorkspace(await byId.get(id)),
    async create(name, plan, createdBy, now) {
      const uuid = randomUUID();
      const id = Number(await insert.get(uuid, name, plan, createdBy, now));
      return { id, uuid, name, plan, createdAt: now };
    },
    async rename(workspace, name) {
      await dropFormerName.run(name);
      await setName.run(name, workspace.id);
      await keepFormerName.run(workspace.name, workspace.id);
    },
    addMember: async (workspaceId, userId, role, now, isDefault = false) => {
      const added = await addMember.get(workspaceId, userId, role, now, isDefault ? 1 : 0) !== undefined;
      forgetMembers();
      return added;
    },
    roleOf: cachedRole,
    isMember: async (workspaceId, userId) => await cachedRole(workspaceId, userId) !== undefined,
    members: (workspaceId) => members.all(workspaceId),
    async setRole(workspaceId, userId, role) {
      await setRole.run(role, workspaceId, userId);
      forgetMembers();
    },
    async removeMember(workspaceId, userId) {
      await removeMember.run(workspaceId, userId);
      forgetMembers();
    },
    forgetMembers,
    namesForUser: async (userId) => (await names.all(userId)).map((row) => row.name),
    defaultForUser: async (userId) => toWorkspace(await defaultFor.get(userId)),
  };
}
