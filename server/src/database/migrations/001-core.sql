-- Core aggregates: users and their API keys, workspaces and membership, projects with share links,
-- experiments with their symlinks into other projects. Later migrations (002 logged data, 003+
-- registry, assets, artifacts, webhooks) reference experiments(id) with ON DELETE CASCADE so that
-- purging an experiment removes everything logged to it.

CREATE TABLE users (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL UNIQUE,
  is_admin    INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prefix      TEXT    NOT NULL,
  hash        BLOB    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX api_keys_prefix ON api_keys(prefix);

CREATE TABLE workspaces (
  id          INTEGER PRIMARY KEY,
  uuid        TEXT    NOT NULL UNIQUE,
  name        TEXT    NOT NULL UNIQUE,
  plan        TEXT,
  created_by  INTEGER REFERENCES users(id),
  created_at  INTEGER NOT NULL
);

CREATE TABLE workspace_members (
  workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_default   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user ON workspace_members(user_id);

-- A deleted project keeps its row (deleted_at set) so trashed experiments still have a home to point at;
-- its name is free again for a new project.
CREATE TABLE projects (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT    NOT NULL UNIQUE,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id),
  name          TEXT    NOT NULL,
  description   TEXT    NOT NULL DEFAULT '',
  is_public     INTEGER NOT NULL DEFAULT 0,
  notes         TEXT    NOT NULL DEFAULT '',
  owner_user_id INTEGER REFERENCES users(id),
  created_at    INTEGER NOT NULL,
  last_updated  INTEGER NOT NULL,
  deleted_at    INTEGER
);
CREATE UNIQUE INDEX projects_live_name ON projects(workspace_id, name) WHERE deleted_at IS NULL;

CREATE TABLE project_share_links (
  project_id  INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  share_code  TEXT    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (project_id, share_code)
);

CREATE TABLE experiments (
  id                  INTEGER PRIMARY KEY,
  key                 TEXT    NOT NULL UNIQUE,
  workspace_id        INTEGER NOT NULL REFERENCES workspaces(id),
  project_id          INTEGER NOT NULL REFERENCES projects(id),
  name                TEXT,
  user_id             INTEGER REFERENCES users(id),
  created_at          INTEGER NOT NULL,
  start_time_millis   INTEGER,
  end_time_millis     INTEGER,
  last_beat_at        INTEGER NOT NULL,
  stopped_at          INTEGER,
  archived            INTEGER NOT NULL DEFAULT 0,
  deleted_at          INTEGER,
  file_name           TEXT,
  file_path           TEXT,
  optimization_id     TEXT,
  throttle            INTEGER NOT NULL DEFAULT 0,
  throttle_message    TEXT,
  throttle_reasons    TEXT    NOT NULL DEFAULT '[]'
);
CREATE INDEX experiments_project ON experiments(project_id);

-- A symlink lists an experiment in a further project; it stays the same experiment.
CREATE TABLE experiment_links (
  project_id     INTEGER NOT NULL REFERENCES projects(id),
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (project_id, experiment_id)
);
CREATE INDEX experiment_links_experiment ON experiment_links(experiment_id);
