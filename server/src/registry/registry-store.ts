import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';
import type { RegistryHistoryStore } from './history-store.ts';
import { createRegistryVersionStore, type RegistryActor, type RegistryVersionStore } from './version-store.ts';

/** A registry model row with its owner's name and number of versions. */
export interface RegistryModel {
  id: number;
  /** The `registryModelId` the wire carries. */
  uuid: string;
  workspaceId: number;
  name: string;
  description: string;
  isPublic: boolean;
  notes: string;
  userName: string;
  createdAt: number;
  lastUpdated: number;
  numberOfVersions: number;
}

/** What a new registry model is made of. */
export interface NewRegistryModel {
  workspaceId: number;
  name: string;
  description: string;
  isPublic: boolean;
  userId: number;
}

/** The changes E21 may make. */
export interface RegistryModelChanges {
  name?: string;
  description?: string;
  isPublic?: boolean;
}

/** A registry version made from an experiment model (for the experiment model read). */
export interface RegistryRecordOfModel {
  experimentModelRowId: number;
  registryModelId: string;
  registryModelItemId: string;
  registryModelName: string;
  version: string;
  createdAt: number;
}

/** Storage of registry models; their versions are in `RegistryVersionStore`. */
export interface RegistryModelStore {
  modelByName(workspaceId: number, name: string): Promise<RegistryModel | undefined>;
  modelByUuid(uuid: string): Promise<RegistryModel | undefined>;
  modelById(id: number): Promise<RegistryModel | undefined>;
  listModels(workspaceId: number): Promise<RegistryModel[]>;
  countModels(workspaceId: number): Promise<number>;
  createModel(model: NewRegistryModel, now: number): Promise<RegistryModel>;
  updateModel(id: number, changes: RegistryModelChanges, now: number): Promise<void>;
  setNotes(id: number, notes: string, now: number): Promise<void>;
  /** Deletes a model and its versions, recording each version's deletion in the history. */
  deleteModel(id: number, actor: RegistryActor, now: number): Promise<void>;
  /** The registry versions made from the given experiment models. */
  recordsOfExperimentModels(experimentModelRowIds: number[]): Promise<RegistryRecordOfModel[]>;
}

interface ModelRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  name: string;
  description: string;
  is_public: number;
  notes: string;
  user_name: string | null;
  created_at: number;
  last_updated: number;
  versions: number;
}

const MODEL_SELECT = `SELECT m.*, u.name AS user_name,
  (SELECT count(*) FROM registry_versions v WHERE v.registry_model_id = m.id) AS versions
  FROM registry_models m LEFT JOIN users u ON u.id = m.user_id`;

const toModel = (row: ModelRecord): RegistryModel => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  name: row.name,
  description: row.description,
  isPublic: row.is_public === 1,
  notes: row.notes,
  userName: row.user_name ?? '',
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
  numberOfVersions: row.versions,
});

/** Storage of the registry: models, their versions (whose changes are recorded in the history). */
export type RegistryStore = RegistryModelStore & RegistryVersionStore;

/** Creates the registry store over a database; version changes append to `history`. */
export function createRegistryStore(db: Sql, history: RegistryHistoryStore): RegistryStore {
  const versions = createRegistryVersionStore(db, history);
  const modelByName = db.prepare<[number, string], ModelRecord>(`${MODEL_SELECT} WHERE m.workspace_id = ? AND m.name = ?`);
  const modelByUuid = db.prepare<[string], ModelRecord>(`${MODEL_SELECT} WHERE m.uuid = ?`);
  const modelById = db.prepare<[number], ModelRecord>(`${MODEL_SELECT} WHERE m.id = ?`);
  const listModels = db.prepare<[number], ModelRecord>(`${MODEL_SELECT} WHERE m.workspace_id = ? ORDER BY m.name`);
  const countModels = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM registry_models WHERE workspace_id = ?');
  const insertModel = db.prepare(
    `INSERT INTO registry_models (uuid, workspace_id, name, description, is_public, user_id, created_at, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const updateModel = db.prepare(
    `UPDATE registry_models SET name = coalesce(?, name), description = coalesce(?, description),
     is_public = coalesce(?, is_public), last_updated = ? WHERE id = ?`,
  );
  const setNotes = db.prepare('UPDATE registry_models SET notes = ?, last_updated = ? WHERE id = ?');
  const deleteModel = db.prepare('DELETE FROM registry_models WHERE id = ?');
  const mustModel = (row: ModelRecord | undefined): RegistryModel => {
    if (!row) throw new Error('registry model row vanished');
    return toModel(row);
  };

  return {
    ...versions,
    modelByName: async (workspaceId, name) => {
      const row = await modelByName.get(workspaceId, name);
      return row && toModel(row);
    },
    modelByUuid: async (uuid) => {
      const row = await modelByUuid.get(uuid);
      return row && toModel(row);
    },
    modelById: async (id) => {
      const row = await modelById.get(id);
      return row && toModel(row);
    },
    listModels: async (workspaceId) => (await listModels.all(workspaceId)).map(toModel),
    countModels: async (workspaceId) => (await countModels.get(workspaceId))?.n ?? 0,
    async createModel(model, now) {
      const info = await insertModel.get(randomUUID(), model.workspaceId, model.name, model.description, model.isPublic ? 1 : 0, model.userId, now, now);
      return mustModel(await modelById.get(Number(info)));
    },
    async updateModel(id, changes, now) {
      const isPublic = changes.isPublic === undefined ? null : changes.isPublic ? 1 : 0;
      await updateModel.run(changes.name ?? null, changes.description ?? null, isPublic, now, id);
    },
    setNotes: async (id, notes, now) => {
      await setNotes.run(notes, now, id);
    },
    deleteModel: (id: number, actor: RegistryActor, now: number) => db.transaction(async () => {
      await versions.recordModelDeleted(id, actor, now);
      await deleteModel.run(id);
    }),
    async recordsOfExperimentModels(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .prepare<number[], RegistryRecordOfModel>(
          `SELECT v.experiment_model_id AS experimentModelRowId, m.uuid AS registryModelId, v.uuid AS registryModelItemId,
           m.name AS registryModelName, v.version AS version, v.created_at AS createdAt
           FROM registry_versions v JOIN registry_models m ON m.id = v.registry_model_id
           WHERE v.experiment_model_id IN (${ids.map(() => '?').join(',')}) ORDER BY v.created_at, v.id`,
        )
        .all(...ids);
      return rows;
    },
  };
}
