-- PostgreSQL only (other instances commit unseen): a number every statement changing what the service's caches hold
-- (API keys and their users, workspaces and memberships, projects, experiments) bumps. An instance keeps its caches
-- while the number it last read stays the same (external-commits.ts), as SQLite's PRAGMA data_version is watched.
CREATE TABLE cache_epoch (
  id     integer PRIMARY KEY CHECK (id = 1),
  epoch  bigint  NOT NULL
);
INSERT INTO cache_epoch (id, epoch) VALUES (1, 0);

CREATE FUNCTION bump_cache_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
CREATE TRIGGER users_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
CREATE TRIGGER workspaces_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON workspaces FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
CREATE TRIGGER workspace_members_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON workspace_members FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
CREATE TRIGGER projects_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
CREATE TRIGGER experiments_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON experiments FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_epoch();
