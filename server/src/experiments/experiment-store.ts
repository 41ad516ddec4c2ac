import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** An experiment with the names of its workspace, home project and user (what the metadata read needs). */
export interface Experiment {
  /** Row id: what other tables reference (`experiments(id)`). */
  id: number;
  /** The `experimentKey` the wire carries. */
  key: string;
  workspaceId: number;
  workspaceName: string;
  /** Row id of the home project. */
  projectId: number;
  projectUuid: string;
  projectName: string;
  name: string | null;
  userName: string | null;
  createdAt: number;
  startTimeMillis: number | null;
  endTimeMillis: number | null;
  lastBeatAt: number;
  stoppedAt: number | null;
  archived: boolean;
  deletedAt: number | null;
  fileName: string | null;
  filePath: string | null;
  optimizationId: string | null;
  throttle: boolean;
  throttleMessage: string | null;
  throttleReasons: string[];
  /** Set by update-status (`hasCrashed`): the run ended by a crash. */
  hasCrashed: boolean;
  /** The run has sent a heartbeat (E9 or a live status report) at least once. */
  hasBeaten: boolean;
  /** The last error a client reported through update-status. */
  lastError: string | null;
}

/** What a client reports through update-status: running or ended, crashed or not, an error text. */
export interface StatusReport {
  /** Running again (true) or ended now (false); undefined leaves the run as it is. */
  isAlive?: boolean;
  /** Left unchanged when undefined, but for a report that the run is alive again (`isAlive: true`), which clears it. */
  hasCrashed?: boolean;
  /** Left unchanged when undefined. */
  error?: string;
}

/** What a new experiment is made of. */
export interface NewExperiment {
  workspaceId: number;
  projectId: number;
  name: string | null;
  userId: number;
  /** The key the client chose (clientlib handshake); a random one when absent. */
  key?: string;
}

/** The throttling state shown in the metadata (set by the logging handlers). */
export interface ThrottleState {
  throttle: boolean;
  throttleMessage: string | null;
  throttleReasons: string[];
}

/** Storage of experiments and their symlinks. */
export interface ExperimentStore {
  /**
   * By key, trashed ones included (callers decide); cached. Another instance's heartbeats, stops and status reports do
   * not drop the cache (PostgreSQL migration 017), so its liveness may lag them: read `byId` for a run's state.
   */
  byKey(key: string): Promise<Experiment | undefined>;
  /** By row id, read now (never cached). */
  byId(id: number): Promise<Experiment | undefined>;
  /** The experiment read again now, for its run state (running, ended, crashed) when it came from `byKey`. */
  withStateNow(experiment: Experiment): Promise<Experiment>;
  create(experiment: NewExperiment, now: number): Promise<Experiment>;
  /** How many experiments have their home in a project, trashed ones included (numbers new runs' names). */
  countHomed(projectId: number): Promise<number>;
  /** Experiments listed in a project (home or symlinked), not trashed, archived or not as asked. */
  listInProject(projectId: number, archived: boolean): Promise<Experiment[]>;
  /** Trashed experiments of a workspace, most recently deleted first. */
  listTrash(workspaceId: number): Promise<Experiment[]>;
  rename(experimentId: number, name: string | null): Promise<void>;
  setThrottle(experimentId: number, state: ThrottleState): Promise<void>;
  setFilePath(experimentId: number, filePath: string | null): Promise<void>;
  beat(experimentId: number, now: number): Promise<void>;
  stop(experimentId: number, now: number): Promise<void>;
  /**
   * Applies a report of the run's own client: alive → running again from now; not alive → ended now (and heard from
   * now, so a late end report reads as the client's end, not as silence); crash flag and error when given.
   */
  reportStatus(experimentId: number, report: StatusReport, now: number): Promise<void>;
  setArchived(experimentId: number, archived: boolean): Promise<void>;
  /** Moves to the trash (a time) or out of it (null). */
  setDeleted(experimentId: number, deletedAt: number | null): Promise<void>;
  setTimes(experimentId: number, startTimeMillis: number | null, endTimeMillis: number | null): Promise<void>;
  /** Changes the home project (and workspace); drops a symlink into the new home. */
  move(experimentId: number, workspaceId: number, projectId: number): Promise<void>;
  link(projectId: number, experimentId: number, now: number): Promise<void>;
  /** Whether the experiment is symlinked into the project (E6). */
  isLinked(projectId: number, experimentId: number): Promise<boolean>;
  /** Moves every experiment whose home is `fromProjectId` to `toProjectId`; drops symlinks into `fromProjectId`. */
  rehomeAll(fromProjectId: number, toProjectId: number): Promise<number>;
  /** Trashes every live experiment whose home is the project; drops symlinks into it. */
  trashAllIn(projectId: number, now: number): Promise<number>;
  /** Destroys the experiment and (through ON DELETE CASCADE) everything logged to it. */
  purge(experimentId: number): Promise<void>;
  /** Drops every cached lookup (called when project names or homes change). */
  forgetAll(): void;
}

