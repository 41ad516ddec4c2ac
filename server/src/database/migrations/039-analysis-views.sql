-- Named analysis views of a project (ext/analysis-views): panels and the table's state as JSON text, a version that
-- grows with each change so that an update made on an older version is refused instead of overwriting.
CREATE TABLE analysis_views (
  id          INTEGER PRIMARY KEY,
  uuid        TEXT    NOT NULL UNIQUE,
  project_id  INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        TEXT    NOT NULL,
  state       TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  created_by  TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_by  TEXT    NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (project_id, name)
);
