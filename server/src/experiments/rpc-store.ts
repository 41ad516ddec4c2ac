import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** The states of a remote procedure call. */
export type RpcStatus = 'pending' | 'succeeded' | 'failed';

/** A remote procedure call recorded by E54. */
export interface RpcCall {
  id: number;
  /** The `callId` the wire carries. */
  uuid: string;
  experimentId: number;
  functionName: string;
  arguments: Record<string, unknown>;
  status: RpcStatus;
  /** What the function returned (JSON), null while pending or on failure. */
  result: unknown;
  error: string | null;
  createdAt: number;
  completedAt: number | null;
  /** Who recorded the call (null when that user is gone). */
  userName: string | null;
  /** A call of the service's own (E3's `stop`), not of a function the process registered. */
  cometDefined: boolean;
}

/** Storage of remote procedure calls. */
export interface RpcStore {
  create(experimentId: number, functionName: string, args: Record<string, unknown>, userId: number, now: number, cometDefined?: boolean): Promise<RpcCall>;
  byUuid(experimentId: number, uuid: string): Promise<RpcCall | undefined>;
  /** An experiment's calls, oldest first; only pending ones when asked. */
  list(experimentId: number, pendingOnly: boolean): Promise<RpcCall[]>;
  /** Notes that the experiment's process fetched these calls (clientlib `rpc/get-pending-rpcs`). */
  markFetched(ids: readonly number[], now: number): Promise<void>;
  /** Whether a pending call of the experiment was never fetched (the heartbeat's `pending_rpcs`). */
  hasUnfetched(experimentId: number): Promise<boolean>;
  /** Records the outcome of a pending call; false when it already had one. */
  complete(id: number, outcome: { status: Exclude<RpcStatus, 'pending'>; result: unknown; error: string | null }, now: number): Promise<boolean>;
}

interface RpcRecord {
  id: number;
  uuid: string;
  experiment_id: number;
  function_name: string;
  arguments: string;
  status: RpcStatus;
  result: string | null;
  error: string | null;
  created_at: number;
  completed_at: number | null;
  user_name: string | null;
  comet_defined: number;
}

const toCall = (row: RpcRecord): RpcCall => ({
  id: row.id,
  uuid: row.uuid,
  experimentId: row.experiment_id,
  functionName: row.function_name,
  arguments: JSON.parse(row.arguments) as Record<string, unknown>,
  status: row.status,
  result: row.result === null ? null : (JSON.parse(row.result) as unknown),
  error: row.error,
  createdAt: row.created_at,
  completedAt: row.completed_at,
  userName: row.user_name,
  cometDefined: row.comet_defined === 1,
});

const SELECT = 'SELECT c.*, u.name AS user_name FROM rpc_calls c LEFT JOIN users u ON u.id = c.user_id';

/** Creates the remote call store over a database. */
export function createRpcStore(db: Sql): RpcStore {
  const insert = db.prepare(
    'INSERT INTO rpc_calls (uuid, experiment_id, function_name, arguments, user_id, created_at, comet_defined) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  ).pluck();
  const byRowId = db.prepare<[number], RpcRecord>(`${SELECT} WHERE c.id = ?`);
  const byUuid = db.prepare<[number, string], RpcRecord>(`${SELECT} WHERE c.experiment_id = ? AND c.uuid = ?`);
  const listAll = db.prepare<[number], RpcRecord>(`${SELECT} WHERE c.experiment_id = ? ORDER BY c.created_at, c.id`);
  const listPending = db.prepare<[number], RpcRecord>(`${SELECT} WHERE c.experiment_id = ? AND c.status = 'pending' ORDER BY c.created_at, c.id`);
  const fetched = db.prepare('UPDATE rpc_calls SET fetched_at = coalesce(fetched_at, ?) WHERE id = ?');
  const markFetched = (ids: readonly number[], now: number) => db.transaction(async () => {
    for (const id of ids) await fetched.run(now, id);
  });
  const unfetched = db
    .prepare<[number], number>("SELECT CASE WHEN EXISTS (SELECT 1 FROM rpc_calls WHERE experiment_id = ? AND status = 'pending' AND fetched_at IS NULL) THEN 1 ELSE 0 END")
    .pluck();
  const complete = db.prepare(
    "UPDATE rpc_calls SET status = ?, result = ?, error = ?, completed_at = ? WHERE id = ? AND status = 'pending'",
  );
  return {
    async create(experimentId, functionName, args, userId, now, cometDefined = false) {
      const id = Number(await insert.get(randomUUID(), experimentId, functionName, JSON.stringify(args), userId, now, cometDefined ? 1 : 0));
      const row = await byRowId.get(id);
      if (!row) throw new Error('rpc row vanished');
      return toCall(row);
    },
    byUuid: async (experimentId, uuid) => {
      const row = await byUuid.get(experimentId, uuid);
      return row && toCall(row);
    },
    markFetched: (ids, now) => markFetched(ids, now),
    hasUnfetched: async (experimentId) => await unfetched.get(experimentId) === 1,
    list: async (experimentId, pendingOnly) => (await (pendingOnly ? listPending : listAll).all(experimentId)).map(toCall),
    complete: async (id, outcome, now) =>
      (await complete.run(outcome.status, outcome.result === undefined ? null : JSON.stringify(outcome.result), outcome.error, now, id)).changes === 1,
  };
}
