import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** A project with its workspace's name and the counts the reads need. */
export interface Project {
  id: number;
  /** The `projectId` the wire carries. */
  uuid: string;
  workspaceId: number;
  workspaceName: string;
  name: string;
  description: string;
  isPublic: boolean;
  notes: string;
  ownerUserName: string | null;
  createdAt: number;
  lastUpdated: number;
  deletedAt: number | null;
  /** Experiments listed in it (home or symlinked), not in the trash. */
  numberOfExperiments: number;
}

/** What a new project is made of. */
export interface NewProject {
  workspaceId: number;
  name: string;
  description: string;
  isPublic: boolean;
  ownerUserId: number | null;
}

/** The changes E13 may make. */
export interface ProjectChanges {
  name?: string;
  description?: string;
  isPublic?: boolean;
}

/** Storage of projects, their notes and share links. */
export interface ProjectStore {
  /** A live project by its wire id. */
  byUuid(uuid: string): Promise<Project | undefined>;
  /** Any project by row id, deleted ones included. */
  byId(id: number): Promise<Project | undefined>;
  /** A live project by name. */
  byName(workspaceId: number, name: string): Promise<Project | undefined>;
  listLive(workspaceId: number): Promise<Project[]>;
  create(project: NewProject, now: number): Promise<Project>;
  update(id: number, changes: ProjectChanges, now: number): Promise<void>;
  setNotes(id: number, notes: string, now: number): Promise<void>;
  touch(id: number, now: number): Promise<void>;
  markDeleted(id: number, now: number): Promise<void>;
  shareCodes(id: number): Promise<string[]>;
  addShareCode(id: number, code: string, now: number): Promise<void>;
  deleteShareCode(id: number, code: string): Promise<void>;
}

interface ProjectRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  workspace_name: string;
  name: string;
  description: string;
  is_public: number;
  notes: string;
  owner_user_name: string | null;
  created_at: number;
  last_updated: number;
  deleted_at: number | null;
  number_of_experiments: number;
}

const SELECT = `SELECT p.*, w.name AS workspace_name, u.name AS owner_user_name,
  (SELECT count(*) FROM experiments e WHERE e.project_id = p.id AND e.deleted_at IS NULL)
  + (SELECT count(*) FROM experiment_links l JOIN experiments e ON e.id = l.experiment_id
     WHERE l.project_id = p.id AND e.deleted_at IS NULL) AS number_of_experiments
  FROM projects p JOIN workspaces w ON w.id = p.workspace_id LEFT JOIN users u ON u.id = p.owner_user_id`;

const toProject = (row: ProjectRecord | undefined): Project | undefined =>
  row && {
    id: row.id,
    uuid: row.uuid,
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    notes: row.notes,
    ownerUserName: row.owner_user_name,
    createdAt: row.created_at,
    lastUpdated: row.last_updated,
    deletedAt: row.deleted_at,
    numberOfExperiments: row.number_of_experiments,
  };

/** Creates the project store over a database; `renamedOrDeleted` runs when a project's name or existence changes. */
export function createProjectStore(db: Sql, renamedOrDeleted: () => void = () => undefined): ProjectStore {
  const byUuid = db.prepare<[string], ProjectRecord>(`${SELECT} WHERE p.uuid = ? AND p.deleted_at IS NULL`);
  const byId = db.prepare<[number], ProjectRecord>(`${SELECT} WHERE p.id = ?`);
  const byName = db.prepare<[number, string], ProjectRecord>(`${SELECT} WHERE p.workspace_id = ? AND p.name = ? AND p.deleted_at IS NULL`);
  const list = db.prepare<[number], ProjectRecord>(`${SELECT} WHERE p.workspace_id = ? AND p.deleted_at IS NULL ORDER BY p.name`);
  const insert = db.prepare(
    `INSERT INTO projects (uuid, workspace_id, name, description, is_public, owner_user_id, created_at, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const update = db.prepare(
    `UPDATE projects SET name = coalesce(?, name), description = coalesce(?, description),
     is_public = coalesce(?, is_public), last_updated = ? WHERE id = ?`,
  );
  const setNotes = db.prepare('UPDATE projects SET notes = ?, last_updated = ? WHERE id = ?');
  const touch = db.prepare('UPDATE projects SET last_updated = max(last_updated, ?) WHERE id = ?');
  const markDeleted = db.prepare('UPDATE projects SET deleted_at = ?, last_updated = ? WHERE id = ?');
  const shareCodes = db.prepare<[number], { share_code: string }>(
    'SELECT share_code FROM project_share_links WHERE project_id = ? ORDER BY created_at, share_code',
  );
  const addShare = db.prepare('INSERT INTO project_share_links (project_id, share_code, created_at) VALUES (?, ?, ?)');
  const deleteShare = db.prepare('DELETE FROM project_share_links WHERE project_id = ? AND share_code = ?');
  const bool = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
  return {
    byUuid: async (uuid) => toProject(await byUuid.get(uuid)),
    byId: async (id) => toProject(await byId.get(id)),
    byName: async (workspaceId, name) => toProject(await byName.get(workspaceId, name)),
    listLive: async (workspaceId) => (await list.all(workspaceId)).map((row) => toProject(row) as Project),
    async create(project, now) {
      const uuid = randomUUID().replaceAll('-', '');
      const { workspaceId, name, description, isPublic, ownerUserId } = project;
      const id = Number(await insert.get(uuid, workspaceId, name, description, isPublic ? 1 : 0, ownerUserId, now, now));
      return toProject(await byId.get(id)) as Project;
    },
    async update(id, changes, now) {
      if (changes.name !== undefined) renamedOrDeleted();
      await update.run(changes.name ?? null, changes.description ?? null, bool(changes.isPublic), now, id);
    },
    setNotes: async (id, notes, now) => {
      await setNotes.run(notes, now, id);
    },
    touch: async (id, now) => {
      await touch.run(now, id);
    },
    async markDeleted(id, now) {
      renamedOrDeleted();
      await markDeleted.run(now, now, id);
    },
    shareCodes: async (id) => (await shareCodes.all(id)).map((row) => row.share_code),
    addShareCode: async (id, code, now) => {
      await addShare.run(id, code, now);
    },
    deleteShareCode: async (id, code) => {
      await deleteShare.run(id, code);
    },
  };
}
