-- The clientlib front door (clients.md B.9): when the experiment's process fetched a pending remote call,
-- so that the heartbeat's pending_rpcs asks it to fetch only calls it has not seen.

ALTER TABLE rpc_calls ADD COLUMN fetched_at INTEGER;
