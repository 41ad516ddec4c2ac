-- Service instances sharing a data dir (issue 33, "Nothing left behind"). Each running instance has a row, refreshed
-- every few seconds (last_seen, ms since the epoch), and writes its uploads' temporary files under blobs/tmp/<id>/.
-- An instance silent for longer than its own timeout_ms, or whose process is gone from this machine (host: the
-- machine and process namespace, pid), is dead: any live instance removes its temporary folder and its row.
CREATE TABLE instances (
  id         TEXT    PRIMARY KEY,
  host       TEXT    NOT NULL,
  pid        INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  timeout_ms INTEGER NOT NULL
);
