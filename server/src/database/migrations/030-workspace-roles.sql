-- Roles in a workspace (issue 29): admin, member or viewer. A workspace's creator is its admin; everyone who belonged
-- to a workspace before roles existed keeps what they could do there: member. joined_at: when the membership began
-- (for the members screen); memberships older than this migration take their workspace's creation time.
ALTER TABLE workspace_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'viewer'));
ALTER TABLE workspace_members ADD COLUMN joined_at INTEGER NOT NULL DEFAULT 0;
UPDATE workspace_members SET role = 'admin'
  WHERE user_id = (SELECT created_by FROM workspaces WHERE workspaces.id = workspace_members.workspace_id);
UPDATE workspace_members SET joined_at = (SELECT created_at FROM workspaces WHERE workspaces.id = workspace_members.workspace_id);
