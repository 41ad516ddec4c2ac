import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { labelName, nonEmpty, queryBoolean } from './fields.ts';

/** The HTTP status of a change that became a promotion request instead of being made (issue 14). */
export const PROMOTION_PENDING_STATUS = 202;

/** What a policy rule protects: putting a version into a stage, or giving it a status. */
export const promotionKinds = ['stage', 'status'] as const;

/** How an approved request applies: `add` puts the version into the stage/status; `move` also takes it from every other version. */
export const promotionOperations = ['add', 'move'] as const;

/** The life of a promotion request: pending until approved, rejected or cancelled (each final). */
export const promotionStates = ['pending', 'approved', 'rejected', 'cancelled'] as const;

/**
 * One rule of an approval policy: putting a version into `value` (a stage, or a status; matched without regard to case)
 * needs approval by a user other than the requester, and one of `approvers` when that list is not empty.
 */
export const approvalRule = z.object({
  kind: z.enum(promotionKinds),
  value: nonEmpty(100),
  approvers: z.array(nonEmpty(200)).max(100).default([]).describe('User names allowed to approve; empty means any other member of the workspace.'),
});

/** The rules of one policy as set (at most one rule per kind and value, case ignored); values are plain names (labelName). */
const approvalRules = z.array(approvalRule.extend({ value: labelName(100) })).max(200);

/** A registry model's policy as read: its own rules (null: none, the workspace default applies) and the rules in force. */
export const registryPolicyRecord = z.object({
  workspaceName: z.string(),
  modelName: z.string().nullable().describe('Null for the workspace default policy.'),
  rules: z.array(approvalRule).nullable().describe('The rules set at this level; null when none are set here.'),
  workspaceDefault: z.array(approvalRule).describe('The workspace default rules (empty when none).'),
  effective: z.array(approvalRule).describe("The rules in force: the model's own when set, else the workspace default."),
});

/** A promotion request: a change a policy held back until another user approves it. */
export const promotionRequestRecord = z.object({
  requestId: z.string(),
  workspaceName: z.string(),
  registryModelId: z.string(),
  registryModelName: z.string(),
  registryModelItemId: z.string(),
  version: z.string(),
  kind: z.enum(promotionKinds),
  value: z.string(),
  operation: z.enum(promotionOperations),
  previousHolderStatus: z.string().nullable().describe('For a status move: the status every other holder gets on approval.'),
  state: z.enum(promotionStates),
  requestedBy: z.string(),
  comment: z.string(),
  approvers: z.array(z.string()).describe('Who may approve (empty: any member but the requester), copied from the rule at filing time.'),
  source: z.string().describe('The endpoint id the change came through (E17, E18, E19, E25, A4.setRegistryModelItemStatus, ext.registryMove…).'),
  createdAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decisionComment: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  mayApprove: z.boolean().describe('Whether the caller of this read may approve or reject it now.'),
});

/**
 * The 202 reply of any registry change a policy turned into promotion requests. The shape clients of the seed API
 * expect on failure (`msg`, `code`, `sdk_error_code` 42030), plus the requests filed and, for E17/E18/`item/create`,
 * the ids of the version that was created without the held-back stages/status.
 */
export const promotionPendingReply = z.object({
  msg: z.string(),
  code: z.literal(PROMOTION_PENDING_STATUS),
  sdk_error_code: z.number().int(),
  requestId: z.string().describe('The first request filed (the only one, except for E19/E17/E18 with several protected stages).'),
  requests: z.array(promotionRequestRecord).min(1),
  registryModelId: z.string().optional(),
  registryModelItemId: z.string().optional(),
});

/** The reply of a move made at once: which versions lost the stage/status and which gained it. */
export const registryMoveReply = z.object({
  msg: z.literal('200 Ok'),
  code: z.literal(200),
  sdk_error_code: z.literal(0),
  registryModelItemId: z.string(),
  changed: z.boolean().describe('False when the version already held it alone (a repeated move).'),
  movedFrom: z.array(z.string()).describe('The registryModelItemIds that held the stage/status before.'),
});

