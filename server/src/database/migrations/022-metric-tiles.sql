-- Pre-aggregated tiles of metric series for `ext/experiment/metric-series` (storage/metric-tiles.ts): per metric,
-- per axis (0 = step, 1 = time in ms), per level L (1..8), a tile summarises the points whose x lies in
-- [tile * 16^L, (tile + 1) * 16^L). Tiles are filled lazily at read time from the points that arrived since the
-- last read (metric_tile_marks), never by the write path; a chart of N buckets reads at most 16 N tiles whatever
-- the series' length. Numeric values only in min/max/first/last; other values are only counted (skipped).
CREATE TABLE metric_tiles (
  item_id   INTEGER NOT NULL REFERENCES logged_items(id) ON DELETE CASCADE,
  axis      INTEGER NOT NULL,
  level     INTEGER NOT NULL,
  tile      INTEGER NOT NULL,
  count     INTEGER NOT NULL,
  skipped   INTEGER NOT NULL,
  min       REAL,
  max       REAL,
  first_x   INTEGER,
  first_y   REAL,
  last_x    INTEGER,
  last_y    REAL,
  -- The steps of every point in the tile (-1 for points without one): a time range's points are found by step.
  min_step  INTEGER NOT NULL,
  max_step  INTEGER NOT NULL,
  PRIMARY KEY (item_id, axis, level, tile)
) WITHOUT ROWID;

-- How much of each series is tiled: its first `tiled_count` points (by arrival number, seq), whose highest step
-- is `tiled_max_step` (new points usually sit at or above it: one short range scan finds them). Levels below
-- `step_level` / `time_level` are not kept (chosen at the first fill: the finest level whose tiles hold 8 points or
-- more on average), so sparse x (e.g. milliseconds between points) does not cost a tile per point.
-- A catch-up runs in chunks of points (one transaction each, other requests served between them): while one is
-- under way, `pass_upto` is the point count it tiles up to (seq in (tiled_count, pass_upto]) and pass_step /
-- pass_timestamp / pass_seq the series-order key of the last point tiled; pass_upto is 0 otherwise.
CREATE TABLE metric_tile_marks (
  item_id         INTEGER PRIMARY KEY REFERENCES logged_items(id) ON DELETE CASCADE,
  tiled_count     INTEGER NOT NULL,
  tiled_max_step  INTEGER NOT NULL,
  step_level      INTEGER NOT NULL,
  time_level      INTEGER NOT NULL,
  pass_upto       INTEGER NOT NULL,
  pass_step       INTEGER NOT NULL,
  pass_timestamp  INTEGER NOT NULL,
  pass_seq        INTEGER NOT NULL
);
