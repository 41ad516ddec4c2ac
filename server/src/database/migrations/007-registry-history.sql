-- The registry's current model: a status per version (from a per-workspace list of allowed values),
-- a metadata document per version, and the history of every change to a version.

ALTER TABLE registry_versions ADD COLUMN status TEXT NOT NULL DEFAULT 'None';
ALTER TABLE registry_versions ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}';

-- A workspace's allowed status values, in order (the first is what new versions get). A workspace
-- without rows uses the default list None, Development, Staging, Production.
CREATE TABLE registry_status_values (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,
  value         TEXT    NOT NULL,
  PRIMARY KEY (workspace_id, position),
  UNIQUE (workspace_id, value)
);

-- One row per effective change to a version, written in the transaction of the change. Rows keep
-- copies of the names and ids they show, so a version's history outlives the version (and its model).
CREATE TABLE registry_history (
  id                   INTEGER PRIMARY KEY,
  workspace_id         INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  registry_model_uuid  TEXT    NOT NULL,
  registry_model_name  TEXT    NOT NULL,
  item_uuid            TEXT    NOT NULL,
  version              TEXT    NOT NULL,
  action               TEXT    NOT NULL,
  previous_value       TEXT,
  new_value            TEXT,
  comment              TEXT    NOT NULL DEFAULT '',
  user_name            TEXT    NOT NULL,
  created_at           INTEGER NOT NULL
);
CREATE INDEX registry_history_item ON registry_history(item_uuid, id);

-- Versions made before this migration get their creation entry.
INSERT INTO registry_history (workspace_id, registry_model_uuid, registry_model_name, item_uuid, version, action,
  previous_value, new_value, comment, user_name, created_at)
SELECT m.workspace_id, m.uuid, m.name, v.uuid, v.version, 'MODEL_VERSION_CREATED', NULL,
  json_object('version', v.version, 'status', v.status, 'stages', json(v.stages), 'comment', v.comment),
  v.comment, coalesce(u.name, ''), v.created_at
FROM registry_versions v JOIN registry_models m ON m.id = v.registry_model_id LEFT JOIN users u ON u.id = v.user_id
ORDER BY v.created_at, v.id;
