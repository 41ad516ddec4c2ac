import type { Caller } from '../../http/handler.ts';
import type { RegistryServices } from '../services.ts';
import type { PromotionRequest } from './request-store.ts';
import type { ApprovalRule } from './policy-store.ts';
import type { RegistryModel } from '../registry-store.ts';
import type { Workspace } from '../../accounts/index.ts';
import { registryChanges, type FoundVersion } from '../changes.ts';
import { requestPayload } from './request-records.ts';
import { evidenceCapture } from './evidence-capture.ts';

/** A change a policy may hold back: put a version into a stage or status, alone (`move`) or beside others (`add`). */
export interface GuardedChange {
  kind: PromotionRequest['kind'];
  value: string;
  operation: PromotionRequest['operation'];
  previousHolderStatus?: string | null;
}

/** A step in a request's life, recorded in the version's history and sent as a webhook event. */
type RequestStep = 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';

/**
 * The approval policies at work: which rule protects a change, filing the request that holds it back (its evidence,
 * history entry and MODEL_VERSION_PROMOTION_REQUESTED in the caller's transaction), and announcing each later step.
 */
export function registryGate(services: RegistryServices) {
  const { registryPolicies, promotionRequests, registryHistory, webhooks } = services;
  const changes = registryChanges(services);
  const evidence = evidenceCapture(services);

  /** The rule protecting `kind`/`value` for the model (values compared without regard to case), if any. */
  const ruleFor = async (target: { workspace: Workspace; model: RegistryModel }, kind: GuardedChange['kind'], value: string): Promise<ApprovalRule | undefined> =>
    (await registryPolicies.effective(target.workspace.id, target.model.id)).find((rule) => rule.kind === kind && rule.value.toLowerCase() === value.trim().toLowerCase());

  /** Records a step of a request in the version's history and queues its webhook event. */
  const announce = async (caller: Caller, found: FoundVersion, request: PromotionRequest, step: RequestStep, comment: string): Promise<void> => {
    const payload = requestPayload(request, found);
    await registryHistory.record({
      workspaceId: found.workspace.id,
      registryModelUuid: found.model.uuid,
      registryModelName: found.model.name,
      itemUuid: found.version.uuid,
      version: found.version.version,
      action: `MODEL_VERSION_PROMOTION_${step}`,
      previousValue: step === 'REQUESTED' ? null : { state: 'pending' },
      newValue: { requestId: request.uuid, kind: request.kind, value: request.value, operation: request.operation, state: request.state, requestedBy: request.requestedBy },
      comment,
      userName: caller.userName,
      createdAt: services.now(),
    });
    const event = changes.eventOf(caller, found, found.version, found.version.stages);
    await webhooks.outbox.emit(`MODEL_VERSION_PROMOTION_${step}`, { ...event, promotionRequest: payload });
  };

  return {
    ruleFor,
    announce,
    /** Files a request for a held-back change, or returns the pending one for the same change of the same version. */
    async file(caller: Caller, found: FoundVersion, change: GuardedChange, rule: ApprovalRule, source: string, comment: string): Promise<PromotionRequest> {
      const existing = await promotionRequests.pendingLike(found.version.id, change.kind, change.value, change.operation);
      if (existing) return existing;
      const request = await promotionRequests.file({
        workspaceId: found.workspace.id,
        registryModelId: found.model.id,
        versionId: found.version.id,
        kind: change.kind,
        value: change.value.trim(),
        operation: change.operation,
        previousHolderStatus: change.previousHolderStatus ?? null,
        requestedBy: caller.userName,
        requestedById: caller.userId,
        comment,
        approvers: rule.approvers,
        source,
        createdAt: services.now(),
      });
      await evidence.record(caller, found, request, 'filed');
      await announce(caller, found, request, 'REQUESTED', comment);
      return request;
    },
  };
}
