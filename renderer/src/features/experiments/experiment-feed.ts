import type { ApiReply, ApiRequest } from '../../lib/api.ts';
import { toRow, type ExperimentRow } from './experiment-row.ts';
import type { RowChange, RowsDelta } from './row-delta.ts';

/** One answer of `ext.experimentChanges`. */
type ChangesReply = ApiReply<'getExperimentChanges'>;
/** The query of one `ext.experimentChanges` read. */
type ChangesQuery = NonNullable<ApiRequest<'getExperimentChanges'>['query']>;

/** Rows of the first page: few, so the first rows paint at once. */
export const FIRST_PAGE = 1_000;
/** Rows of each further page of the first read. */
export const BACKFILL_PAGE = 10_000;

/**
 * A project's experiment rows kept up to date by change reads: a first read paged newest change first, then forward
 * reads from a cursor that answer only what changed. Rows that did not change keep their identity, so memoised
 * work downstream (sorting aside) is not redone.
 */
export class ExperimentFeed {
  private readonly projectId: string;
  private readonly rowsByKey = new Map<string, ExperimentRow>();
  private cursor: string | null = null;
  private next: number | null = null;
  private started = false;
  private cached: ExperimentRow[] | null = null;
  private turn: Promise<unknown> = Promise.resolve();
  /** The rows of the last snapshot, and the changes made to them since, by key. */
  private snapshotRows: ExperimentRow[] | null = null;
  private readonly pending = new Map<string, RowChange>();

  constructor(projectId: string) {
    this.projectId = projectId;
  }

  /** Runs `work` after every earlier one ended, so two refreshes never interleave their reads. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  /** True once the first read has every page. */
  get complete(): boolean {
    return this.started && this.next === null;
  }

  /** The reads to make now, in order: the first page; or the next page of the first read, then a forward read. */
  plannedReads(): ChangesQuery[] {
    const { projectId } = this;
    if (!this.started) return [{ projectId, limit: FIRST_PAGE }];
    const reads: ChangesQuery[] = [];
    if (this.next !== null) reads.push({ projectId, before: this.next, limit: BACKFILL_PAGE });
    if (this.cursor !== null) reads.push({ projectId, since: this.cursor });
    return reads;
  }

  /** Takes in one answer to a read made from `plannedReads`; answers whether the rows changed. */
  apply(query: ChangesQuery, reply: ChangesReply): boolean {
    if (query.since === undefined) {
      this.next = reply.next;
      if (query.before === undefined) {
        this.started = true;
        this.cursor = reply.cursor;
      }
    } else {
      this.cursor = reply.cursor ?? this.cursor;
    }
    let changed = false;
    for (const { experiment, tags, trashed } of reply.changed) {
      // The trash lists an experiment under its home project only (as the trash read does).
      const listed = !(trashed && experiment.projectId !== this.projectId);
      changed = this.put(experiment.experimentKey, listed ? toRow(experiment, tags, this.projectId, trashed) : undefined) || changed;
    }
    for (const key of reply.removed) changed = this.put(key, undefined) || changed;
    if (changed) this.cached = null;
    return changed;
  }

  /** Sets (or, undefined, drops) one row and notes the change for the next snapshot; answers whether anything changed. */
  private put(key: string, row: ExperimentRow | undefined): boolean {
    const before = this.rowsByKey.get(key);
    if (before === undefined && row === undefined) return false;
    if (row) this.rowsByKey.set(key, row);
    else this.rowsByKey.delete(key);
    const noted = this.pending.get(key);
    this.pending.set(key, { before: noted ? noted.before : before, after: row });
    return true;
  }

  /** Every row, in no particular order (the table sorts); the same array until the rows change. */
  rows(): ExperimentRow[] {
    this.cached ??= [...this.rowsByKey.values()];
    return this.cached;
  }

  /** The rows now, with how they came from those of the previous snapshot (null for the first one). */
  snapshot(): FeedSnapshot {
    const rows = this.rows();
    if (rows === this.snapshotRows) return { rows, complete: this.complete, delta: null };
    const changes = [...this.pending.values()].filter((change) => change.before !== change.after);
    const delta = this.snapshotRows ? { from: this.snapshotRows, changes } : null;
    this.snapshotRows = rows;
    this.pending.clear();
    return { rows, complete: this.complete, delta };
  }
}

/** A snapshot of a feed for react-query: the rows (the same array while they do not change) and their last changes. */
export interface FeedSnapshot {
  rows: ExperimentRow[];
  complete: boolean;
  /** How `rows` came from those of the previous snapshot, so the table can move only the changed rows. */
  delta: RowsDelta | null;
}

/** Makes the planned reads one after the other, re-reading at once while a forward read says there is more. */
export function stepFeed(feed: ExperimentFeed, read: (query: ChangesQuery) => Promise<ChangesReply>): Promise<FeedSnapshot> {
  return feed.exclusive(async () => {
    for (const query of feed.plannedReads()) {
      let current = query;
      for (;;) {
        const reply = await read(current);
        feed.apply(current, reply);
        if (current.since === undefined || !reply.more || reply.cursor === null) break;
        current = { ...current, since: reply.cursor };
      }
    }
    return feed.snapshot();
  });
}
