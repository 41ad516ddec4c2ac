import { randomUUID } from 'node:crypto';
import type { promotionKinds, promotionOperations, promotionStates } from '../../../../shared/api/registry-governance.ts';
import type { Sql } from '../../database/sql.ts';

/** A promotion request as stored. */
export interface PromotionRequest {
  id: number;
  uuid: string;
  workspaceId: number;
  registryModelId: number;
  versionId: number;
  kind: (typeof promotionKinds)[number];
  value: string;
  operation: (typeof promotionOperations)[number];
  previousHolderStatus: string | null;
  state: (typeof promotionStates)[number];
  requestedBy: string;
  requestedById: number;
  comment: string;
  approvers: string[];
  source: string;
  createdAt: number;
  decidedBy: string | null;
  decisionComment: string | null;
  decidedAt: number | null;
}

/** What a new request is made of. */
export type NewPromotionRequest = Omit<PromotionRequest, 'id' | 'uuid' | 'state' | 'decidedBy' | 'decisionComment' | 'decidedAt'>;

/** The states a decision ends a request in. */
export type FinalState = Exclude<PromotionRequest['state'], 'pending'>;

/** Storage of promotion requests. */
export interface PromotionRequestStore {
  file(request: NewPromotionRequest): Promise<PromotionRequest>;
  byUuid(uuid: string): Promise<PromotionRequest | undefined>;
  /** The pending request for the same change of the same version (value compared without regard to case). */
  pendingLike(versionId: number, kind: PromotionRequest['kind'], value: string, operation: PromotionRequest['operation']): Promise<PromotionRequest | undefined>;
  /** A workspace's requests, newest first (at most 1000), optionally of one model and in one state. */
  list(workspaceId: number, filter: { registryModelId?: number; state?: PromotionRequest['state'] }): Promise<PromotionRequest[]>;
  /** Ends a pending request; false when it was no longer pending (someone decided first). */
  decide(id: number, state: FinalState, decidedBy: string, comment: string, now: number): Promise<boolean>;
}

interface RequestRow {
  id: number;
  uuid: string;
  workspace_id: number;
  registry_model_id: number;
  version_id: number;
  kind: PromotionRequest['kind'];
  value: string;
  operation: PromotionRequest['operation'];
  previous_holder_status: string | null;
  state: PromotionRequest['state'];
  requested_by: string;
  requested_by_id: number;
  comment: string;
  approvers: string;
  source: string;
  created_at: number;
  decided_by: string | null;
  decision_comment: string | null;
  decided_at: number | null;
}

const toRequest = (row: RequestRow): PromotionRequest => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  registryModelId: row.registry_model_id,
  versionId: row.version_id,
  kind: row.kind,
  value: row.value,
  operation: row.operation,
  previousHolderStatus: row.previous_holder_status,
  state: row.state,
  requestedBy: row.requested_by,
  requestedById: row.requested_by_id,
  comment: row.comment,
  approvers: JSON.parse(row.approvers) as string[],
  source: row.source,
  createdAt: row.created_at,
  decidedBy: row.decided_by,
  decisionComment: row.decision_comment,
  decidedAt: row.decided_at,
});

/** Creates the promotion request store over a database. */
export function createPromotionRequestStore(db: Sql): PromotionRequestStore {
  const insert = db.prepare(
    `INSERT INTO promotion_requests (uuid, workspace_id, registry_model_id, version_id, kind, value, operation, previous_holder_status,
     requested_by, requested_by_id, comment, approvers, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).pluck();
  const byId = db.prepare<[number], RequestRow>('SELECT * FROM promotion_requests WHERE id = ?');
  const byUuid = db.prepare<[string], RequestRow>('SELECT * FROM promotion_requests WHERE uuid = ?');
  const pendingLike = db.prepare<[number, string, string, string], RequestRow>(
    `SELECT * FROM promotion_requests WHERE version_id = ? AND state = 'pending' AND kind = ? AND lower(value) = lower(?) AND operation = ?
     ORDER BY id LIMIT 1`,
  );
  const list = db.prepare<[number, number | null, number | null, string | null, string | null], RequestRow>(
    `SELECT * FROM promotion_requests WHERE workspace_id = ? AND (CAST(? AS BIGINT) IS NULL OR registry_model_id = ?) AND (CAST(? AS TEXT) IS NULL OR state = ?)
     ORDER BY id DESC LIMIT 1000`,
  );
  const decide = db.prepare(
    "UPDATE promotion_requests SET state = ?, decided_by = ?, decision_comment = ?, decided_at = ? WHERE id = ? AND state = 'pending'",
  );
  return {
    async file(request) {
      const info = await insert.get(
        randomUUID(),
        request.workspaceId,
        request.registryModelId,
        request.versionId,
        request.kind,
        request.value,
        request.operation,
        request.previousHolderStatus,
        request.requestedBy,
        request.requestedById,
        request.comment,
        JSON.stringify(request.approvers),
        request.source,
        request.createdAt,
      );
      const row = await byId.get(Number(info));
      if (!row) throw new Error('promotion request row vanished');
      return toRequest(row);
    },
    byUuid: async (uuid) => {
      const row = await byUuid.get(uuid);
      return row && toRequest(row);
    },
    pendingLike: async (versionId, kind, value, operation) => {
      const row = await pendingLike.get(versionId, kind, value, operation);
      return row && toRequest(row);
    },
    list: async (workspaceId, filter) =>
      (await list.all(workspaceId, filter.registryModelId ?? null, filter.registryModelId ?? null, filter.state ?? null, filter.state ?? null)).map(toRequest),
    decide: async (id, state, decidedBy, comment, now) => (await decide.run(state, decidedBy, comment, now, id)).changes === 1,
  };
}
