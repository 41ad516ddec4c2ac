-- Names a workspace had before it was renamed: scripts and saved configs that still name it the old way reach it.
CREATE TABLE workspace_former_names (
  name          text    PRIMARY KEY,
  workspace_id  bigint  NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE
);
