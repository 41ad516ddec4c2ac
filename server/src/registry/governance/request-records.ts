import type { z } from 'zod';
import { SdkError } from '../../../../shared/api/index.ts';
import { PROMOTION_PENDING_STATUS, type promotionPendingReply, type promotionRequestRecord } from '../../../../shared/api/registry-governance.ts';
import type { Caller } from '../../http/handler.ts';
import type { PromotionRequest } from './request-store.ts';
import type { PromotionRequestPayload } from '../../webhooks/index.ts';
import type { FoundVersion } from '../changes.ts';

/** A promotion request as the reads return it. */
export type PromotionRequestRecord = z.output<typeof promotionRequestRecord>;

/** The 202 reply of a change a policy held back. */
export type PromotionPendingReply = z.output<typeof promotionPendingReply>;

/** True when the caller may approve or reject the request now: pending, not theirs, and named by the rule when it names anyone. */
export const mayDecide = (caller: Caller, request: PromotionRequest): boolean =>
  request.state === 'pending' &&
  request.requestedById !== caller.userId &&
  (request.approvers.length === 0 || request.approvers.includes(caller.userName));

/** A request as webhook payloads carry it (no caller, so no `mayApprove`). */
export function requestPayload(request: PromotionRequest, found: FoundVersion): PromotionRequestPayload {
  return {
    requestId: request.uuid,
    workspaceName: found.workspace.name,
    registryModelId: found.model.uuid,
    registryModelName: found.model.name,
    registryModelItemId: found.version.uuid,
    version: found.version.version,
    kind: request.kind,
    value: request.value,
    operation: request.operation,
    previousHolderStatus: request.previousHolderStatus,
    state: request.state,
    requestedBy: request.requestedBy,
    comment: request.comment,
    approvers: request.approvers,
    source: request.source,
    createdAt: request.createdAt,
    decidedBy: request.decidedBy,
    decisionComment: request.decisionComment,
    decidedAt: request.decidedAt,
  };
}

/** A request as the reads return it to `caller`. */
export const requestRecord = (request: PromotionRequest, found: FoundVersion, caller: Caller): PromotionRequestRecord => ({
  ...requestPayload(request, found),
  mayApprove: mayDecide(caller, request),
});

/** The 202 reply naming the requests filed (and, for a version just created, its ids). */
export function pendingReply(records: readonly PromotionRequestRecord[], ids: { registryModelId?: string; registryModelItemId?: string } = {}): PromotionPendingReply {
  const [first] = records;
  if (!first) throw new Error('a pending reply needs at least one request');
  const what = records.map((record) => `${record.kind} "${record.value}" (request ${record.requestId})`).join(', ');
  return {
    msg:
      `Held for approval: putting version ${first.version} of registry model "${first.registryModelName}" into ${what} ` +
      'needs approval by another user; it is made when the request is approved.',
    code: PROMOTION_PENDING_STATUS,
    sdk_error_code: SdkError.promotionPending,
    requestId: first.requestId,
    requests: [...records],
    ...ids,
  };
}