/** Most experiments one service keeps lookups of; beyond it the cache starts over. */
const CACHE_LIMIT = 10_000;

/** An experiments row joined with its workspace, project and user names (what `EXPERIMENT_SELECT` reads). */
export interface ExperimentRecord {
  id: number;
  key: string;
  workspace_id: number;
  workspace_name: string;
  project_id: number;
  project_uuid: string;
  project_name: string;
  name: string | null;
  user_name: string | null;
  created_at: number;
  start_time_millis: number | null;
  end_time_millis: number | null;
  last_beat_at: number;
  stopped_at: number | null;
  archived: number;
  deleted_at: number | null;
  file_name: string | null;
  file_path: string | null;
  optimization_id: string | null;
  throttle: number;
  throttle_message: string | null;
  throttle_reasons: string;
  has_crashed: number;
  has_beaten: number;
  last_error: string | null;
}

/** Reads experiments (alias `e`) with the names the metadata needs; append WHERE/ORDER clauses. */
export const EXPERIMENT_SELECT = `SELECT e.*, w.name AS workspace_name, p.uuid AS project_uuid, p.name AS project_name, u.name AS user_name
  FROM experiments e JOIN workspaces w ON w.id = e.workspace_id JOIN projects p ON p.id = e.project_id
  LEFT JOIN users u ON u.id = e.user_id`;

/** An experiment from a row read by `EXPERIMENT_SELECT`. */
export const toExperiment = (row: ExperimentRecord): Experiment => ({
  id: row.id,
  key: row.key,
  workspaceId: row.workspace_id,
  workspaceName: row.workspace_name,
  projectId: row.project_id,
  projectUuid: row.project_uuid,
  projectName: row.project_name,
  name: row.name,
  userName: row.user_name,
  createdAt: row.created_at,
  startTimeMillis: row.start_time_millis,
  endTimeMillis: row.end_time_millis,
  lastBeatAt: row.last_beat_at,
  stoppedAt: row.stopped_at,
  archived: row.archived === 1,
  deletedAt: row.deleted_at,
  fileName: row.file_name,
  filePath: row.file_path,
  optimizationId: row.optimization_id,
  throttle: row.throttle === 1,
  throttleMessage: row.throttle_message,
  throttleReasons: JSON.parse(row.throttle_reasons) as string[],
  hasCrashed: row.has_crashed === 1,
  hasBeaten: row.has_beaten === 1,
  lastError: row.last_error,
});

const fileNameOf = (filePath: string | null) => (filePath === null ? null : (filePath.split(/[\\/]/).pop() ?? filePath));

/**
 * Creates the experiment store over a database. Lookups by key (every logging request makes one) are
 * cached from committed state; every write goes through this store and drops what it changes, so
 * nothing else may write the experiments table.
 */
