import type { StageStep } from './stages.ts';

/**
 * Fits planned stage steps to the approval policy: a protected stage the plan moves to the target (removed from its holders,
 * then added or set) becomes one request that moves it once approved, so the holders keep it until then. A protected stage
 * added without moving is left to the service, which files a request for it.
 */
export function guardSteps(steps: readonly StageStep[], targetId: string, isProtected: (stage: string) => boolean): StageStep[] {
  const gains = (step: StageStep): string[] =>
    step.registryModelItemId !== targetId ? [] : step.kind === 'add' ? [step.stage] : step.kind === 'set' ? step.stages : [];
  const moved = new Set(
    steps.filter((step) => step.kind === 'remove' && step.registryModelItemId !== targetId && isProtected(step.stage)).map((step) => (step.kind === 'remove' ? step.stage : '')),
  );
  const wanted = steps.flatMap(gains).filter((stage) => moved.has(stage));
  if (wanted.length === 0) return [...steps];
  const target = steps.find((step) => step.registryModelItemId === targetId);
  const version = target?.version ?? '';
  const kept = steps.flatMap((step): StageStep[] => {
    if (step.kind === 'remove' && moved.has(step.stage) && step.registryModelItemId !== targetId) return [];
    if (step.kind === 'add' && step.registryModelItemId === targetId && moved.has(step.stage)) return [];
    if (step.kind === 'set' && step.registryModelItemId === targetId) return [{ ...step, stages: step.stages.filter((stage) => !moved.has(stage)) }];
    return [step];
  });
  return [...kept, ...wanted.map((stage): StageStep => ({ kind: 'request', registryModelItemId: targetId, version, stage }))];
}

/** The protected stages a plan asks for (requests, or stages the service will hold back), in words for the confirmation; null if none. */
export function requestNotice(steps: readonly StageStep[], targetId: string, currentStages: readonly string[], isProtected: (stage: string) => boolean): string | null {
  const asked = steps.flatMap((step) => {
    if (step.registryModelItemId !== targetId) return [];
    if (step.kind === 'request' || step.kind === 'add') return [step.stage];
    return step.kind === 'set' ? step.stages : [];
  });
  const held = [...new Set(asked.filter((stage) => !currentStages.includes(stage) && isProtected(stage)))];
  if (held.length === 0) return null;
  return `The approval policy protects ${held.join(', ')}: this files a promotion request instead of changing it, and nothing protected changes until another user approves it.`;
}
