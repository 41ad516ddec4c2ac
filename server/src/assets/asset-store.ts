import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** An asset row with its tags. */
export interface StoredAsset {
  id: number;
  /** The `assetId` the wire carries. */
  uuid: string;
  experimentId: number;
  fileName: string;
  fileSize: number;
  type: string;
  contentType: string;
  context: string | null;
  step: number | null;
  epoch: number | null;
  metadata: string | null;
  /** Blob name of uploaded bytes; null for a remote asset. */
  blob: string | null;
  /** The address of a remote asset; null for uploaded bytes. */
  remoteLink: string | null;
  experimentModelRowId: number | null;
  groupingName: string | null;
  artifactVersionId: string | null;
  createdAt: number;
  tags: string[];
}

/** What a new asset is made of (the row id and tags are assigned; the uuid too unless the client chose one). */
export type NewAsset = Omit<StoredAsset, 'id' | 'uuid' | 'tags' | 'groupingName'> & { uuid?: string };

/** Storage of assets and their tags. */
export interface AssetStore {
  insert(asset: NewAsset): Promise<StoredAsset>;
  byUuid(experimentId: number, uuid: string): Promise<StoredAsset | undefined>;
  /** The asset with this uuid in any experiment (client-chosen ids must not collide across experiments). */
  byUuidAnywhere(uuid: string): Promise<StoredAsset | undefined>;
  /** The experiment's assets named exactly `fileName`, oldest first; `type` narrows to one asset type. */
  listNamed(experimentId: number, fileName: string, type?: string): Promise<StoredAsset[]>;
  /** The files of an artifact version (assets uploaded with its artifactVersionId), oldest first. */
  listOfArtifactVersion(artifactVersionId: string): Promise<StoredAsset[]>;
  /** An experiment's assets, oldest first; `type` narrows to one asset type. */
  list(experimentId: number, type?: string): Promise<StoredAsset[]>;
  /** The assets belonging to experiment models (for registry versions). */
  listOfModels(experimentModelRowIds: number[]): Promise<StoredAsset[]>;
  /** The artifact versions that the experiment's assets named `fileName` belong to (what an overwrite would change). */
  artifactVersionsNamed(experimentId: number, fileName: string): Promise<string[]>;
  /** Deletes the experiment's assets named `fileName` (overwrite); returns how many. */
  deleteByName(experimentId: number, fileName: string): Promise<number>;
  delete(id: number): Promise<void>;
  addTags(id: number, tags: string[]): Promise<void>;
  removeTag(id: number, tag: string): Promise<void>;
}

interface AssetRecord {
  id: number;
  uuid: string;
  experiment_id: number;
  file_name: string;
  file_size: number;
  type: string;
  content_type: string;
  context: string | null;
  step: number | null;
  epoch: number | null;
  metadata: string | null;
  blob: string | null;
  remote_link: string | null;
  experiment_model_id: number | null;
  grouping_name: string | null;
  artifact_version_id: string | null;
  created_at: number;
  tags: string | null;
}

const SELECT = `SELECT a.*, m.name AS grouping_name,
  (SELECT json_group_array(t.tag) FROM (SELECT tag FROM asset_tags WHERE asset_id = a.id ORDER BY tag) t) AS tags
  FROM assets a LEFT JOIN experiment_models m ON m.id = a.experiment_model_id`;

const toAsset = (row: AssetRecord): StoredAsset => ({
  id: row.id,
  uuid: row.uuid,
  experimentId: row.experiment_id,
  fileName: row.file_name,
  fileSize: row.file_size,
  type: row.type,
  contentType: row.content_type,
  context: row.context,
  step: row.step,
  epoch: row.epoch,
  metadata: row.metadata,
  blob: row.blob,
  remoteLink: row.remote_link,
  experimentModelRowId: row.experiment_model_id,
  groupingName: row.grouping_name,
  artifactVersionId: row.artifact_version_id,
  createdAt: row.created_at,
  tags: row.tags ? (JSON.parse(row.tags) as string[]) : [],
});

