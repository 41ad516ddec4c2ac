import type { Sql } from '../database/sql.ts';
import { EXPERIMENT_SELECT, toExperiment, type Experiment, type ExperimentRecord } from '../experiments/index.ts';

/** An experiment listed in a project, with its change number and tags (what a list row shows). */
export interface ExperimentChange {
  experiment: Experiment;
  seq: number;
  tags: string[];
}

/** An experiment that left a project's list (moved away, unlinked or purged), at change number `seq`. */
export interface ExperimentRemoval {
  key: string;
  seq: number;
}

/** What changed in a project's list after a change number, oldest first. */
export interface ChangesSince {
  changed: ExperimentChange[];
  removed: ExperimentRemoval[];
  /** The change number to ask from next time: the last one returned when `more`, else the newest there is. */
  cursor: number;
  /** True when the limit cut the answer short (ask again from `cursor` at once). */
  more: boolean;
}

/** The change feed of migration 019: what a project's experiment list shows, read by change number. */
export interface ChangeStore {
  /** Changes after `since` (exclusive), at most `limit` entries in all; removals only of experiments no longer listed. */
  since(projectId: number, since: number, limit: number): Promise<ChangesSince>;
  /** Listed experiments whose change number is below `before`, newest change first: the backfill of a first read. */
  before(projectId: number, before: number, limit: number): Promise<ExperimentChange[]>;
  /** Listed experiments never stopped whose last beat lies in (from, to] and that did not change after `upTo`. */
  lastBeatBetween(projectId: number, from: number, to: number, upTo: number): Promise<ExperimentChange[]>;
  /** The newest change number. */
  newest(): Promise<number>;
}

interface ChangeRecord extends ExperimentRecord {
  change_seq: number;
  tags_json: string;
}

const WITH_TAGS = EXPERIMENT_SELECT.replace(
  'SELECT e.*',
  "SELECT e.*, (SELECT json_group_array(tag) FROM (SELECT tag FROM experiment_tags t WHERE t.experiment_id = e.id ORDER BY t.id) ordered) AS tags_json",
);
/** Experiments with a symlink into the project (`?` = project id). */
const LINKED = 'e.id IN (SELECT experiment_id FROM experiment_links WHERE project_id = ?)';

const toChange = (row: ChangeRecord): ExperimentChange => ({
  experiment: toExperiment(row),
  seq: row.change_seq,
  tags: JSON.parse(row.tags_json) as string[],
});

/** Creates the change feed over a database. */
export function createChangeStore(db: Sql): ChangeStore {
  const homeAfter = db.prepare<[number, number, number], ChangeRecord>(
    `${WITH_TAGS} WHERE e.project_id = ? AND e.change_seq > ? ORDER BY e.change_seq LIMIT ?`,
  );
  const linkedAfter = db.prepare<[number, number, number], ChangeRecord>(
    `${WITH_TAGS} WHERE ${LINKED} AND e.change_seq > ? ORDER BY e.change_seq LIMIT ?`,
  );
  const homeBefore = db.prepare<[number, number, number], ChangeRecord>(
    `${WITH_TAGS} WHERE e.project_id = ? AND e.change_seq < ? ORDER BY e.change_seq DESC LIMIT ?`,
  );
  const linkedBefore = db.prepare<[number, number, number], ChangeRecord>(
    `${WITH_TAGS} WHERE ${LINKED} AND e.change_seq < ? ORDER BY e.change_seq DESC LIMIT ?`,
  );
  const removedAfter = db.prepare<[number, number, number], { key: string; seq: number }>(
    `SELECT r.experiment_key AS key, r.seq FROM experiment_removals r WHERE r.project_id = ? AND r.seq > ?
     AND NOT EXISTS (SELECT 1 FROM experiments e WHERE e.key = r.experiment_key
       AND (e.project_id = r.project_id OR e.id IN (SELECT experiment_id FROM experiment_links l WHERE l.project_id = r.project_id)))
     ORDER BY r.seq LIMIT ?`,
  );
  const beating = 'e.stopped_at IS NULL AND e.deleted_at IS NULL AND e.last_beat_at > ? AND e.last_beat_at <= ? AND e.change_seq <= ?';
  const homeBeat = db.prepare<[number, number, number, number], ChangeRecord>(`${WITH_TAGS} WHERE e.project_id = ? AND ${beating}`);
  const linkedBeat = db.prepare<[number, number, number, number], ChangeRecord>(`${WITH_TAGS} WHERE ${LINKED} AND ${beating}`);
  const newest = db.prepare<[], number>('SELECT seq FROM change_counter WHERE id = 1').pluck();

  const since = (projectId: number, after: number, limit: number): Promise<ChangesSince> => db.transaction(async () => {
    // One more than asked of each, to tell whether the limit cut the answer short.
    const changed = [...await homeAfter.all(projectId, after, limit + 1), ...await linkedAfter.all(projectId, after, limit + 1)].map(toChange);
    const removed = await removedAfter.all(projectId, after, limit + 1);
    const entries = [...changed.map((change) => ({ seq: change.seq, change })), ...removed.map((removal) => ({ seq: removal.seq, removal }))]
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
    const more = changed.length + removed.length > limit;
    const last = entries.at(-1)?.seq ?? after;
    return {
      changed: entries.flatMap((entry) => ('change' in entry && entry.change ? [entry.change] : [])),
      removed: entries.flatMap((entry) => ('removal' in entry && entry.removal ? [entry.removal] : [])),
      cursor: more ? last : Math.max(after, await newest.get() ?? 0),
      more,
    };
  });

  return {
    since: (projectId, after, limit) => since(projectId, after, limit),
    async before(projectId, before, limit) {
      const rows = [...await homeBefore.all(projectId, before, limit), ...await linkedBefore.all(projectId, before, limit)];
      return rows.map(toChange).sort((a, b) => b.seq - a.seq).slice(0, limit);
    },
    lastBeatBetween: async (projectId, from, to, upTo) =>
      [...await homeBeat.all(projectId, from, to, upTo), ...await linkedBeat.all(projectId, from, to, upTo)].map(toChange),
    newest: async () => await newest.get() ?? 0,
  };
}
