// Registry version rows: the record the stores hand out, and how a row becomes it.

/** A registry model version row, with the ids and names of its model. */
export interface RegistryVersion {
  id: number;
  /** The `registryModelItemId` the wire carries. */
  uuid: string;
  registryModelId: number;
  registryModelUuid: string;
  registryModelName: string;
  workspaceId: number;
  /** Row id of the source experiment model; null once its experiment was purged. */
  experimentModelRowId: number | null;
  sourceModelUuid: string;
  sourceExperimentKey: string;
  sourceModelName: string;
  version: string;
  comment: string;
  stages: string[];
  status: string;
  metadata: Record<string, unknown>;
  userName: string;
  createdAt: number;
  lastUpdated: number;
}

/** A row of the version select. */
export interface VersionRow {
  id: number;
  uuid: string;
  registry_model_id: number;
  model_uuid: string;
  model_name: string;
  workspace_id: number;
  experiment_model_id: number | null;
  source_model_uuid: string;
  source_experiment_key: string;
  source_model_name: string;
  version: string;
  comment: string;
  stages: string;
  status: string;
  metadata: string;
  user_name: string | null;
  created_at: number;
  last_updated: number;
}

/** The select of version rows with their model's ids and names (append a WHERE clause). */
export const VERSION_SELECT = `SELECT v.*, m.uuid AS model_uuid, m.name AS model_name, m.workspace_id AS workspace_id, u.name AS user_name
  FROM registry_versions v JOIN registry_models m ON m.id = v.registry_model_id LEFT JOIN users u ON u.id = v.user_id`;

/** A version row as the stores hand it out. */
export const toVersion = (row: VersionRow): RegistryVersion => ({
  id: row.id,
  uuid: row.uuid,
  registryModelId: row.registry_model_id,
  registryModelUuid: row.model_uuid,
  registryModelName: row.model_name,
  workspaceId: row.workspace_id,
  experimentModelRowId: row.experiment_model_id,
  sourceModelUuid: row.source_model_uuid,
  sourceExperimentKey: row.source_experiment_key,
  sourceModelName: row.source_model_name,
  version: row.version,
  comment: row.comment,
  stages: JSON.parse(row.stages) as string[],
  status: row.status,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  userName: row.user_name ?? '',
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
});

