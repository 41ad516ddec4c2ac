-- Registry governance (issue 14): approval policies and promotion requests.

-- A policy's rules as JSON ([{kind, value, approvers}]). registry_model_id NULL is the workspace default;
-- a model's own row (even with no rules) takes the place of the default for that model.
CREATE TABLE registry_policies (
  id                 INTEGER PRIMARY KEY,
  workspace_id       INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  registry_model_id  INTEGER REFERENCES registry_models(id) ON DELETE CASCADE,
  rules              TEXT    NOT NULL DEFAULT '[]',
  updated_by         TEXT    NOT NULL,
  last_updated       INTEGER NOT NULL
);
CREATE UNIQUE INDEX registry_policies_scope ON registry_policies(workspace_id, coalesce(registry_model_id, 0));

-- A change a policy held back: put a version into a stage or status (add), or also take it from the
-- other versions of the model (move). Approval makes the change in the transaction that ends the request.
CREATE TABLE promotion_requests (
  id                      INTEGER PRIMARY KEY,
  uuid                    TEXT    NOT NULL UNIQUE,
  workspace_id            INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  registry_model_id       INTEGER NOT NULL REFERENCES registry_models(id) ON DELETE CASCADE,
  version_id              INTEGER NOT NULL REFERENCES registry_versions(id) ON DELETE CASCADE,
  kind                    TEXT    NOT NULL CHECK (kind IN ('stage', 'status')),
  value                   TEXT    NOT NULL,
  operation               TEXT    NOT NULL CHECK (operation IN ('add', 'move')),
  previous_holder_status  TEXT,
  state                   TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'cancelled')),
  requested_by            TEXT    NOT NULL,
  requested_by_id         INTEGER NOT NULL,
  comment                 TEXT    NOT NULL DEFAULT '',
  approvers               TEXT    NOT NULL DEFAULT '[]',
  source                  TEXT    NOT NULL,
  created_at              INTEGER NOT NULL,
  decided_by              TEXT,
  decision_comment        TEXT,
  decided_at              INTEGER
);
CREATE INDEX promotion_requests_list ON promotion_requests(workspace_id, state, id);
CREATE INDEX promotion_requests_version ON promotion_requests(version_id, state);
