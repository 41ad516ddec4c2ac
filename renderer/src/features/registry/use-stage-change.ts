import { useState } from 'react';
import { BridgeError } from '../../bridge.ts';
import { callApi, useInvalidateApi, type InvalidateTarget } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { stagesAfter, type StageStep, type VersionStages } from './stages.ts';
import { historyTarget } from './use-version-history.ts';

/** The registry model whose stages change. */
export interface ModelRef {
  workspaceName: string;
  modelName: string;
  registryModelId: string;
}

/** The reads a change to a model's versions makes stale: its history, the model and list pages, deliveries, requests. */
export const registryChangeReads = (model: ModelRef): InvalidateTarget[] => [
  historyTarget(model.registryModelId),
  ['registryModelDetails', { workspaceName: model.workspaceName }],
  ['listRegistryModels', { workspaceName: model.workspaceName }],
  'listWebhookDeliveries',
  'listExperimentModels',
  'listPromotionRequests',
];

/** What happened to one step: done, held back as a promotion request, failed with the server's message, or not attempted after an earlier failure. */
export type StepOutcome =
  | { step: StageStep; state: 'done' }
  | { step: StageStep; state: 'requested'; message: string }
  | { step: StageStep; state: 'failed'; error: string }
  | { step: StageStep; state: 'skipped' };

/** The result of a stage change: each step's outcome, and what is needed to find the webhook deliveries it caused. */
export interface StageChangeResult {
  outcomes: StepOutcome[];
  /** The versions whose stages changed. */
  changedIds: string[];
  /** Deliveries in the log before the change; null when the service keeps no delivery log. */
  knownDeliveryIds: string[] | null;
}

const sameStages = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((stage) => b.includes(stage));

function callStep(step: StageStep, profileId: string): Promise<unknown> {
  if (step.kind === 'add') return callApi('addRegistryModelVersionStage', { query: { modelItemId: step.registryModelItemId, stage: step.stage } }, profileId);
  if (step.kind === 'remove') {
    return callApi('removeRegistryModelVersionStage', { query: { modelItemId: step.registryModelItemId, stage: step.stage } }, profileId);
  }
  if (step.kind === 'request') return callApi('moveRegistryModelVersion', { body: { registryModelItemId: step.registryModelItemId, stage: step.stage } }, profileId);
  const body = { registryModelItemId: step.registryModelItemId, stages: step.stages, comment: step.comment };
  return callApi('updateRegistryModelVersion', { body }, profileId);
}

/** Runs stage steps in order (stopping at the first failure), then refreshes the model, its history and its deliveries. */
export function useStageChange(model: ModelRef, versions: readonly VersionStages[]) {
  const profileId = useActiveProfile().id;
  const invalidate = useInvalidateApi();
  const [running, setRunning] = useState(false);

  const run = async (steps: readonly StageStep[]): Promise<StageChangeResult> => {
    setRunning(true);
    try {
      const known = await callApi('listWebhookDeliveries', { query: { workspaceName: model.workspaceName, modelName: model.modelName } }, profileId).then(
        (reply) => reply.deliveries.map((delivery) => delivery.deliveryId),
        () => null,
      );
      const stagesNow = new Map(versions.map((version) => [version.registryModelItemId, [...version.stages]]));
      const outcomes: StepOutcome[] = [];
      const changed = new Set<string>();
      for (const step of steps) {
        if (outcomes.some((outcome) => outcome.state === 'failed' || outcome.state === 'skipped')) {
          outcomes.push({ step, state: 'skipped' });
          continue;
        }
        try {
          await callStep(step, profileId);
          const before = stagesNow.get(step.registryModelItemId) ?? [];
          const after = stagesAfter(before, step);
          stagesNow.set(step.registryModelItemId, after);
          outcomes.push({ step, state: 'done' });
          if (!sameStages(before, after)) changed.add(step.registryModelItemId);
        } catch (error) {
          // A policy held the change back (202): the request is filed, the rest of a set of stages was made.
          if (error instanceof BridgeError && error.code === 'pending_approval') {
            outcomes.push({ step, state: 'requested', message: error.message });
            if (step.kind === 'set') changed.add(step.registryModelItemId);
          } else outcomes.push({ step, state: 'failed', error: errorMessage(error) });
        }
      }
      await invalidate(registryChangeReads(model));
      return { outcomes, changedIds: [...changed], knownDeliveryIds: known };
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
