-- SQLite's functions the service's statements use, so that one SQL text serves both dialects:
-- max(a, b) / min(a, b) as scalars (SQLite's multi-argument max/min; PostgreSQL's are GREATEST/LEAST; the one-argument
-- aggregates are untouched), json_group_array(value) as an aggregate giving JSON text (SQLite's text, not json).
CREATE FUNCTION max(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT GREATEST(a, b)';
CREATE FUNCTION min(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT LEAST(a, b)';

CREATE FUNCTION json_group_array_step(state jsonb, item anyelement) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT state || jsonb_build_array(item)';
CREATE FUNCTION json_group_array_final(state jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT state::text';
CREATE AGGREGATE json_group_array(anyelement) (
  SFUNC = json_group_array_step,
  STYPE = jsonb,
  INITCOND = '[]',
  FINALFUNC = json_group_array_final
);
