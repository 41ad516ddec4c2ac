-- Metric points packed: one row per series per append (an E29 point, a clientlib batch, or what a group commit
-- writes for one series) instead of one row per point, which cost some 3 µs per point to insert. `points` holds the
-- chunk's points in arrival order as JSON columns (see server/src/storage/metric-point-chunks.ts):
-- {"s": steps (-1: none), "t": timestamps, "v": values, "e": epochs, "c": contexts, "q": seqs}, e and c left out
-- when all null, q when the seqs run from first_seq to last_seq without a gap. Reads put points in series order
-- (step, timestamp, seq) in JS; the step and timestamp bounds let range reads skip chunks.
CREATE TABLE metric_point_chunks (
  item_id        INTEGER NOT NULL REFERENCES logged_items(id) ON DELETE CASCADE,
  first_seq      INTEGER NOT NULL,
  last_seq       INTEGER NOT NULL,
  point_count    INTEGER NOT NULL,
  min_step       INTEGER NOT NULL,
  max_step       INTEGER NOT NULL,
  min_timestamp  INTEGER NOT NULL,
  max_timestamp  INTEGER NOT NULL,
  points         TEXT    NOT NULL,
  PRIMARY KEY (item_id, first_seq)
) WITHOUT ROWID;
-- Range reads pick their chunks from this index alone (reading the table's rows for their bounds would read their points).
CREATE INDEX metric_point_chunks_bounds ON metric_point_chunks(item_id, min_step, max_step, min_timestamp, max_timestamp, last_seq, first_seq);

-- Existing points move in chunks of up to 1,000 seqs per series, each with its seqs spelled out.
INSERT INTO metric_point_chunks (item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points)
SELECT item_id, min(seq), max(seq), count(*), min(step), max(step), min(timestamp), max(timestamp),
  json_object(
    's', json_group_array(step ORDER BY seq), 't', json_group_array(timestamp ORDER BY seq), 'v', json_group_array(value ORDER BY seq),
    'e', json_group_array(epoch ORDER BY seq), 'c', json_group_array(context ORDER BY seq), 'q', json_group_array(seq ORDER BY seq))
FROM metric_points GROUP BY item_id, (seq - 1) / 1000;

DROP TABLE metric_points;
