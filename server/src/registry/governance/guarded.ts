import type { z } from 'zod';
import type { registryMoveReply } from '../../../../shared/api/registry-governance.ts';
import type { Caller } from '../../http/handler.ts';
import type { RegistryServices } from '../services.ts';
import type { ExperimentModel } from '../../assets/index.ts';
import type { PromotionRequest } from './request-store.ts';
import type { RegistryModel } from '../registry-store.ts';
import type { Workspace } from '../../accounts/index.ts';
import { registryChanges, type FoundVersion, type VersionFields } from '../changes.ts';
import { registryGate, type GuardedChange } from './gate.ts';
import { registryMoves } from '../moves.ts';
import { pendingReply, requestRecord, type PromotionPendingReply } from './request-records.ts';
import { normalizeStages } from '../support.ts';
import { mapInOrder } from '../../database/in-order.ts';
import { ok } from '../../http/replies.ts';

/** What a move body asks for (ext.registryMove). */
export interface MoveRequest {
  stage?: string;
  status?: string;
  previousHolderStatus?: string;
  comment?: string;
}

/**
 * The registry changes as the endpoints make them under the approval policies: a change a rule protects becomes a
 * promotion request (the 202 reply), the rest is made at once. With no policy every change is made as before.
 * `source` names the endpoint (its contract id) in the request. Call inside the request's transaction.
 */
export function registryGuarded(services: RegistryServices) {
  const { registry } = services;
  const changes = registryChanges(services);
  const gate = registryGate(services);
  const moves = registryMoves(services);

  const reread = async (found: FoundVersion): Promise<FoundVersion> => {
    const version = await registry.versionByUuid(found.version.uuid);
    if (!version) throw new Error(`registry version ${found.version.uuid} vanished`);
    return { ...found, version };
  };
  /** Files a request when a rule protects the change; undefined when none does. */
  const hold = async (caller: Caller, found: FoundVersion, change: GuardedChange, source: string, comment: string): Promise<PromotionRequest | undefined> => {
    const rule = await gate.ruleFor(found, change.kind, change.value);
    return rule && await gate.file(caller, found, change, rule, source, comment);
  };
  const pending = (caller: Caller, found: FoundVersion, requests: PromotionRequest[], ids?: { registryModelId: string; registryModelItemId: string }) =>
    pendingReply(
      requests.map((request) => requestRecord(request, found, caller)),
      ids,
    );

  return {
    /** E17, E18, `item/create`: the version is created without protected stages and status; requests hold those back. */
    async addVersion(caller: Caller, target: { workspace: Workspace; model: RegistryModel }, source: ExperimentModel, fields: VersionFields, endpoint: string) {
      const stages = normalizeStages(fields.stages ?? []);
      const heldStages: string[] = [];
      for (const stage of stages) if ((await gate.ruleFor(target, 'stage', stage)) !== undefined) heldStages.push(stage);
      const status = fields.status?.trim() ? await changes.allowedStatus(target.workspace, fields.status) : undefined;
      const statusHeld = status !== undefined && await gate.ruleFor(target, 'status', status) !== undefined;
      const free = { ...fields, stages: stages.filter((stage) => !heldStages.includes(stage)), status: statusHeld ? null : fields.status };
      const ids = await changes.addVersion(caller, target, source, free);
      if (heldStages.length === 0 && !statusHeld) return ids;
      const version = await registry.versionByUuid(ids.registryModelItemId);
      if (!version) throw new Error('the version just created vanished');
      const found = { ...target, version };
      const comment = fields.comment ?? '';
      const wanted: GuardedChange[] = heldStages.map((value) => ({ kind: 'stage', value, operation: 'add' }));
      if (statusHeld && status !== version.status) wanted.push({ kind: 'status', value: status, operation: 'add' });
      const filed = (await mapInOrder(wanted, (change) => hold(caller, found, change, endpoint, comment))).filter((request) => request !== undefined);
      return filed.length > 0 ? pending(caller, found, filed, ids) : ids;
    },
    /** E19's stages: protected stages the version does not hold yet become requests; the rest of the list is set. */
    async replaceStages(caller: Caller, found: FoundVersion, stages: string[], comment: string | undefined, endpoint: string): Promise<PromotionPendingReply | undefined> {
      const next = normalizeStages(stages);
      const held: string[] = [];
      for (const stage of next) if (!found.version.stages.includes(stage) && (await gate.ruleFor(found, 'stage', stage))) held.push(stage);
      await changes.setStages(caller, found, next.filter((stage) => !held.includes(stage)), 'replaced', comment);
      if (held.length === 0) return undefined;
      const fresh = await reread(found);
      const filed = (await mapInOrder(held, (value) => hold(caller, fresh, { kind: 'stage', value, operation: 'add' }, endpoint, comment ?? ''))).filter((request) => request !== undefined);
      return pending(caller, fresh, filed);
    },
    /** E25: adds one stage, or files a request when a rule protects it. */
    async addStage(caller: Caller, found: FoundVersion, stage: string, endpoint: string) {
      const value = stage.trim();
      if (!found.version.stages.includes(value)) {
        const request = await hold(caller, found, { kind: 'stage', value, operation: 'add' }, endpoint, '');
        if (request) return pending(caller, found, [request]);
      }
      await changes.setStages(caller, found, normalizeStages([...found.version.stages, value]), 'added');
      return ok('200 Ok');
    },
    /** `item/status`: sets an allowed status, or files a request when a rule protects it. */
    async setStatus(caller: Caller, found: FoundVersion, status: string, endpoint: string) {
      const value = await changes.allowedStatus(found.workspace, status);
      if (found.version.status !== value) {
        const request = await hold(caller, found, { kind: 'status', value, operation: 'add' }, endpoint, '');
        if (request) return pending(caller, found, [request]);
      }
      await changes.setStatus(caller, found, value);
      return ok('200 Ok');
    },
    /** ext.registryMove: moves at once, or files a move request when a rule protects the stage or status. */
    async move(caller: Caller, found: FoundVersion, body: MoveRequest, endpoint: string): Promise<z.output<typeof registryMoveReply> | PromotionPendingReply> {
      const kind = body.stage === undefined ? 'status' : 'stage';
      const value = body.stage?.trim() ?? await changes.allowedStatus(found.workspace, body.status ?? '');
      const previousHolderStatus = kind === 'status' ? await moves.fallbackStatus(found, value, body.previousHolderStatus) : null;
      if (!await moves.holdsAlone(found, kind, value)) {
        const request = await hold(caller, found, { kind, value, operation: 'move', previousHolderStatus }, endpoint, body.comment ?? '');
        if (request) return pending(caller, found, [request]);
      }
      const outcome = kind === 'stage' ? await moves.moveStage(caller, found, value, body.comment) : await moves.moveStatus(caller, found, value, previousHolderStatus);
      return { msg: '200 Ok', code: 200, sdk_error_code: 0, registryModelItemId: found.version.uuid, ...outcome };
    },
  };
}
