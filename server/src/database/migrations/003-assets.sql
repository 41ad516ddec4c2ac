-- Assets and experiment models. Bytes live in the blob directory under random names (`blob`);
-- rows never name a path the client chose. Deleting a row queues its blob in blob_garbage (by
-- trigger, so an experiment purged by cascade frees its bytes too); the blob store sweeps that table.

CREATE TABLE blob_garbage (
  blob        TEXT    PRIMARY KEY,
  queued_at   INTEGER NOT NULL
);

-- An experiment model: created by the first `type=model-element` upload with a new groupingName.
CREATE TABLE experiment_models (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  name           TEXT    NOT NULL,
  created_at     INTEGER NOT NULL,
  UNIQUE (experiment_id, name)
);

CREATE TABLE assets (
  id                   INTEGER PRIMARY KEY,
  uuid                 TEXT    NOT NULL UNIQUE,
  experiment_id        INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  file_name            TEXT    NOT NULL,
  file_size            INTEGER NOT NULL,
  type                 TEXT    NOT NULL,
  content_type         TEXT    NOT NULL,
  context              TEXT,
  step                 INTEGER,
  epoch                INTEGER,
  metadata             TEXT,
  blob                 TEXT    UNIQUE,
  remote_link          TEXT,
  experiment_model_id  INTEGER REFERENCES experiment_models(id) ON DELETE CASCADE,
  artifact_version_id  TEXT,
  created_at           INTEGER NOT NULL,
  CHECK ((blob IS NULL) <> (remote_link IS NULL))
);
CREATE INDEX assets_experiment ON assets(experiment_id, created_at);
CREATE INDEX assets_experiment_name ON assets(experiment_id, file_name);
CREATE INDEX assets_model ON assets(experiment_model_id);

CREATE TABLE asset_tags (
  asset_id  INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
  tag       TEXT    NOT NULL,
  PRIMARY KEY (asset_id, tag)
);

-- One git patch per experiment (a new upload replaces it).
CREATE TABLE git_patches (
  experiment_id  INTEGER PRIMARY KEY REFERENCES experiments(id) ON DELETE CASCADE,
  blob           TEXT    NOT NULL UNIQUE,
  file_size      INTEGER NOT NULL,
  created_at     INTEGER NOT NULL
);

CREATE TRIGGER assets_free_blob AFTER DELETE ON assets WHEN old.blob IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO blob_garbage (blob, queued_at) VALUES (old.blob, unixepoch() * 1000);
END;

CREATE TRIGGER git_patches_free_blob AFTER DELETE ON git_patches
BEGIN
  INSERT OR IGNORE INTO blob_garbage (blob, queued_at) VALUES (old.blob, unixepoch() * 1000);
END;

CREATE TRIGGER git_patches_replace_blob AFTER UPDATE OF blob ON git_patches WHEN old.blob <> new.blob
BEGIN
  INSERT OR IGNORE INTO blob_garbage (blob, queued_at) VALUES (old.blob, unixepoch() * 1000);
END;
