import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** An artifact version's state: OPEN on creation, then CLOSED or ERROR for good. */
export type ArtifactState = 'OPEN' | 'CLOSED' | 'ERROR';

/** An artifact row. */
export interface Artifact {
  id: number;
  /** The `artifactId` the wire carries. */
  uuid: string;
  workspaceId: number;
  name: string;
  artifactType: string;
  isPublic: boolean;
  /** The artifact's own tags (its versions have theirs). */
  tags: string[];
  createdAt: number;
  lastUpdated: number;
}

/** An artifact version row. */
export interface ArtifactVersion {
  id: number;
  /** The `artifactVersionId` the wire carries. */
  uuid: string;
  artifactId: number;
  version: string;
  state: ArtifactState;
  experimentKey: string;
  metadata: string | null;
  alias: string[];
  tags: string[];
  isPublic: boolean;
  owner: string;
  createdAt: number;
  lastUpdated: number;
}

/** What a version is created with. */
export interface VersionFields {
  experimentKey: string;
  metadata: string | null;
  alias: string[];
  tags: string[];
  isPublic: boolean;
}

/** Storage of artifacts and their versions. */
export interface ArtifactStore {
  byName(workspaceId: number, name: string): Promise<Artifact | undefined>;
  byUuid(uuid: string): Promise<Artifact | undefined>;
  byId(id: number): Promise<Artifact | undefined>;
  list(workspaceId: number): Promise<Artifact[]>;
  create(artifact: { workspaceId: number; name: string; artifactType: string; isPublic: boolean }, now: number): Promise<Artifact>;
  touch(id: number, now: number): Promise<void>;
  versions(artifactId: number): Promise<ArtifactVersion[]>;
  versionByUuid(uuid: string): Promise<ArtifactVersion | undefined>;
  createVersion(artifactId: number, version: string, fields: VersionFields, userId: number, now: number): Promise<ArtifactVersion>;
  setState(id: number, state: ArtifactState, isPublic: boolean, now: number): Promise<void>;
  /** Sets the artifact's type and/or tags (undefined: unchanged). */
  setDetails(id: number, details: { artifactType?: string; tags?: string[] }, now: number): Promise<void>;
  /** Sets a version's aliases, tags and/or metadata (undefined: unchanged). */
  setLabels(id: number, labels: { alias?: string[]; tags?: string[]; metadata?: string }, now: number): Promise<void>;
  /** Takes aliases away from the artifact's other versions (an alias names one version). */
  removeAliases(artifactId: number, exceptVersionId: number, aliases: string[], now: number): Promise<void>;
}

interface ArtifactRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  name: string;
  artifact_type: string;
  is_public: number;
  tags: string;
  created_at: number;
  last_updated: number;
}

interface VersionRecord {
  id: number;
  uuid: string;
  artifact_id: number;
  version: string;
  state: ArtifactState;
  experiment_key: string;
  metadata: string | null;
  alias: string;
  tags: string;
  is_public: number;
  owner: string | null;
  created_at: number;
  last_updated: number;
}

const toArtifact = (row: ArtifactRecord): Artifact => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  name: row.name,
  artifactType: row.artifact_type,
  isPublic: row.is_public === 1,
  tags: JSON.parse(row.tags) as string[],
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
});

const toVersion = (row: VersionRecord): ArtifactVersion => ({
  id: row.id,
  uuid: row.uuid,
  artifactId: row.artifact_id,
  version: row.version,
  state: row.state,
  experimentKey: row.experiment_key,
  metadata: row.metadata,
  alias: JSON.parse(row.alias) as string[],
  tags: JSON.parse(row.tags) as string[],
  isPublic: row.is_public === 1,
  owner: row.owner ?? '',
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
});

const VERSION_SELECT = 'SELECT v.*, u.name AS owner FROM artifact_versions v LEFT JOIN users u ON u.id = v.user_id';

