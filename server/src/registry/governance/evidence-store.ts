import type { z } from 'zod';
import type { evidenceSnapshot } from '../../../../shared/api/promotion-evidence.ts';
import type { Sql } from '../../database/sql.ts';

/** One recorded moment of a promotion request, as the evidence read returns it. */
export type EvidenceSnapshot = z.output<typeof evidenceSnapshot>;

/** Storage of promotion evidence: the snapshots recorded with each request. */
export interface PromotionEvidenceStore {
  /** Records a snapshot of request `requestId` (call inside the transaction that files or decides it). */
  record(requestId: number, snapshot: EvidenceSnapshot): Promise<void>;
  /** The snapshots of a request, oldest first. */
  list(requestId: number): Promise<EvidenceSnapshot[]>;
}

/** Creates the promotion evidence store over a database. */
export function createPromotionEvidenceStore(db: Sql): PromotionEvidenceStore {
  const insert = db.prepare('INSERT INTO promotion_evidence (request_id, moment, captured_at, snapshot) VALUES (?, ?, ?, ?)');
  const list = db.prepare<[number], string>('SELECT snapshot FROM promotion_evidence WHERE request_id = ? ORDER BY id').pluck();
  return {
    record: async (requestId, snapshot) => {
      await insert.run(requestId, snapshot.moment, snapshot.capturedAt, JSON.stringify(snapshot));
    },
    list: async (requestId) => (await list.all(requestId)).map((text) => JSON.parse(text) as EvidenceSnapshot),
  };
}
