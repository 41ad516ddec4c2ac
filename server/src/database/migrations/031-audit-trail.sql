-- The audit trail (issue 29): one row per access change, written in the same transaction as the change. actor_user_id
-- is null for what the service's host does (the keys CLI); actor_name keeps the name as it was. workspace_id is null
-- for changes of the whole service (users, keys). before_state / after_state: JSON text of what changed, or null.
CREATE TABLE audit_events (
  id             INTEGER PRIMARY KEY,
  at             INTEGER NOT NULL,
  actor_user_id  INTEGER REFERENCES users(id) ON DELETE SET NULL,
  actor_name     TEXT    NOT NULL,
  key_prefix     TEXT,
  workspace_id   INTEGER REFERENCES workspaces(id) ON DELETE CASCADE,
  action         TEXT    NOT NULL,
  target         TEXT    NOT NULL,
  before_state   TEXT,
  after_state    TEXT
);
CREATE INDEX audit_events_workspace ON audit_events(workspace_id, at);
CREATE INDEX audit_events_at ON audit_events(at);
