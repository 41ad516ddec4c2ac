import { useState } from 'react';
import { BridgeError } from '../../../bridge.ts';
import { callApi, useInvalidateApi } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { describeStep, planAddStage, type StageStep, type VersionStages } from '../stages.ts';
import { registryChangeReads, type ModelRef } from '../use-stage-change.ts';

/** The change the cockpit makes: put the candidate into a stage, or give it a status, taking it from whoever holds it. */
export interface PromotionChange {
  kind: 'stage' | 'status';
  value: string;
}

/** What became of the action: made (at once), filed as a promotion request, or refused with the server's message. */
export type PromotionOutcome =
  | { state: 'done'; via: 'move' | 'separate calls'; changed: boolean; movedFrom: string[]; notes: string[] }
  | { state: 'requested'; message: string }
  | { state: 'failed'; message: string };

/** A promotion's outcome, and the deliveries that were in the log before it (to show only those it caused). */
export interface PromotionResult {
  outcome: PromotionOutcome;
  startedAt: number;
  knownDeliveryIds: string[] | null;
}

/** True when the service has no one-step move (an older service: 404, or 501 not implemented): the app then uses the seed's calls. */
const lacksMove = (error: unknown): boolean => error instanceof BridgeError && (error.status === 501 || (error.status === 404 && error.code === 'incompatible'));

async function callStep(step: StageStep, profileId: string): Promise<void> {
  if (step.kind === 'add') await callApi('addRegistryModelVersionStage', { query: { modelItemId: step.registryModelItemId, stage: step.stage } }, profileId);
  else if (step.kind === 'remove') await callApi('removeRegistryModelVersionStage', { query: { modelItemId: step.registryModelItemId, stage: step.stage } }, profileId);
}

/** The seed's way: remove the stage from its holders then add it (each its own call), or set the status alone. */
async function separateCalls(change: PromotionChange, target: VersionStages, versions: readonly VersionStages[], profileId: string): Promise<PromotionOutcome> {
  if (change.kind === 'status') {
    await callApi('setRegistryModelItemStatus', { body: { modelItemId: target.registryModelItemId, status: change.value } }, profileId);
    return { state: 'done', via: 'separate calls', changed: true, movedFrom: [], notes: ['This service has no one-step move: other versions keep their status.'] };
  }
  const steps = planAddStage(versions, target, change.value, true);
  const notes: string[] = [];
  for (const step of steps) {
    try {
      await callStep(step, profileId);
      notes.push(describeStep(step));
    } catch (error) {
      return { state: 'failed', message: `${errorMessage(error)} (after: ${notes.join('; ') || 'nothing'})` };
    }
  }
  const movedFrom = steps.filter((step) => step.kind === 'remove').map((step) => step.registryModelItemId);
  return { state: 'done', via: 'separate calls', changed: steps.length > 0, movedFrom, notes: ['This service has no one-step move: the change was made in separate calls.', ...notes] };
}

/** Makes a promotion: the one-step move where the service has it, else the seed's calls; a policy turns it into a request. */
export function usePromotion(model: ModelRef, versions: readonly VersionStages[]) {
  const profileId = useActiveProfile().id;
  const invalidate = useInvalidateApi();
  const [running, setRunning] = useState(false);

  const run = async (change: PromotionChange, target: VersionStages, comment: string): Promise<PromotionResult> => {
    setRunning(true);
    const startedAt = Date.now();
    try {
      const known = await callApi('listWebhookDeliveries', { query: { workspaceName: model.workspaceName, modelName: model.modelName } }, profileId).then(
        (reply) => reply.deliveries.map((delivery) => delivery.deliveryId),
        () => null,
      );
      let outcome: PromotionOutcome;
      try {
        const body = { registryModelItemId: target.registryModelItemId, [change.kind]: change.value, ...(comment.trim() ? { comment } : {}) };
        const reply = await callApi('moveRegistryModelVersion', { body }, profileId);
        outcome = { state: 'done', via: 'move', changed: reply.changed, movedFrom: reply.movedFrom, notes: [] };
      } catch (error) {
        if (error instanceof BridgeError && error.code === 'pending_approval') outcome = { state: 'requested', message: error.message };
        else if (lacksMove(error)) outcome = await separateCalls(change, target, versions, profileId).catch((failure: unknown) => ({ state: 'failed' as const, message: errorMessage(failure) }));
        else outcome = { state: 'failed', message: errorMessage(error) };
      }
      await invalidate(registryChangeReads(model));
      return { outcome, startedAt, knownDeliveryIds: known };
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
