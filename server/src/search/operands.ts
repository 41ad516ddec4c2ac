import type { ColumnType } from '../../../shared/api/search.ts';
import type { SqlDialect } from '../database/sql.ts';

/**
 * How one value is read in SQL: as text, as a number, and as a truth value (1 true, 0 false, NULL when the
 * value is neither). An absent reading is NULL, so comparisons on it never match.
 */
export interface Operand {
  text: string;
  number: string;
  truth: string;
}

/** The clock and keep-alive window that `running` and the end time depend on. */
export interface Clock {
  now: number;
  beatMillis: number;
}

/** A metadata column: its type and its reading over the experiments row `e`. */
export interface MetadataColumn {
  type: ColumnType;
  operand: Operand;
}

/** Experiments (alias `e`) listed in project `?`, home or symlinked (the project's row id is bound twice). */
export const IN_PROJECT = '(e.project_id = ? OR e.id IN (SELECT experiment_id FROM experiment_links WHERE project_id = ?))';

const truthOfText = (text: string) => `(CASE lower(${text}) WHEN 'true' THEN 1 WHEN '1' THEN 1 WHEN 'false' THEN 0 WHEN '0' THEN 0 END)`;

/** A summary row of logged_items (alias `li`): its current (latest) value. */
export const loggedItemOperand: Operand = { text: 'li.cur_value', number: 'li.cur_number', truth: truthOfText('li.cur_value') };

/**
 * The scalar fields of the system-details document (E32, plus the host fields clients.md A.6 adds) that
 * queries may name as env_details, with their types.
 */
export const ENV_COLUMNS: Readonly<Record<string, ColumnType>> = {
  user: 'string',
  pythonVersion: 'string',
  pythonVersionVerbose: 'string',
  pid: 'double',
  osType: 'string',
  os: 'string',
  osRelease: 'string',
  machine: 'string',
  processor: 'string',
  ip: 'string',
  hostname: 'string',
  executable: 'string',
};

/**
 * One field of a system-details document (alias `d`); `name` must be a key of ENV_COLUMNS (it is written into the
 * SQL). Read the same on both dialects: JSON true/false as 'true'/'false', numbers as numbers, JSON null as NULL.
 */
export function envOperand(name: string, dialect: SqlDialect): Operand {
  if (!Object.hasOwn(ENV_COLUMNS, name)) throw new Error(`not an env_details column: ${name}`);
  if (dialect === 'postgres') {
    const field = `(d.content::jsonb -> '${name}')`;
    const text = `(d.content::jsonb ->> '${name}')`;
    return { text, number: `(CASE WHEN jsonb_typeof(${field}) = 'number' THEN CAST(${text} AS double precision) END)`, truth: truthOfText(text) };
  }
  const value = `json_extract(d.content, '$.${name}')`;
  const type = `json_type(d.content, '$.${name}')`;
  const text = `(CASE ${type} WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(${value} AS TEXT) END)`;
  return { text, number: `(CASE WHEN ${type} IN ('integer', 'real') THEN ${value} END)`, truth: truthOfText(text) };
}

/** One tag (alias `t`). */
export const tagOperand: Operand = { text: 't.tag', number: 'NULL', truth: 'NULL' };

const text = (sql: string): MetadataColumn => ({ type: 'string', operand: { text: sql, number: 'NULL', truth: 'NULL' } });
const int = (value: number) => String(Math.trunc(value));

/** `running` over the experiments row `e`: not stopped, and a sign of life within the keep-alive window. */
const runningSql = (clock: Clock) => `(e.stopped_at IS NULL AND ${int(clock.now)} - e.last_beat_at <= ${int(clock.beatMillis)})`;

/**
 * The run state the metadata shows (`endingOf` in experiments/records.ts): running; crashed when a crash was reported or
 * heartbeats stopped for longer than the window before anything ended the run; else finished.
 */
const stateSql = (clock: Clock) =>
  `(CASE WHEN ${runningSql(clock)} THEN 'running' WHEN e.has_crashed = 1 OR (e.has_beaten = 1 AND coalesce(e.stopped_at, ${int(clock.now)}) - e.last_beat_at > ${int(clock.beatMillis)}) THEN 'crashed' ELSE 'finished' END)`;

/** The start time the metadata shows (ms). */
export const startSql = 'coalesce(e.start_time_millis, e.created_at)';

/** The end time the metadata shows (ms): the one set, else now while running, else the last sign of life. */
export const endSql = (clock: Clock) =>
  `coalesce(e.end_time_millis, CASE WHEN ${runningSql(clock)} THEN ${int(clock.now)} ELSE max(e.last_beat_at, coalesce(e.stopped_at, 0)) END)`;

/** The metadata columns a query may name, with how each is read (the same values the metadata read shows). */
export function metadataColumns(clock: Clock): Record<string, MetadataColumn> {
  const time = (sql: string, type: ColumnType): MetadataColumn => ({ type, operand: { text: 'NULL', number: sql, truth: 'NULL' } });
  return {
    experiment_key: text('e.key'),
    experiment_name: text('e.name'),
    user_name: text('(SELECT u.name FROM users u WHERE u.id = e.user_id)'),
    file_name: text('e.file_name'),
    file_path: text('e.file_path'),
    optimization_id: text('e.optimization_id'),
    start_server_timestamp: time(startSql, 'datetime'),
    end_server_timestamp: time(endSql(clock), 'datetime'),
    duration: time(`(max(0, ${endSql(clock)} - ${startSql}) / 1000.0)`, 'timenumber'),
    running: { type: 'boolean', operand: { text: 'NULL', number: 'NULL', truth: `(CASE WHEN ${runningSql(clock)} THEN 1 ELSE 0 END)` } },
    state: text(stateSql(clock)),
  };
}
