-- Names a workspace had before it was renamed: scripts and saved configs that still name it the old way reach it.
CREATE TABLE workspace_former_names (
  name          TEXT    PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE
);