/** Creates the artifact store over a database. */
export function createArtifactStore(db: Sql): ArtifactStore {
  const byName = db.prepare<[number, string], ArtifactRecord>('SELECT * FROM artifacts WHERE workspace_id = ? AND name = ?');
  const byUuid = db.prepare<[string], ArtifactRecord>('SELECT * FROM artifacts WHERE uuid = ?');
  const byId = db.prepare<[number], ArtifactRecord>('SELECT * FROM artifacts WHERE id = ?');
  const list = db.prepare<[number], ArtifactRecord>('SELECT * FROM artifacts WHERE workspace_id = ? ORDER BY name');
  const insert = db.prepare(
    'INSERT INTO artifacts (uuid, workspace_id, name, artifact_type, is_public, created_at, last_updated) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  ).pluck();
  const touch = db.prepare('UPDATE artifacts SET last_updated = ? WHERE id = ?');
  const versions = db.prepare<[number], VersionRecord>(`${VERSION_SELECT} WHERE v.artifact_id = ? ORDER BY v.created_at, v.id`);
  const versionByUuid = db.prepare<[string], VersionRecord>(`${VERSION_SELECT} WHERE v.uuid = ?`);
  const versionById = db.prepare<[number], VersionRecord>(`${VERSION_SELECT} WHERE v.id = ?`);
  const insertVersion = db.prepare(
    `INSERT INTO artifact_versions (uuid, artifact_id, version, experiment_key, metadata, alias, tags, is_public, user_id, created_at, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const setState = db.prepare('UPDATE artifact_versions SET state = ?, is_public = ?, last_updated = ? WHERE id = ?');
  const setAlias = db.prepare('UPDATE artifact_versions SET alias = ?, last_updated = ? WHERE id = ?');
  const setDetails = db.prepare(
    'UPDATE artifacts SET artifact_type = coalesce(?, artifact_type), tags = coalesce(?, tags), last_updated = ? WHERE id = ?',
  );
  const setLabels = db.prepare(
    'UPDATE artifact_versions SET alias = coalesce(?, alias), tags = coalesce(?, tags), metadata = coalesce(?, metadata), last_updated = ? WHERE id = ?',
  );
  const jsonOrNull = (value: string[] | undefined) => (value === undefined ? null : JSON.stringify(value));
  const one = <R, T>(row: R | undefined, map: (row: R) => T): T | undefined => (row === undefined ? undefined : map(row));

  return {
    byName: async (workspaceId, name) => one(await byName.get(workspaceId, name), toArtifact),
    byUuid: async (uuid) => one(await byUuid.get(uuid), toArtifact),
    byId: async (id) => one(await byId.get(id), toArtifact),
    list: async (workspaceId) => (await list.all(workspaceId)).map(toArtifact),
    async create(artifact, now) {
      const uuid = randomUUID();
      const id = Number(await insert.get(uuid, artifact.workspaceId, artifact.name, artifact.artifactType, artifact.isPublic ? 1 : 0, now, now));
      return { id, uuid, ...artifact, tags: [], createdAt: now, lastUpdated: now };
    },
    touch: async (id, now) => {
      await touch.run(now, id);
    },
    versions: async (artifactId) => (await versions.all(artifactId)).map(toVersion),
    versionByUuid: async (uuid) => one(await versionByUuid.get(uuid), toVersion),
    async createVersion(artifactId, version, fields, userId, now) {
      const info = await insertVersion.get(
        randomUUID(),
        artifactId,
        version,
        fields.experimentKey,
        fields.metadata,
        JSON.stringify(fields.alias),
        JSON.stringify(fields.tags),
        fields.isPublic ? 1 : 0,
        userId,
        now,
        now,
      );
      const created = one(await versionById.get(Number(info)), toVersion);
      if (!created) throw new Error('artifact version row vanished');
      return created;
    },
    setState: async (id, state, isPublic, now) => {
      await setState.run(state, isPublic ? 1 : 0, now, id);
    },
    setDetails: async (id, details, now) => {
      await setDetails.run(details.artifactType ?? null, jsonOrNull(details.tags), now, id);
    },
    setLabels: async (id, labels, now) => {
      await setLabels.run(jsonOrNull(labels.alias), jsonOrNull(labels.tags), labels.metadata ?? null, now, id);
    },
    async removeAliases(artifactId, exceptVersionId, aliases, now) {
      for (const version of (await versions.all(artifactId)).map(toVersion)) {
        if (version.id === exceptVersionId) continue;
        const kept = version.alias.filter((alias) => !aliases.includes(alias));
        if (kept.length !== version.alias.length) await setAlias.run(JSON.stringify(kept), now, version.id);
      }
    },
  };
}