/** Creates the asset store over a database. */
export function createAssetStore(db: Sql): AssetStore {
  const insert = db.prepare(
    `INSERT INTO assets (uuid, experiment_id, file_name, file_size, type, content_type, context, step, epoch, metadata,
     blob, remote_link, experiment_model_id, artifact_version_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const byRowId = db.prepare<[number], AssetRecord>(`${SELECT} WHERE a.id = ?`);
  const byUuid = db.prepare<[number, string], AssetRecord>(`${SELECT} WHERE a.experiment_id = ? AND a.uuid = ?`);
  const byUuidAnywhere = db.prepare<[string], AssetRecord>(`${SELECT} WHERE a.uuid = ?`);
  const named = db.prepare<[number, string], AssetRecord>(`${SELECT} WHERE a.experiment_id = ? AND a.file_name = ? ORDER BY a.created_at, a.id`);
  const namedOfType = db.prepare<[number, string, string], AssetRecord>(
    `${SELECT} WHERE a.experiment_id = ? AND a.file_name = ? AND a.type = ? ORDER BY a.created_at, a.id`,
  );
  const ofArtifactVersion = db.prepare<[string], AssetRecord>(`${SELECT} WHERE a.artifact_version_id = ? ORDER BY a.created_at, a.id`);
  const listAll = db.prepare<[number], AssetRecord>(`${SELECT} WHERE a.experiment_id = ? ORDER BY a.created_at, a.id`);
  const listType = db.prepare<[number, string], AssetRecord>(`${SELECT} WHERE a.experiment_id = ? AND a.type = ? ORDER BY a.created_at, a.id`);
  const versionsNamed = db
    .prepare<[number, string], string>('SELECT DISTINCT artifact_version_id FROM assets WHERE experiment_id = ? AND file_name = ? AND artifact_version_id IS NOT NULL')
    .pluck();
  const deleteByName = db.prepare('DELETE FROM assets WHERE experiment_id = ? AND file_name = ?');
  const deleteOne = db.prepare('DELETE FROM assets WHERE id = ?');
  const addTag = db.prepare('INSERT INTO asset_tags (asset_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const removeTag = db.prepare('DELETE FROM asset_tags WHERE asset_id = ? AND tag = ?');
  const addTags = (id: number, tags: string[]) => db.transaction(async () => {
    for (const tag of tags) await addTag.run(id, tag);
  });

  return {
    async insert(asset) {
      const info = await insert.get(
        asset.uuid ?? randomUUID(),
        asset.experimentId,
        asset.fileName,
        asset.fileSize,
        asset.type,
        asset.contentType,
        asset.context,
        asset.step,
        asset.epoch,
        asset.metadata,
        asset.blob,
        asset.remoteLink,
        asset.experimentModelRowId,
        asset.artifactVersionId,
        asset.createdAt,
      );
      const row = await byRowId.get(Number(info));
      if (!row) throw new Error('asset row vanished');
      return toAsset(row);
    },
    byUuid: async (experimentId, uuid) => {
      const row = await byUuid.get(experimentId, uuid);
      return row && toAsset(row);
    },
    byUuidAnywhere: async (uuid) => {
      const row = await byUuidAnywhere.get(uuid);
      return row && toAsset(row);
    },
    listNamed: async (experimentId, fileName, type) =>
      (type === undefined ? await named.all(experimentId, fileName) : await namedOfType.all(experimentId, fileName, type)).map(toAsset),
    listOfArtifactVersion: async (artifactVersionId) => (await ofArtifactVersion.all(artifactVersionId)).map(toAsset),
    list: async (experimentId, type) => (type === undefined ? await listAll.all(experimentId) : await listType.all(experimentId, type)).map(toAsset),
    async listOfModels(ids) {
      if (ids.length === 0) return [];
      return (await db
        .prepare<number[], AssetRecord>(`${SELECT} WHERE a.experiment_model_id IN (${ids.map(() => '?').join(',')}) ORDER BY a.created_at, a.id`)
        .all(...ids))
        .map(toAsset);
    },
    artifactVersionsNamed: (experimentId, fileName) => versionsNamed.all(experimentId, fileName),
    deleteByName: async (experimentId, fileName) => (await deleteByName.run(experimentId, fileName)).changes,
    delete: async (id) => {
      await deleteOne.run(id);
    },
    addTags: (id, tags) => addTags(id, tags),
    removeTag: async (id, tag) => {
      await removeTag.run(id, tag);
    },
  };
}