const workspaceName = nonEmpty(100);
const modelName = nonEmpty(1000);
const requestParams = z.object({ requestId: nonEmpty(100) });
const decisionBody = z.object({ comment: z.string().max(100_000).optional() });

/** The governance extensions of the registry (issue 14): one-step moves, approval policies and promotion requests. */
export const registryGovernanceEndpoints = {
  moveRegistryModelVersion: defineEndpoint({
    id: 'ext.registryMove',
    summary:
      'Extension: put a version into a stage or status and take it from every other version of its model, in one transaction ' +
      '(a stage nobody holds is a plain add; repeating is a no-op). 202 with a promotion request when a policy protects it.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'ext/registry-model/move',
    body: z
      .object({
        registryModelItemId: nonEmpty(200),
        stage: labelName(100).optional(),
        status: labelName(100).optional(),
        previousHolderStatus: labelName(100).optional().describe("For a status move: what the previous holders get (default: the workspace's first allowed status)."),
        comment: z.string().max(100_000).optional(),
      })
      .refine((body) => (body.stage === undefined) !== (body.status === undefined), { message: 'give exactly one of "stage" and "status"' }),
    reply: registryMoveReply,
    accepted: promotionPendingReply,
  }),
  registryPolicy: defineEndpoint({
    id: 'ext.registryPolicy',
    summary: "Extension: a registry model's approval policy (or the workspace default when modelName is omitted).",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'ext/registry-model/policy',
    query: z.object({ workspaceName, modelName: modelName.optional() }),
    reply: registryPolicyRecord,
  }),
  setRegistryPolicy: defineEndpoint({
    id: 'ext.registryPolicySet',
    summary:
      "Extension: set a registry model's approval rules (or the workspace default without modelName); null removes the " +
      "model's own rules (the default applies again), [] sets a model policy that requires no approval. Only the workspace's " +
      'creator or a service admin may write (403 otherwise).',
    group: 'registry',
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/registry-model/policy',
    body: z.object({ workspaceName, modelName: modelName.nullish(), rules: approvalRules.nullable() }),
    reply: registryPolicyRecord,
  }),
  listPromotionRequests: defineEndpoint({
    id: 'ext.registryRequests',
    summary: "Extension: a workspace's promotion requests, newest first, filtered by model, state and whether the caller may approve them.",
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'ext/registry-model/requests',
    query: z.object({
      workspaceName,
      modelName: modelName.optional(),
      state: z.enum(promotionStates).optional(),
      mayApprove: queryBoolean.optional().describe('True: only pending requests the caller may approve.'),
    }),
    reply: z.object({ requests: z.array(promotionRequestRecord) }),
  }),
  promotionRequest: defineEndpoint({
    id: 'ext.registryRequest',
    summary: 'Extension: one promotion request.',
    group: 'registry',
    method: 'GET',
    needs: 'read',
    path: 'ext/registry-model/requests/{requestId}',
    params: requestParams,
    reply: promotionRequestRecord,
  }),
  approvePromotionRequest: defineEndpoint({
    id: 'ext.registryRequestApprove',
    summary:
      'Extension: approve a pending request and make its change in the same transaction (exactly once); 403 for the requester ' +
      'or a user the rule does not name, 409 when no longer pending.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'ext/registry-model/requests/{requestId}/approve',
    params: requestParams,
    body: decisionBody,
    reply: promotionRequestRecord,
  }),
  rejectPromotionRequest: defineEndpoint({
    id: 'ext.registryRequestReject',
    summary: 'Extension: reject a pending request with a comment (same users as approval); 409 when no longer pending.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'ext/registry-model/requests/{requestId}/reject',
    params: requestParams,
    body: decisionBody,
    reply: promotionRequestRecord,
  }),
  cancelPromotionRequest: defineEndpoint({
    id: 'ext.registryRequestCancel',
    summary: 'Extension: withdraw a pending request (its requester only); 409 when no longer pending.',
    group: 'registry',
    method: 'POST',
    needs: 'write',
    path: 'ext/registry-model/requests/{requestId}/cancel',
    params: requestParams,
    body: decisionBody,
    reply: promotionRequestRecord,
  }),
};
