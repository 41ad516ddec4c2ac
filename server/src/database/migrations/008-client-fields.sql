-- What the hosted service's clients read and write beyond write-api.md (clients.md Part A):
-- the crash flag and last error of an experiment (update-status), its declared dependencies,
-- artifact-level tags, and which experiments consumed an artifact version (input lineage).

ALTER TABLE experiments ADD COLUMN has_crashed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE experiments ADD COLUMN last_error TEXT;

-- One row per (experiment, package name): a later PUT of the same name replaces its version.
CREATE TABLE experiment_dependencies (
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  name           TEXT    NOT NULL,
  version        TEXT    NOT NULL,
  timestamp      INTEGER NOT NULL,
  PRIMARY KEY (experiment_id, name)
) WITHOUT ROWID;

ALTER TABLE artifacts ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';

-- An experiment that fetched an artifact version (artifacts/version with consumerExperimentKey).
CREATE TABLE artifact_consumers (
  version_id     INTEGER NOT NULL REFERENCES artifact_versions(id) ON DELETE CASCADE,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (version_id, experiment_id)
) WITHOUT ROWID;
CREATE INDEX artifact_consumers_experiment ON artifact_consumers(experiment_id);

-- The files of an artifact version are read by its id (artifacts/version/files, sizeInBytes).
CREATE INDEX assets_artifact_version ON assets(artifact_version_id) WHERE artifact_version_id IS NOT NULL;
