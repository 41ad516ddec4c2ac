import { randomUUID } from 'node:crypto';
import type { RegistryActionType } from '../../../shared/api/registry-items.ts';
import type { Sql } from '../database/sql.ts';
import { sameDocument } from './json-document.ts';
import type { HistoryValue, RegistryHistoryStore } from './history-store.ts';
import { toVersion, VERSION_SELECT, type RegistryVersion, type VersionRow } from './version-rows.ts';

/** What a new version is made of (its source experiment model exists). */
export type NewRegistryVersion = Pick<
  RegistryVersion,
  'registryModelId' | 'sourceModelUuid' | 'sourceExperimentKey' | 'sourceModelName' | 'version' | 'comment' | 'stages' | 'status'
> & { experimentModelRowId: number };

/** Who makes a change (recorded in the history). */
export interface RegistryActor {
  userId: number;
  userName: string;
}

/** How a change of stages came about: one added (E25), one removed (E26), or the list replaced (E19). */
export type StageChange = 'added' | 'removed' | 'replaced';

/**
 * Versions and every change to them. Each change writes its history entry in the same transaction
 * (a savepoint inside the caller's) and none when nothing changes; each returns whether it changed anything.
 */
export interface RegistryVersionStore {
  versions(registryModelId: number): Promise<RegistryVersion[]>;
  versionByUuid(uuid: string): Promise<RegistryVersion | undefined>;
  create(version: NewRegistryVersion, actor: RegistryActor, now: number): Promise<RegistryVersion>;
  setStages(id: number, stages: string[], how: StageChange, actor: RegistryActor, now: number, comment?: string): Promise<boolean>;
  setComment(id: number, comment: string, actor: RegistryActor, now: number): Promise<boolean>;
  setStatus(id: number, status: string, actor: RegistryActor, now: number): Promise<boolean>;
  setMetadata(id: number, metadata: Record<string, unknown>, actor: RegistryActor, now: number): Promise<boolean>;
  delete(id: number, actor: RegistryActor, now: number): Promise<void>;
  /** Records the deletion of every version of a model (call before deleting the model). */
  recordModelDeleted(registryModelId: number, actor: RegistryActor, now: number): Promise<void>;
  /** The distinct status values the workspace's versions have. */
  statusesInUse(workspaceId: number): Promise<string[]>;
}

/** The whole of a version as its creation and deletion entries show it. */
const snapshot = (version: RegistryVersion): HistoryValue => ({
  version: version.version,
  status: version.status,
  stages: version.stages,
  comment: version.comment,
});

const STAGE_ACTIONS = { added: 'MODEL_VERSION_STAGE_ADDED', removed: 'MODEL_VERSION_STAGE_REMOVED', replaced: 'MODEL_VERSION_TAGS_CHANGED' } as const;

