-- Alert rules (issue 45): mine (owner_user_id set: runs I started) or shared by a project's members (owner_user_id
-- NULL), each with a condition (kind and its fields) and an optional scope (one run, a run-name filter).
CREATE TABLE alert_rules (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id     INTEGER REFERENCES projects(id) ON DELETE CASCADE,
  owner_user_id  INTEGER REFERENCES users(id) ON DELETE CASCADE,
  created_by     TEXT    NOT NULL,
  name           TEXT    NOT NULL,
  enabled        INTEGER NOT NULL,
  kind           TEXT    NOT NULL,
  metric_name    TEXT,
  operator       TEXT,
  threshold      REAL,
  minutes        INTEGER,
  steps          INTEGER,
  direction      TEXT,
  experiment_key TEXT,
  name_contains  TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
);
CREATE INDEX alert_rules_workspace ON alert_rules (workspace_id);

-- Whether a rule has fired on a run and not reset since: the one row every instance claims before firing.
CREATE TABLE alert_states (
  rule_id        INTEGER NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  fired          INTEGER NOT NULL,
  fired_at       INTEGER NOT NULL,
  PRIMARY KEY (rule_id, experiment_id)
);
CREATE INDEX alert_states_experiment ON alert_states (experiment_id);

-- What fired (and what the SDK's send_notification sent): for one user (user_id) or for every member of the workspace.
CREATE TABLE alert_events (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  user_id        INTEGER REFERENCES users(id) ON DELETE CASCADE,
  rule_id        INTEGER REFERENCES alert_rules(id) ON DELETE SET NULL,
  rule_name      TEXT,
  kind           TEXT    NOT NULL,
  title          TEXT    NOT NULL,
  message        TEXT    NOT NULL,
  value          TEXT,
  created_at     INTEGER NOT NULL
);
CREATE INDEX alert_events_user ON alert_events (user_id, id);
CREATE INDEX alert_events_workspace ON alert_events (workspace_id, id);
CREATE INDEX alert_events_rule ON alert_events (rule_id, id);

-- Which notifications a user has read.
CREATE TABLE alert_reads (
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id  INTEGER NOT NULL REFERENCES alert_events(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, event_id)
);

-- Run events may go to Slack-compatible URLs: {"text": …} instead of Trackdesk's payload.
ALTER TABLE webhook_urls ADD COLUMN body_format TEXT NOT NULL DEFAULT 'trackdesk';
