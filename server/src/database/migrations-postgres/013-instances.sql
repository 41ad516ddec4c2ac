-- Service instances sharing a data dir (issue 33), as SQLite migration 036.
CREATE TABLE instances (
  id         text    PRIMARY KEY,
  host       text    NOT NULL,
  pid        bigint  NOT NULL,
  last_seen  bigint  NOT NULL,
  timeout_ms bigint  NOT NULL
);
