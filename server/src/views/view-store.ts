import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** A saved analysis view as stored: its state is JSON text. */
export interface StoredView {
  id: number;
  uuid: string;
  projectRowId: number;
  name: string;
  state: string;
  version: number;
  createdBy: string;
  createdAt: number;
  updatedBy: string;
  updatedAt: number;
}

/** Storage of a project's named analysis views. */
export interface ViewStore {
  byUuid(uuid: string): Promise<StoredView | undefined>;
  byName(projectRowId: number, name: string): Promise<StoredView | undefined>;
  /** A project's views by name. */
  list(projectRowId: number): Promise<StoredView[]>;
  create(projectRowId: number, name: string, state: string, by: string, now: number): Promise<StoredView>;
  /** Replaces the state of the view if it is still at `version`: false when someone changed it since. */
  update(id: number, version: number, state: string, by: string, now: number): Promise<boolean>;
  rename(id: number, name: string, by: string, now: number): Promise<void>;
  delete(id: number): Promise<void>;
}

const COLUMNS = `id, uuid, project_id AS "projectRowId", name, state, version, created_by AS "createdBy", created_at AS "createdAt", updated_by AS "updatedBy", updated_at AS "updatedAt"`;

/** Creates the view storage over a database. */
export function createViewStore(db: Sql): ViewStore {
  const byUuid = db.prepare<[string], StoredView>(`SELECT ${COLUMNS} FROM analysis_views WHERE uuid = ?`);
  const byName = db.prepare<[number, string], StoredView>(`SELECT ${COLUMNS} FROM analysis_views WHERE project_id = ? AND name = ?`);
  const list = db.prepare<[number], StoredView>(`SELECT ${COLUMNS} FROM analysis_views WHERE project_id = ? ORDER BY name, id`);
  const insert = db.prepare(
    'INSERT INTO analysis_views (uuid, project_id, name, state, version, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE analysis_views SET state = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ?');
  const rename = db.prepare('UPDATE analysis_views SET name = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM analysis_views WHERE id = ?');
  return {
    byUuid: (uuid) => byUuid.get(uuid),
    byName: (projectRowId, name) => byName.get(projectRowId, name),
    list: (projectRowId) => list.all(projectRowId),
    async create(projectRowId, name, state, by, now) {
      const uuid = randomUUID();
      await insert.run(uuid, projectRowId, name, state, by, now, by, now);
      const made = await byUuid.get(uuid);
      if (!made) throw new Error(`analysis view ${uuid} vanished after insert`);
      return made;
    },
    update: async (id, version, state, by, now) => (await update.run(state, by, now, id, version)).changes === 1,
    async rename(id, name, by, now) {
      await rename.run(name, by, now, id);
    },
    async delete(id) {
      await remove.run(id);
    },
  };
}
