import { SdkError } from '../../../../shared/api/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { Caller, HandlerTable } from '../../http/handler.ts';
import type { RegistryServices } from '../services.ts';
import type { FinalState, PromotionRequest } from './request-store.ts';
import type { RegistryVersion } from '../version-rows.ts';
import { registryChanges, type FoundVersion } from '../changes.ts';
import { registryGate } from './gate.ts';
import { evidenceCapture } from './evidence-capture.ts';
import { registryMoves } from '../moves.ts';
import { mayDecide, requestRecord } from './request-records.ts';
import { mapInOrder } from '../../database/in-order.ts';
import { normalizeStages, registryLookups } from '../support.ts';

/** The history step of each decision. */
const STEPS = { approved: 'APPROVED', rejected: 'REJECTED', cancelled: 'CANCELLED' } as const;

/** Handlers of the promotion requests: list, read, evidence, approve (making the change), reject and cancel. */
export function createRegistryRequestHandlers(services: RegistryServices): HandlerTable {
  const { access, registry, promotionRequests, promotionEvidence } = services;
  const lookups = registryLookups(services);
  const changes = registryChanges(services);
  const gate = registryGate(services);
  const moves = registryMoves(services);
  const evidence = evidenceCapture(services);
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  /** The request's version with its model and workspace; `versions` caches each model's versions for a list. */
  const foundOf = async (caller: Caller, request: PromotionRequest, versions = new Map<number, RegistryVersion[]>()): Promise<FoundVersion> => {
    const model = await registry.modelById(request.registryModelId);
    if (!model) throw new Error('registry model of a request vanished');
    const list = versions.get(model.id) ?? await registry.versions(model.id);
    versions.set(model.id, list);
    const version = list.find((candidate) => candidate.id === request.versionId);
    if (!version) throw new Error('registry version of a request vanished');
    return { workspace: await lookups.workspaceOf(caller, model.workspaceId), model, version };
  };
  /** A request by id: 404 when unknown, 403 when in a workspace the caller does not belong to. */
  const requestNamed = async (caller: Caller, requestId: string) => {
    const request = await promotionRequests.byUuid(requestId.trim());
    if (!request) throw notFound(`No promotion request with requestId "${requestId}".`);
    return { request, found: await foundOf(caller, request) };
  };
  const requirePending = (request: PromotionRequest) => {
    if (request.state !== 'pending') throw new ApiError(409, SdkError.conflict, `Promotion request ${request.uuid} is already ${request.state} (by ${request.decidedBy ?? 'nobody'}).`);
  };
  const refuse = (message: string) => new ApiError(403, SdkError.approvalRefused, message);
  const requireDecider = (caller: Caller, request: PromotionRequest, verb: string) => {
    if (request.requestedById === caller.userId) throw refuse(`You filed promotion request ${request.uuid}: another user must ${verb} it (you may cancel it).`);
    if (!mayDecide(caller, request)) throw refuse(`Only ${request.approvers.join(', ')} may ${verb} promotion request ${request.uuid}.`);
  };
  /** Makes the change an approved request stands for (no-op parts write no history). */
  const apply = async (caller: Caller, found: FoundVersion, request: PromotionRequest) => {
    const note = `Approved promotion request ${request.uuid} (requested by ${request.requestedBy}).`;
    if (request.kind === 'stage' && request.operation === 'add') await changes.setStages(caller, found, normalizeStages([...found.version.stages, request.value]), 'added', note);
    else if (request.kind === 'stage') await moves.moveStage(caller, found, request.value, note);
    else if (request.operation === 'add') await changes.setStatus(caller, found, request.value);
    else await moves.moveStatus(caller, found, request.value, request.previousHolderStatus);
  };
  /** Ends a pending request in one transaction (its evidence recorded before an approval makes its change); 409 when someone decided first. */
  const decide = (caller: Caller, requestId: string, state: FinalState, comment: string | undefined) =>
    transaction(async () => {
      const { request, found } = await requestNamed(caller, requestId);
      requirePending(request);
      if (state === 'cancelled') {
        if (request.requestedById !== caller.userId) throw refuse(`Only ${request.requestedBy}, who filed promotion request ${request.uuid}, may cancel it.`);
      } else requireDecider(caller, request, state === 'approved' ? 'approve' : 'reject');
      const decidedFirst = await promotionRequests.decide(request.id, state, caller.userName, comment ?? '', services.now());
      const decided = await promotionRequests.byUuid(request.uuid) ?? request;
      if (!decidedFirst) requirePending(decided);
      await evidence.record(caller, found, decided, 'decided');
      await gate.announce(caller, found, decided, STEPS[state], comment ?? '');
      if (state === 'approved') await apply(caller, found, decided);
      return requestRecord(decided, found, caller);
    });

  return {
    listPromotionRequests: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const model = query.modelName ? (await lookups.model(caller, workspace.name, query.modelName)).model : undefined;
      const state = query.mayApprove ? 'pending' : query.state;
      const requests = await promotionRequests.list(workspace.id, { registryModelId: model?.id, state });
      const versions = new Map<number, RegistryVersion[]>();
      const listed = query.mayApprove ? requests.filter((request) => mayDecide(caller, request)) : requests;
      return { requests: await mapInOrder(listed, async (request) => requestRecord(request, await foundOf(caller, request, versions), caller)) };
    },
    promotionRequest: async ({ params, caller }) => {
      const { request, found } = await requestNamed(caller, params.requestId);
      return requestRecord(request, found, caller);
    },
    promotionEvidence: async ({ params, caller }) => {
      const { request } = await requestNamed(caller, params.requestId);
      return { requestId: request.uuid, records: await promotionEvidence.list(request.id) };
    },
    approvePromotionRequest: ({ params, body, caller }) => decide(caller, params.requestId, 'approved', body.comment),
    rejectPromotionRequest: ({ params, body, caller }) => decide(caller, params.requestId, 'rejected', body.comment),
    cancelPromotionRequest: ({ params, body, caller }) => decide(caller, params.requestId, 'cancelled', body.comment),
  };
}
