-- Twin of SQLite's 029: metric_tile_marks.tiled_max_step was written by every tiling pass and never read.
ALTER TABLE metric_tile_marks DROP COLUMN tiled_max_step;
