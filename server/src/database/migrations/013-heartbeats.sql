-- Whether a run has ever sent a heartbeat (E9 keep-alive or a live status report): such a run whose beats
-- stop without an end report is shown as crashed (a killed script), one that never beat is not.
ALTER TABLE experiments ADD COLUMN has_beaten INTEGER NOT NULL DEFAULT 0;