export function createExperimentStore(db: Sql): ExperimentStore {
  const cache = new Map<string, Experiment>();
  const keysById = new Map<number, string>();
  /** Counts forgets: a lookup that started before one must not cache what it read (it may predate the change). */
  let generation = 0;
  const forget = (id: number) => {
    generation += 1;
    const key = keysById.get(id);
    if (key !== undefined) cache.delete(key);
    keysById.delete(id);
  };
  const remember = (experiment: Experiment) => {
    if (db.inTransaction()) return;
    if (cache.size >= CACHE_LIMIT) forgetAll();
    cache.set(experiment.key, experiment);
    keysById.set(experiment.id, experiment.key);
  };
  const forgetAll = () => {
    generation += 1;
    cache.clear();
    keysById.clear();
  };
  const byKey = db.prepare<[string], ExperimentRecord>(`${EXPERIMENT_SELECT} WHERE e.key = ?`);
  const byId = db.prepare<[number], ExperimentRecord>(`${EXPERIMENT_SELECT} WHERE e.id = ?`);
  const insert = db.prepare(
    'INSERT INTO experiments (key, workspace_id, project_id, name, user_id, created_at, last_beat_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  ).pluck();
  const inProject = db.prepare<[number, number, number], ExperimentRecord>(
    `${EXPERIMENT_SELECT} WHERE e.deleted_at IS NULL AND e.archived = ?
     AND (e.project_id = ? OR e.id IN (SELECT experiment_id FROM experiment_links WHERE project_id = ?))
     ORDER BY e.created_at DESC, e.id DESC`,
  );
  const homed = db.prepare<[number], number>('SELECT count(*) FROM experiments WHERE project_id = ?').pluck();
  const trash = db.prepare<[number], ExperimentRecord>(`${EXPERIMENT_SELECT} WHERE e.workspace_id = ? AND e.deleted_at IS NOT NULL ORDER BY e.deleted_at DESC`);
  const run = (sql: string) => db.prepare(sql);
  const rename = run('UPDATE experiments SET name = ? WHERE id = ?');
  const throttle = run('UPDATE experiments SET throttle = ?, throttle_message = ?, throttle_reasons = ? WHERE id = ?');
  const filePath = run('UPDATE experiments SET file_path = ?, file_name = ? WHERE id = ?');
  const beat = run('UPDATE experiments SET last_beat_at = max(last_beat_at, ?), has_beaten = 1 WHERE id = ?');
  const stop = run('UPDATE experiments SET stopped_at = coalesce(stopped_at, ?) WHERE id = ?');
  const status = run(
    `UPDATE experiments SET
       stopped_at = CASE CAST(? AS INTEGER) WHEN 1 THEN NULL WHEN 0 THEN coalesce(stopped_at, ?) ELSE stopped_at END,
       last_beat_at = CASE WHEN CAST(? AS INTEGER) IS NULL THEN last_beat_at ELSE max(last_beat_at, ?) END,
       has_beaten = CASE CAST(? AS INTEGER) WHEN 1 THEN 1 ELSE has_beaten END,
       has_crashed = coalesce(CAST(? AS INTEGER), has_crashed), last_error = coalesce(?, last_error)
     WHERE id = ?`,
  );
  const archived = run('UPDATE experiments SET archived = ? WHERE id = ?');
  const deleted = run('UPDATE experiments SET deleted_at = ? WHERE id = ?');
  const times = run('UPDATE experiments SET start_time_millis = ?, end_time_millis = ? WHERE id = ?');
  const move = run('UPDATE experiments SET workspace_id = ?, project_id = ? WHERE id = ?');
  const unlink = run('DELETE FROM experiment_links WHERE project_id = ? AND experiment_id = ?');
  const linked = db.prepare<[number, number], { one: number }>('SELECT 1 AS one FROM experiment_links WHERE project_id = ? AND experiment_id = ?');
  const link = run('INSERT INTO experiment_links (project_id, experiment_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const rehome = run('UPDATE experiments SET project_id = ? WHERE project_id = ?');
  const dropLinksInto = run('DELETE FROM experiment_links WHERE project_id = ?');
  const dropSelfLinks = run('DELETE FROM experiment_links WHERE experiment_id IN (SELECT id FROM experiments WHERE project_id = experiment_links.project_id)');
  const trashAll = run('UPDATE experiments SET deleted_at = ? WHERE project_id = ? AND deleted_at IS NULL');
  const purge = run('DELETE FROM experiments WHERE id = ?');
  const one = (row: ExperimentRecord | undefined) => (row ? toExperiment(row) : undefined);
  const changing =
    <A extends unknown[]>(write: (id: number, ...args: A) => Promise<unknown>) =>
    async (id: number, ...args: A): Promise<void> => {
      forget(id);
      await write(id, ...args);
    };
  return {
    async byKey(key) {
      const cached = cache.get(key);
      if (cached) return { ...cached, throttleReasons: [...cached.throttleReasons] };
      const before = generation;
      const found = one(await byKey.get(key));
      if (found && generation === before) remember({ ...found, throttleReasons: [...found.throttleReasons] });
      return found;
    },
    byId: async (id) => one(await byId.get(id)),
    withStateNow: async (experiment) => one(await byId.get(experiment.id)) ?? experiment,
    async create(experiment, now) {
      const { workspaceId, projectId, name, userId } = experiment;
      const key = experiment.key ?? randomUUID().replaceAll('-', '');
      const id = Number(await insert.get(key, workspaceId, projectId, name, userId, now, now));
      return one(await byId.get(id)) as Experiment;
    },
    countHomed: async (projectId) => Number(await homed.get(projectId)),
    listInProject: async (projectId, isArchived) => (await inProject.all(isArchived ? 1 : 0, projectId, projectId)).map(toExperiment),
    listTrash: async (workspaceId) => (await trash.all(workspaceId)).map(toExperiment),
    rename: changing((id, name: string | null) => rename.run(name, id)),
    setThrottle: changing((id, state: ThrottleState) =>
      throttle.run(state.throttle ? 1 : 0, state.throttleMessage, JSON.stringify(state.throttleReasons), id),
    ),
    setFilePath: changing((id, path: string | null) => filePath.run(path, fileNameOf(path), id)),
    beat: changing((id, now: number) => beat.run(now, id)),
    stop: changing((id, now: number) => stop.run(now, id)),
    reportStatus: changing(async (id, report: StatusReport, now: number) => {
      // The last report wins: a crash is marked or cleared when a report says so, and a run reported alive again (resumed
      // by its client) sheds a crash it reported before, so that it reads as its next end says; an end that says nothing of
      // a crash (the SDK's closing heartbeat, E3) keeps what the last report said.
      const crashed = report.hasCrashed !== undefined ? (report.hasCrashed ? 1 : 0) : report.isAlive === true ? 0 : null;
      const alive = report.isAlive === undefined ? null : report.isAlive ? 1 : 0;
      await status.run(alive, now, alive, now, alive, crashed, report.error ?? null, id);
    }),
    setArchived: changing((id, value: boolean) => archived.run(value ? 1 : 0, id)),
    setDeleted: changing((id, deletedAt: number | null) => deleted.run(deletedAt, id)),
    setTimes: changing((id, start: number | null, end: number | null) => times.run(start, end, id)),
    move: changing(async (id, workspaceId: number, projectId: number) => {
      await move.run(workspaceId, projectId, id);
      await unlink.run(projectId, id);
    }),
    link: async (projectId, id, now) => {
      await link.run(projectId, id, now);
    },
    isLinked: async (projectId, id) => (await linked.get(projectId, id)) !== undefined,
    async rehomeAll(fromProjectId, toProjectId) {
      forgetAll();
      const moved = (await rehome.run(toProjectId, fromProjectId)).changes;
      await dropLinksInto.run(fromProjectId);
      await dropSelfLinks.run();
      return moved;
    },
    async trashAllIn(projectId, now) {
      forgetAll();
      await dropLinksInto.run(projectId);
      return (await trashAll.run(now, projectId)).changes;
    },
    purge: changing((id) => purge.run(id)),
    forgetAll,
  };
}
