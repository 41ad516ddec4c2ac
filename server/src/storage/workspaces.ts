import { randomUUID } from 'node:crypto';
import type { Db } from './database.ts';

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
  byName(name: string): Workspace | undefined;
  byId(id: number): Workspace | undefined;
  create(name: string, plan: string | null, createdBy: number, now: number): Workspace;
  addMember(workspaceId: number, userId: number, isDefault?: boolean): void;
  isMember(workspaceId: number, userId: number): boolean;
  /** Names of the workspaces a user belongs to, default first, then by name. */
  namesForUser(userId: number): string[];
  defaultForUser(userId: number): Workspace | undefined;
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

/** Creates the workspace store over a database. */
export function createWorkspaceStore(db: Db): WorkspaceStore {
  const byName = db.prepare<[string], WorkspaceRecord>('SELECT * FROM workspaces WHERE name = ?');
  const byId = db.prepare<[number], WorkspaceRecord>('SELECT * FROM workspaces WHERE id = ?');
  const insert = db.prepare('INSERT INTO workspaces (uuid, name, plan, created_by, created_at) VALUES (?, ?, ?, ?, ?)');
  const addMember = db.prepare('INSERT OR IGNORE INTO workspace_members (workspace_id, user_id, is_default) VALUES (?, ?, ?)');
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
    byName: (name) => toWorkspace(byName.get(name)),
    byId: (id) => toWorkspace(byId.get(id)),
    create(name, plan, createdBy, now) {
      const uuid = randomUUID();
      const id = Number(insert.run(uuid, name, plan, createdBy, now).lastInsertRowid);
      return { id, uuid, name, plan, createdAt: now };
    },
    addMember: (workspaceId, userId, isDefault = false) => void addMember.run(workspaceId, userId, isDefault ? 1 : 0),
    isMember: (workspaceId, userId) => isMember.get(workspaceId, userId) !== undefined,
    namesForUser: (userId) => names.all(userId).map((row) => row.name),
    defaultForUser: (userId) => toWorkspace(defaultFor.get(userId)),
  };
}
