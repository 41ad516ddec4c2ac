import { randomUUID } from 'node:crypto';
import type { Db } from './database.ts';

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

/** A registry model version row. */
export interface RegistryVersion {
  id: number;
  /** The `registryModelItemId` the wire carries. */
  uuid: string;
  registryModelId: number;
  /** Row id of the source experiment model; null once its experiment was purged. */
  experimentModelRowId: number | null;
  sourceModelUuid: string;
  sourceExperimentKey: string;
  sourceModelName: string;
  version: string;
  comment: string;
  stages: string[];
  userName: string;
  createdAt: number;
  lastUpdated: number;
}

/** What a new registry model is made of. */
export interface NewRegistryModel {
  workspaceId: number;
  name: string;
  description: string;
  isPublic: boolean;
  userId: number;
}

/** What a new version is made of. */
export interface NewRegistryVersion {
  registryModelId: number;
  experimentModelRowId: number;
  sourceModelUuid: string;
  sourceExperimentKey: string;
  sourceModelName: string;
  version: string;
  comment: string;
  stages: string[];
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

/** Storage of registry models and their versions. */
export interface RegistryStore {
  modelByName(workspaceId: number, name: string): RegistryModel | undefined;
  modelByUuid(uuid: string): RegistryModel | undefined;
  modelById(id: number): RegistryModel | undefined;
  listModels(workspaceId: number): RegistryModel[];
  countModels(workspaceId: number): number;
  createModel(model: NewRegistryModel, now: number): RegistryModel;
  updateModel(id: number, changes: RegistryModelChanges, now: number): void;
  setNotes(id: number, notes: string, now: number): void;
  /** Marks the model as changed (a version was added, changed or removed). */
  touchModel(id: number, now: number): void;
  deleteModel(id: number): void;
  versions(registryModelId: number): RegistryVersion[];
  versionByUuid(uuid: string): RegistryVersion | undefined;
  createVersion(version: NewRegistryVersion, now: number): RegistryVersion;
  updateVersion(id: number, changes: { comment?: string; stages?: string[] }, now: number): void;
  deleteVersion(id: number): void;
  /** The registry versions made from the given experiment models. */
  recordsOfExperimentModels(experimentModelRowIds: number[]): RegistryRecordOfModel[];
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

interface VersionRecord {
  id: number;
  uuid: string;
  registry_model_id: number;
  experiment_model_id: number | null;
  source_model_uuid: string;
  source_experiment_key: string;
  source_model_name: string;
  version: string;
  comment: string;
  stages: string;
  user_name: string | null;
  created_at: number;
  last_updated: number;
}

const MODEL_SELECT = `SELECT m.*, u.name AS user_name,
  (SELECT count(*) FROM registry_versions v WHERE v.registry_model_id = m.id) AS versions
  FROM registry_models m LEFT JOIN users u ON u.id = m.user_id`;
const VERSION_SELECT = 'SELECT v.*, u.name AS user_name FROM registry_versions v LEFT JOIN users u ON u.id = v.user_id';

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

const toVersion = (row: VersionRecord): RegistryVersion => ({
  id: row.id,
  uuid: row.uuid,
  registryModelId: row.registry_model_id,
  experimentModelRowId: row.experiment_model_id,
  sourceModelUuid: row.source_model_uuid,
  sourceExperimentKey: row.source_experiment_key,
  sourceModelName: row.source_model_name,
  version: row.version,
  comment: row.comment,
  stages: JSON.parse(row.stages) as string[],
  userName: row.user_name ?? '',
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
});

/** Creates the registry store over a database. */
export function createRegistryStore(db: Db): RegistryStore {
  const modelByName = db.prepare<[number, string], ModelRecord>(`${MODEL_SELECT} WHERE m.workspace_id = ? AND m.name = ?`);
  const modelByUuid = db.prepare<[string], ModelRecord>(`${MODEL_SELECT} WHERE m.uuid = ?`);
  const modelById = db.prepare<[number], ModelRecord>(`${MODEL_SELECT} WHERE m.id = ?`);
  const listModels = db.prepare<[number], ModelRecord>(`${MODEL_SELECT} WHERE m.workspace_id = ? ORDER BY m.name`);
  const countModels = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM registry_models WHERE workspace_id = ?');
  const insertModel = db.prepare(
    `INSERT INTO registry_models (uuid, workspace_id, name, description, is_public, user_id, created_at, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateModel = db.prepare(
    `UPDATE registry_models SET name = coalesce(?, name), description = coalesce(?, description),
     is_public = coalesce(?, is_public), last_updated = ? WHERE id = ?`,
  );
  const setNotes = db.prepare('UPDATE registry_models SET notes = ?, last_updated = ? WHERE id = ?');
  const touchModel = db.prepare('UPDATE registry_models SET last_updated = ? WHERE id = ?');
  const deleteModel = db.prepare('DELETE FROM registry_models WHERE id = ?');
  const versions = db.prepare<[number], VersionRecord>(`${VERSION_SELECT} WHERE v.registry_model_id = ? ORDER BY v.created_at, v.id`);
  const versionByUuid = db.prepare<[string], VersionRecord>(`${VERSION_SELECT} WHERE v.uuid = ?`);
  const insertVersion = db.prepare(
    `INSERT INTO registry_versions (uuid, registry_model_id, experiment_model_id, source_model_uuid, source_experiment_key,
     source_model_name, version, comment, stages, user_id, created_at, last_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateVersion = db.prepare(
    'UPDATE registry_versions SET comment = coalesce(?, comment), stages = coalesce(?, stages), last_updated = ? WHERE id = ?',
  );
  const deleteVersion = db.prepare('DELETE FROM registry_versions WHERE id = ?');
  const versionRowById = db.prepare<[number], VersionRecord>(`${VERSION_SELECT} WHERE v.id = ?`);

  const mustModel = (row: ModelRecord | undefined): RegistryModel => {
    if (!row) throw new Error('registry model row vanished');
    return toModel(row);
  };

  return {
    modelByName: (workspaceId, name) => {
      const row = modelByName.get(workspaceId, name);
      return row && toModel(row);
    },
    modelByUuid: (uuid) => {
      const row = modelByUuid.get(uuid);
      return row && toModel(row);
    },
    modelById: (id) => {
      const row = modelById.get(id);
      return row && toModel(row);
    },
    listModels: (workspaceId) => listModels.all(workspaceId).map(toModel),
    countModels: (workspaceId) => countModels.get(workspaceId)?.n ?? 0,
    createModel(model, now) {
      const info = insertModel.run(randomUUID(), model.workspaceId, model.name, model.description, model.isPublic ? 1 : 0, model.userId, now, now);
      return mustModel(modelById.get(Number(info.lastInsertRowid)));
    },
    updateModel(id, changes, now) {
      const isPublic = changes.isPublic === undefined ? null : changes.isPublic ? 1 : 0;
      updateModel.run(changes.name ?? null, changes.description ?? null, isPublic, now, id);
    },
    setNotes: (id, notes, now) => void setNotes.run(notes, now, id),
    touchModel: (id, now) => void touchModel.run(now, id),
    deleteModel: (id) => void deleteModel.run(id),
    versions: (registryModelId) => versions.all(registryModelId).map(toVersion),
    versionByUuid: (uuid) => {
      const row = versionByUuid.get(uuid);
      return row && toVersion(row);
    },
    createVersion(version, now) {
      const info = insertVersion.run(
        randomUUID(),
        version.registryModelId,
        version.experimentModelRowId,
        version.sourceModelUuid,
        version.sourceExperimentKey,
        version.sourceModelName,
        version.version,
        version.comment,
        JSON.stringify(version.stages),
        version.userId,
        now,
        now,
      );
      const row = versionRowById.get(Number(info.lastInsertRowid));
      if (!row) throw new Error('registry version row vanished');
      return toVersion(row);
    },
    updateVersion(id, changes, now) {
      updateVersion.run(changes.comment ?? null, changes.stages ? JSON.stringify(changes.stages) : null, now, id);
    },
    deleteVersion: (id) => void deleteVersion.run(id),
    recordsOfExperimentModels(ids) {
      if (ids.length === 0) return [];
      const rows = db
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
