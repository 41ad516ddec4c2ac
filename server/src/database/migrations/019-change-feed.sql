-- The change feed behind the extension reads `ext/experiments/changes` (storage/changes.ts): every change to
-- what a project's experiment list shows gives the experiment a new, strictly increasing `change_seq`, and an
-- experiment leaving a project's list (moved away, unlinked, purged) leaves a row in experiment_removals. A
-- client remembers the highest number it has seen and asks only for what came after it. Triggers keep it
-- exact whichever code path writes, and within the writing transaction (SQLite has one writer at a time, so
-- numbers become visible in increasing order).

CREATE TABLE change_counter (
  id   INTEGER PRIMARY KEY CHECK (id = 1),
  seq  INTEGER NOT NULL
);
INSERT INTO change_counter (id, seq) SELECT 1, coalesce(max(id), 0) FROM experiments;

ALTER TABLE experiments ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
UPDATE experiments SET change_seq = id;
CREATE INDEX experiments_project_changes ON experiments(project_id, change_seq);
-- Runs that stop by silence (no beat within the beat duration) are found by their last beat.
CREATE INDEX experiments_project_beat ON experiments(project_id, last_beat_at);

CREATE TABLE experiment_removals (
  seq             INTEGER PRIMARY KEY,
  project_id      INTEGER NOT NULL,
  experiment_key  TEXT    NOT NULL
);
CREATE INDEX experiment_removals_project ON experiment_removals(project_id, seq);

CREATE TRIGGER experiments_feed_insert AFTER INSERT ON experiments BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  UPDATE experiments SET change_seq = (SELECT seq FROM change_counter WHERE id = 1) WHERE id = NEW.id;
END;

-- Every column a list shows or derives state from (last_beat_at: running; stopped_at: finished).
CREATE TRIGGER experiments_feed_update
AFTER UPDATE OF name, workspace_id, project_id, start_time_millis, end_time_millis, last_beat_at, stopped_at, archived,
  deleted_at, file_name, file_path, throttle, throttle_message, throttle_reasons ON experiments BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  UPDATE experiments SET change_seq = (SELECT seq FROM change_counter WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER experiments_feed_moved AFTER UPDATE OF project_id ON experiments WHEN OLD.project_id <> NEW.project_id BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  INSERT INTO experiment_removals (seq, project_id, experiment_key) VALUES ((SELECT seq FROM change_counter WHERE id = 1), OLD.project_id, OLD.key);
END;

CREATE TRIGGER experiments_feed_purged AFTER DELETE ON experiments BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  INSERT INTO experiment_removals (seq, project_id, experiment_key) VALUES ((SELECT seq FROM change_counter WHERE id = 1), OLD.project_id, OLD.key);
END;

CREATE TRIGGER experiment_links_feed_insert AFTER INSERT ON experiment_links BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  UPDATE experiments SET change_seq = (SELECT seq FROM change_counter WHERE id = 1) WHERE id = NEW.experiment_id;
END;

CREATE TRIGGER experiment_links_feed_delete AFTER DELETE ON experiment_links BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  INSERT INTO experiment_removals (seq, project_id, experiment_key)
    SELECT (SELECT seq FROM change_counter WHERE id = 1), OLD.project_id, key FROM experiments WHERE id = OLD.experiment_id;
END;

CREATE TRIGGER experiment_tags_feed_insert AFTER INSERT ON experiment_tags BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  UPDATE experiments SET change_seq = (SELECT seq FROM change_counter WHERE id = 1) WHERE id = NEW.experiment_id;
END;

CREATE TRIGGER experiment_tags_feed_delete AFTER DELETE ON experiment_tags BEGIN
  UPDATE change_counter SET seq = seq + 1 WHERE id = 1;
  UPDATE experiments SET change_seq = (SELECT seq FROM change_counter WHERE id = 1) WHERE id = OLD.experiment_id;
END;
