-- metric_tile_marks.tiled_max_step (022) was written at the end of every tiling pass, at the cost of a read of the
-- series' highest step, and never read: new points are found by their arrival number (seq), not by step.
ALTER TABLE metric_tile_marks DROP COLUMN tiled_max_step;
