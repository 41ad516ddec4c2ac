import type { z } from 'zod';
import type { approvalRule, promotionRequestRecord } from '../../../../../shared/api/registry-governance.ts';
import { ACTION_LABELS, describeChange, type HistoryEvent } from '../version-history.ts';
import type { EvidenceDecision, EvidenceEvent } from './evidence-document.ts';
import type { PromotionChange, PromotionOutcome } from './use-promotion.ts';

/** One rule of an approval policy. */
export type ApprovalRule = z.output<typeof approvalRule>;
/** A promotion request as the service reads it. */
export type PromotionRequest = z.infer<typeof promotionRequestRecord>;

/** The rule in force for a change (values compared without regard to case), if any. */
export function ruleFor(rules: readonly ApprovalRule[], change: PromotionChange): ApprovalRule | undefined {
  const value = change.value.trim().toLowerCase();
  return rules.find((rule) => rule.kind === change.kind && rule.value.toLowerCase() === value);
}

/** The approval that applies, in words. */
export function policyText(rule: ApprovalRule | undefined, change: PromotionChange): string {
  if (!rule) return `No approval is needed to ${change.kind === 'stage' ? `move a version to stage “${change.value}”` : `set a version’s status to “${change.value}”`}.`;
  const who = rule.approvers.length > 0 ? `one of ${rule.approvers.join(', ')}` : 'any other member of the workspace';
  return `${change.kind === 'stage' ? `Moving a version to stage “${rule.value}”` : `Setting a version’s status to “${rule.value}”`} needs approval by a user other than the requester: ${who}.`;
}

/** A request's life as evidence lines: filed, then decided (when it was). */
export function requestEvents(request: PromotionRequest): EvidenceEvent[] {
  const filed = { at: request.createdAt, version: request.version, what: `requested ${request.kind} ${request.value} (${request.operation})`, who: request.requestedBy, comment: request.comment };
  if (request.state === 'pending' || request.decidedAt === null) return [filed];
  return [filed, { at: request.decidedAt, version: request.version, what: request.state, who: request.decidedBy ?? '—', comment: request.decisionComment ?? '' }];
}

/** The decision to record: the request's when there is one (its latest state), else the outcome of the action taken here. */
export function decisionOf(request: PromotionRequest | undefined, outcome: PromotionOutcome | undefined, at: number | null, userName: string | null): EvidenceDecision | null {
  if (request) {
    if (request.state === 'pending') return { outcome: `pending approval (requested by ${request.requestedBy})`, by: request.requestedBy, at: request.createdAt, comment: request.comment };
    return { outcome: request.state, by: request.decidedBy, at: request.decidedAt, comment: request.decisionComment ?? '' };
  }
  if (!outcome) return null;
  if (outcome.state === 'done') return { outcome: `changed at once (${outcome.via})`, by: userName, at, comment: '' };
  if (outcome.state === 'requested') return { outcome: `promotion requested: ${outcome.message}`, by: userName, at, comment: '' };
  return { outcome: `refused: ${outcome.message}`, by: userName, at, comment: '' };
}

/** The model's history entries of the given versions as evidence lines. */
export function historyEvents(events: readonly HistoryEvent[], versions: readonly string[]): EvidenceEvent[] {
  return events
    .filter((event) => versions.includes(event.registryModelItemVersion))
    .map((event) => ({ at: event.createdAt, version: event.registryModelItemVersion, what: `${ACTION_LABELS[event.actionType]}: ${describeChange(event)}`, who: event.userName, comment: event.comment }));
}
