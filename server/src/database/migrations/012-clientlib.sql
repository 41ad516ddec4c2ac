-- The clientlib front door (clients.md B.9): when the experiment's process fetched a pending remote call,
-- so that the heartbeat's pending_rpcs asks it to fetch only calls it has not seen; and calls the service
-- itself defines (E3's "stop" of a live run) rather than a function the process registered.

ALTER TABLE rpc_calls ADD COLUMN fetched_at INTEGER;
ALTER TABLE rpc_calls ADD COLUMN comet_defined INTEGER NOT NULL DEFAULT 0;
