-- Logged data (E27–E43, E55): summaries of metrics, parameters and others; metric series; output lines;
-- documents (HTML, code, graph, git metadata, system details, cloud details); tags.
-- Everything references experiments(id) ON DELETE CASCADE: purging an experiment removes its logged data.

-- One row per (experiment, kind, name): the summary, maintained on every write (never recomputed).
-- *_number holds the value as a number when it is numeric (min/max rank numeric values first).
CREATE TABLE logged_items (
  id              INTEGER PRIMARY KEY,
  experiment_id   INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  kind            TEXT    NOT NULL CHECK (kind IN ('metric', 'parameter', 'other')),
  name            TEXT    NOT NULL,
  value_count     INTEGER NOT NULL,
  cur_value       TEXT    NOT NULL,
  cur_number      REAL,
  cur_timestamp   INTEGER NOT NULL,
  cur_step        INTEGER,
  cur_context     TEXT,
  min_value       TEXT    NOT NULL,
  min_number      REAL,
  min_timestamp   INTEGER NOT NULL,
  min_step        INTEGER,
  min_context     TEXT,
  max_value       TEXT    NOT NULL,
  max_number      REAL,
  max_timestamp   INTEGER NOT NULL,
  max_step        INTEGER,
  max_context     TEXT,
  UNIQUE (experiment_id, kind, name)
);

-- A metric's full series, clustered by (series, step, timestamp, arrival) so that one series is one
-- range scan in read order, however many points the experiment has. step is -1 when the client sent none
-- (steps are never negative); seq is the point's arrival number within its series.
CREATE TABLE metric_points (
  item_id     INTEGER NOT NULL REFERENCES logged_items(id) ON DELETE CASCADE,
  step        INTEGER NOT NULL,
  timestamp   INTEGER NOT NULL,
  seq         INTEGER NOT NULL,
  value       TEXT    NOT NULL,
  epoch       INTEGER,
  context     TEXT,
  PRIMARY KEY (item_id, step, timestamp, seq)
) WITHOUT ROWID;

-- Output lines; reads order them by line_offset, then arrival (id).
CREATE TABLE output_lines (
  id               INTEGER PRIMARY KEY,
  experiment_id    INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  line_offset      INTEGER NOT NULL,
  stderr           INTEGER NOT NULL,
  local_timestamp  INTEGER NOT NULL,
  context          TEXT,
  output           TEXT    NOT NULL
);
CREATE INDEX output_lines_order ON output_lines(experiment_id, line_offset, id);

-- Whole documents per experiment: html, code and graph as text; git, system and cloud as JSON.
CREATE TABLE experiment_documents (
  id             INTEGER PRIMARY KEY,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  kind           TEXT    NOT NULL CHECK (kind IN ('html', 'code', 'graph', 'git', 'system', 'cloud')),
  content        TEXT    NOT NULL,
  updated_at     INTEGER NOT NULL,
  UNIQUE (experiment_id, kind)
);

-- Tags, listed in the order first added (id).
CREATE TABLE experiment_tags (
  id             INTEGER PRIMARY KEY,
  experiment_id  INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  tag            TEXT    NOT NULL,
  UNIQUE (experiment_id, tag)
);
