-- Twin of SQLite's 027: metric points packed, one row per series per append (see that migration). As metric_points
-- was (migration 004), the chunks are linked to logged_items by a delete trigger rather than a foreign key.
CREATE TABLE metric_point_chunks (
  item_id        bigint  NOT NULL,
  first_seq      bigint  NOT NULL,
  last_seq       bigint  NOT NULL,
  point_count    bigint  NOT NULL,
  min_step       bigint  NOT NULL,
  max_step       bigint  NOT NULL,
  min_timestamp  bigint  NOT NULL,
  max_timestamp  bigint  NOT NULL,
  points         text    NOT NULL,
  PRIMARY KEY (item_id, first_seq)
);
-- Range reads pick their chunks from this index alone (reading the table's rows for their bounds would read their points).
CREATE INDEX metric_point_chunks_bounds ON metric_point_chunks(item_id, min_step, max_step, min_timestamp, max_timestamp, last_seq, first_seq);

INSERT INTO metric_point_chunks (item_id, first_seq, last_seq, point_count, min_step, max_step, min_timestamp, max_timestamp, points)
SELECT item_id, min(seq), max(seq), count(*), min(step), max(step), min(timestamp), max(timestamp),
  json_build_object(
    's', json_agg(step ORDER BY seq), 't', json_agg(timestamp ORDER BY seq), 'v', json_agg(value ORDER BY seq),
    'e', json_agg(epoch ORDER BY seq), 'c', json_agg(context ORDER BY seq), 'q', json_agg(seq ORDER BY seq))::text
FROM metric_points GROUP BY item_id, (seq - 1) / 1000;

DROP TABLE metric_points;

CREATE OR REPLACE FUNCTION delete_item_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metric_point_chunks WHERE item_id = OLD.id;
  RETURN NULL;
END $$;
