-- Webhook configuration and the durable outbox. A URL entry belongs to a workspace and either one
-- registry model (model_name) or every model of the workspace (model_name = '').
-- A delivery row is written in the same transaction as the stage change it reports, and carries
-- everything needed to send it (url, headers, secret at the time of the change), so it survives
-- restarts and later configuration edits.

CREATE TABLE webhook_urls (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  model_name    TEXT    NOT NULL DEFAULT '',
  url           TEXT    NOT NULL,
  name          TEXT    NOT NULL DEFAULT '',
  headers       TEXT    NOT NULL DEFAULT '{}',
  triggers      TEXT    NOT NULL DEFAULT '[]',
  secret        TEXT,
  created_at    INTEGER NOT NULL,
  last_updated  INTEGER NOT NULL,
  UNIQUE (workspace_id, model_name, url)
);

CREATE TABLE webhook_deliveries (
  id                  INTEGER PRIMARY KEY,
  uuid                TEXT    NOT NULL UNIQUE,
  workspace_id        INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  model_name          TEXT    NOT NULL,
  url                 TEXT    NOT NULL,
  headers             TEXT    NOT NULL,
  secret              TEXT,
  event_type          TEXT    NOT NULL,
  payload             TEXT    NOT NULL,
  status              TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts            INTEGER NOT NULL DEFAULT 0,
  next_attempt_at     INTEGER,
  leased_until        INTEGER,
  last_attempt_at     INTEGER,
  last_response_code  INTEGER,
  last_error          TEXT,
  created_at          INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_log ON webhook_deliveries(workspace_id, created_at);
