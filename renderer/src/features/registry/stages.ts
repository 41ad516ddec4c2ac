/** Stage names offered even before a workspace uses any. */
const COMMON_STAGES = ['production', 'staging', 'development'] as const;

/** What stage planning needs of a version. */
export interface VersionStages {
  registryModelItemId: string;
  version: string;
  stages: readonly string[];
}

/** One change made through the service: add or remove one stage (E25/E26), or set stages and comment (E19). */
export type StageStep =
  | { kind: 'add'; registryModelItemId: string; version: string; stage: string }
  | { kind: 'remove'; registryModelItemId: string; version: string; stage: string }
  | { kind: 'set'; registryModelItemId: string; version: string; stages: string[]; comment: string | undefined }
  /** Ask for a protected stage: one promotion request that, once approved, moves the stage from its holders. */
  | { kind: 'request'; registryModelItemId: string; version: string; stage: string };

/** Another version holding stages the target is about to take. */
export interface StageHolder {
  registryModelItemId: string;
  version: string;
  stages: string[];
}

/** Stages trimmed, without empties and duplicates, in the order given (as the service stores them). */
export function normalizeStages(stages: readonly string[]): string[] {
  return [...new Set(stages.map((stage) => stage.trim()).filter(Boolean))];
}

/** Stage names to suggest: those in use (most used first, then by name), then the common ones not in use. */
export function stageSuggestions(inUse: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const stage of inUse.flat()) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  const used = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([stage]) => stage);
  return [...used, ...COMMON_STAGES.filter((stage) => !counts.has(stage))];
}

/** The other versions that hold any of `stages`, with the stages each holds. */
export function holdersOf(versions: readonly VersionStages[], targetId: string, stages: readonly string[]): StageHolder[] {
  const wanted = new Set(stages);
  return versions
    .filter((version) => version.registryModelItemId !== targetId)
    .map((version) => ({ registryModelItemId: version.registryModelItemId, version: version.version, stages: version.stages.filter((stage) => wanted.has(stage)) }))
    .filter((holder) => holder.stages.length > 0);
}

/** The steps that remove the given stages from the versions holding them (the "move" part of a promotion). */
function removalsFrom(holders: readonly StageHolder[]): StageStep[] {
  return holders.flatMap((holder) =>
    holder.stages.map((stage) => ({ kind: 'remove' as const, registryModelItemId: holder.registryModelItemId, version: holder.version, stage })),
  );
}

/** Adding one stage to a version; with `move`, it is first removed from every other version holding it. */
export function planAddStage(versions: readonly VersionStages[], target: VersionStages, stage: string, move: boolean): StageStep[] {
  const name = stage.trim();
  if (!name || target.stages.includes(name)) return [];
  const add: StageStep = { kind: 'add', registryModelItemId: target.registryModelItemId, version: target.version, stage: name };
  return move ? [...removalsFrom(holdersOf(versions, target.registryModelItemId, [name])), add] : [add];
}

/** Setting a version's stages and comment together; with `move`, stages it gains are first removed from their holders. */
export function planSetStages(
  versions: readonly VersionStages[],
  target: VersionStages,
  stages: readonly string[],
  comment: string | undefined,
  move: boolean,
): StageStep[] {
  const next = normalizeStages(stages);
  const gained = next.filter((stage) => !target.stages.includes(stage));
  const set: StageStep = { kind: 'set', registryModelItemId: target.registryModelItemId, version: target.version, stages: next, comment };
  return move ? [...removalsFrom(holdersOf(versions, target.registryModelItemId, gained)), set] : [set];
}

/** A version's stages after one step (for the history's before → after). */
export function stagesAfter(before: readonly string[], step: StageStep): string[] {
  if (step.kind === 'set') return [...step.stages];
  if (step.kind === 'add') return before.includes(step.stage) ? [...before] : [...before, step.stage];
  if (step.kind === 'request') return [...before];
  return before.filter((stage) => stage !== step.stage);
}

/** One line saying what a step does ("Add production to 2.0.0"). */
export function describeStep(step: StageStep): string {
  if (step.kind === 'add') return `Add ${step.stage} to ${step.version}`;
  if (step.kind === 'remove') return `Remove ${step.stage} from ${step.version}`;
  if (step.kind === 'request') return `Request ${step.stage} for ${step.version} (moved from its holders once approved)`;
  const stages = step.stages.length > 0 ? step.stages.join(', ') : 'no stages';
  return `Set ${step.version} to ${stages}${step.comment === undefined ? '' : ' and update its comment'}`;
}
