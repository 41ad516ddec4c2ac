-- Artifacts with versions (OPEN → CLOSED | ERROR), visualization stores, panels and remote calls.

CREATE TABLE artifacts (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name           TEXT    NOT NULL,
  artifact_type  TEXT    NOT NULL,
  is_public      INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL,
  last_updated   INTEGER NOT NULL,
  UNIQUE (workspace_id, name)
);

CREATE TABLE artifact_versions (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT    NOT NULL UNIQUE,
  artifact_id     INTEGER NOT NULL REFERENCES artifacts(id) ON DELETE CASCADE,
  version         TEXT    NOT NULL,
  state           TEXT    NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'CLOSED', 'ERROR')),
  experiment_key  TEXT    NOT NULL,
  metadata        TEXT,
  alias           TEXT    NOT NULL DEFAULT '[]',
  tags            TEXT    NOT NULL DEFAULT '[]',
  is_public       INTEGER NOT NULL DEFAULT 0,
  user_id         INTEGER REFERENCES users(id),
  created_at      INTEGER NOT NULL,
  last_updated    INTEGER NOT NULL,
  UNIQUE (artifact_id, version)
);

CREATE TABLE viz_stores (
  instance_id   TEXT    PRIMARY KEY,
  project_id    INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  store         TEXT    NOT NULL,
  last_updated  INTEGER NOT NULL
);

CREATE TABLE panels (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT    NOT NULL UNIQUE,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  file_name     TEXT    NOT NULL,
  file_size     INTEGER NOT NULL,
  blob          TEXT    NOT NULL UNIQUE,
  created_at    INTEGER NOT NULL,
  last_updated  INTEGER NOT NULL
);

CREATE TRIGGER panels_free_blob AFTER DELETE ON panels
BEGIN
  INSERT OR IGNORE INTO blob_garbage (blob, queued_at) VALUES (old.blob, unixepoch() * 1000);
END;

CREATE TRIGGER panels_replace_blob AFTER UPDATE OF blob ON panels WHEN old.blob <> new.blob
BEGIN
  INSERT OR IGNORE INTO blob_garbage (blob, queued_at) VALUES (old.blob, unixepoch() * 1000);
END;

CREATE TABLE rpc_calls (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  function_name  TEXT    NOT NULL,
  arguments      TEXT    NOT NULL,
  status         TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  result         TEXT,
  error          TEXT,
  user_id        INTEGER REFERENCES users(id),
  created_at     INTEGER NOT NULL,
  completed_at   INTEGER
);
CREATE INDEX rpc_calls_experiment ON rpc_calls(experiment_id, status, created_at);