/** Creates the version store; its changes append to `history`. */
export function createRegistryVersionStore(db: Sql, history: RegistryHistoryStore): RegistryVersionStore {
  const list = db.prepare<[number], VersionRow>(`${VERSION_SELECT} WHERE v.registry_model_id = ? ORDER BY v.created_at, v.id`);
  const byUuid = db.prepare<[string], VersionRow>(`${VERSION_SELECT} WHERE v.uuid = ?`);
  const byId = db.prepare<[number], VersionRow>(`${VERSION_SELECT} WHERE v.id = ?`);
  const insert = db.prepare(
    `INSERT INTO registry_versions (uuid, registry_model_id, experiment_model_id, source_model_uuid, source_experiment_key,
     source_model_name, version, comment, stages, status, user_id, created_at, last_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const update = (column: 'stages' | 'comment' | 'status' | 'metadata') =>
    db.prepare<[string, number, number]>(`UPDATE registry_versions SET ${column} = ?, last_updated = ? WHERE id = ?`);
  const updates = { stages: update('stages'), comment: update('comment'), status: update('status'), metadata: update('metadata') };
  const touchModel = db.prepare('UPDATE registry_models SET last_updated = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM registry_versions WHERE id = ?');
  const statusesInUse = db
    .prepare<[number], string>('SELECT DISTINCT v.status FROM registry_versions v JOIN registry_models m ON m.id = v.registry_model_id WHERE m.workspace_id = ?')
    .pluck();

  const mustVersion = async (id: number): Promise<RegistryVersion> => {
    const row = await byId.get(id);
    if (!row) throw new Error(`registry version ${id} vanished`);
    return toVersion(row);
  };

  const record = (
    version: RegistryVersion,
    action: RegistryActionType,
    values: { previous: HistoryValue | null; next: HistoryValue | null; comment?: string },
    actor: RegistryActor,
    now: number,
  ) =>
    history.record({
      workspaceId: version.workspaceId,
      registryModelUuid: version.registryModelUuid,
      registryModelName: version.registryModelName,
      itemUuid: version.uuid,
      version: version.version,
      action,
      previousValue: values.previous,
      newValue: values.next,
      comment: values.comment ?? '',
      userName: actor.userName,
      createdAt: now,
    });

  /** Writes one column of a version and its history entry when the value differs (compared with `same`). */
  const change = <K extends 'stages' | 'comment' | 'status' | 'metadata'>(id: number, column: K, value: RegistryVersion[K], entry: { action: RegistryActionType; show: (value: RegistryVersion[K], after: boolean) => HistoryValue; comment?: string }, actor: RegistryActor, now: number): Promise<boolean> => db.transaction(async () => {
      const before = await mustVersion(id);
      if (sameDocument(before[column], value)) return false;
      await updates[column].run(typeof value === 'string' ? value : JSON.stringify(value), now, id);
      await touchModel.run(now, before.registryModelId);
      const values = { previous: entry.show(before[column], false), next: entry.show(value, true), comment: entry.comment };
      await record(before, entry.action, values, actor, now);
      return true;
    });

  return {
    versions: async (registryModelId) => (await list.all(registryModelId)).map(toVersion),
    versionByUuid: async (uuid) => {
      const row = await byUuid.get(uuid);
      return row && toVersion(row);
    },
    create: (version: NewRegistryVersion, actor: RegistryActor, now: number) => db.transaction(async () => {
      const { registryModelId: modelId, experimentModelRowId: source, sourceModelUuid, sourceExperimentKey, sourceModelName } = version;
      const stages = JSON.stringify(version.stages);
      const values = [version.version, version.comment, stages, version.status, actor.userId, now, now] as const;
      const info = await insert.get(randomUUID(), modelId, source, sourceModelUuid, sourceExperimentKey, sourceModelName, ...values);
      await touchModel.run(now, modelId);
      const created = await mustVersion(Number(info));
      await record(created, 'MODEL_VERSION_CREATED', { previous: null, next: snapshot(created), comment: created.comment }, actor, now);
      return created;
    }),
    setStages: (id, stages, how, actor, now, comment) =>
      change(id, 'stages', stages, { action: STAGE_ACTIONS[how], show: (value) => ({ stages: value }), comment }, actor, now),
    setComment: (id, comment, actor, now) =>
      change(id, 'comment', comment, { action: 'MODEL_VERSION_COMMENT_CHANGED', show: (value) => ({ comment: value }), comment }, actor, now),
    setStatus: (id, status, actor, now) =>
      change(id, 'status', status, { action: 'MODEL_VERSION_STATUS_CHANGED', show: (value, after) => ({ registryModelStatus: value, ...(after ? { changedBy: actor.userName } : {}) }) }, actor, now),
    setMetadata: (id, metadata, actor, now) =>
      change(id, 'metadata', metadata, { action: 'MODEL_VERSION_METADATA_CHANGED', show: (value) => ({ metadata: value }) }, actor, now),
    delete: (id: number, actor: RegistryActor, now: number) => db.transaction(async () => {
      const version = await mustVersion(id);
      await record(version, 'MODEL_VERSION_DELETED', { previous: snapshot(version), next: null }, actor, now);
      await remove.run(id);
      await touchModel.run(now, version.registryModelId);
    }),
    recordModelDeleted: (registryModelId: number, actor: RegistryActor, now: number) => db.transaction(async () => {
      for (const row of await list.all(registryModelId)) {
        const version = toVersion(row);
        await record(version, 'MODEL_VERSION_DELETED', { previous: snapshot(version), next: null, comment: 'The registry model was deleted.' }, actor, now);
      }
    }),
    statusesInUse: (workspaceId) => statusesInUse.all(workspaceId),
  };
}
