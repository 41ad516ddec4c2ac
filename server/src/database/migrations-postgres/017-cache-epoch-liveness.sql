-- A run's liveness (heartbeats, stop, status reports) and the change feed's stamps no longer bump the cache epoch
-- (migration 003): with live runs they made every instance drop its key and experiment caches every few seconds, and
-- every heartbeat queue on the epoch's row. Reads of a run's state read its row again (ExperimentStore.withStateNow).
DROP TRIGGER experiments_cache_epoch ON experiments;
CREATE TRIGGER experiments_cache_epoch
AFTER INSERT OR DELETE OR UPDATE OF key, workspace_id, project_id, name, user_id, created_at, start_time_millis, end_time_millis,
  archived, deleted_at, file_name, file_path, optimization_id, throttle, throttle_message, throttle_reasons ON experiments
FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
