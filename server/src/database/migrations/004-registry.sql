-- The model registry: models per workspace, versions made from experiment models, stages per version.
-- A version keeps a copy of its source (experiment model id, experiment key, model name) so it still
-- describes where it came from after the experiment is purged.

CREATE TABLE registry_models (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT    NOT NULL UNIQUE,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name          TEXT    NOT NULL,
  description   TEXT    NOT NULL DEFAULT '',
  is_public     INTEGER NOT NULL DEFAULT 0,
  notes         TEXT    NOT NULL DEFAULT '',
  user_id       INTEGER REFERENCES users(id),
  created_at    INTEGER NOT NULL,
  last_updated  INTEGER NOT NULL,
  UNIQUE (workspace_id, name)
);

CREATE TABLE registry_versions (
  id                    INTEGER PRIMARY KEY,
  uuid                  TEXT    NOT NULL UNIQUE,
  registry_model_id     INTEGER NOT NULL REFERENCES registry_models(id) ON DELETE CASCADE,
  experiment_model_id   INTEGER REFERENCES experiment_models(id) ON DELETE SET NULL,
  source_model_uuid     TEXT    NOT NULL,
  source_experiment_key TEXT    NOT NULL,
  source_model_name     TEXT    NOT NULL,
  version               TEXT    NOT NULL,
  comment               TEXT    NOT NULL DEFAULT '',
  stages                TEXT    NOT NULL DEFAULT '[]',
  user_id               INTEGER REFERENCES users(id),
  created_at            INTEGER NOT NULL,
  last_updated          INTEGER NOT NULL,
  UNIQUE (registry_model_id, version)
);
CREATE INDEX registry_versions_experiment_model ON registry_versions(experiment_model_id);
