-- Roles in a workspace (issue 29), as SQLite migration 030: a workspace's creator is its admin, earlier members stay
-- members; joined_at takes the workspace's creation time for memberships older than this migration.
ALTER TABLE workspace_members ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'viewer'));
ALTER TABLE workspace_members ADD COLUMN joined_at bigint NOT NULL DEFAULT 0;
UPDATE workspace_members SET role = 'admin'
  WHERE user_id = (SELECT created_by FROM workspaces WHERE workspaces.id = workspace_members.workspace_id);
UPDATE workspace_members SET joined_at = (SELECT created_at FROM workspaces WHERE workspaces.id = workspace_members.workspace_id);
