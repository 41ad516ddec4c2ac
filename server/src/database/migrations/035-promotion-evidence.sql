-- Promotion evidence (issue 33): what the approver saw, recorded in the transaction that filed a request and in the one
-- that decided it. `snapshot` is the JSON of the candidate and the version holding the stage or status at that moment
-- (versions, stages, status, metrics, parameters, files, tags, metadata), bounded in size by the service.
CREATE TABLE promotion_evidence (
  id           INTEGER PRIMARY KEY,
  request_id   INTEGER NOT NULL REFERENCES promotion_requests(id) ON DELETE CASCADE,
  moment       TEXT    NOT NULL CHECK (moment IN ('filed', 'decided')),
  captured_at  INTEGER NOT NULL,
  snapshot     TEXT    NOT NULL
);
CREATE INDEX promotion_evidence_request ON promotion_evidence(request_id, id);
