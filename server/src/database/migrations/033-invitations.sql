-- Invitations to a workspace (issue 29): a single-use link with a role that expires. Only the SHA-256 of the token is
-- kept (the link is shown once, to the admin who made it); used_by / used_at say who joined with it, and when.
CREATE TABLE invitations (
  id          INTEGER PRIMARY KEY,
  uuid        TEXT    NOT NULL UNIQUE,
  token_hash  BLOB    NOT NULL UNIQUE,
  workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  role        TEXT    NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
  created_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_by     INTEGER REFERENCES users(id) ON DELETE SET NULL,
  used_at     INTEGER,
  revoked_at  INTEGER
);
CREATE INDEX invitations_workspace ON invitations(workspace_id, created_at);
