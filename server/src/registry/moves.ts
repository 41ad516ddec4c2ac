import { badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { registryChanges, type FoundVersion } from './changes.ts';
import { normalizeStages } from './support.ts';

const sameStage = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What a move did: whether anything changed, and which versions held the stage or status before. */
export interface MoveOutcome {
  changed: boolean;
  movedFrom: string[];
}

/**
 * One-step moves (ext.registryMove and approved move requests): the stage or status is taken from every other
 * version of the model and given to `found`, through `registryChanges` (one history entry per version changed,
 * webhook events queued). Call inside a transaction; `found.version` must be read in it.
 */
export function registryMoves(services: RegistryServices) {
  const { registry, registryStatuses } = services;
  const changes = registryChanges(services);
  const others = async (found: FoundVersion) => (await registry.versions(found.model.id)).filter((version) => version.id !== found.version.id);
  /** The status the previous holders of `value` get; 400 when it is not allowed or is `value` itself. */
  const fallbackStatus = async (found: FoundVersion, value: string, previousHolderStatus?: string | null): Promise<string> => {
    const fallback = previousHolderStatus ? await changes.allowedStatus(found.workspace, previousHolderStatus) : ((await registryStatuses.allowed(found.workspace.id))[0] ?? 'None');
    if (fallback === value) throw badRequest(`The previous holders of status "${value}" need another status: give "previousHolderStatus".`);
    return fallback;
  };
  return {
    fallbackStatus,
    /**
     * Moves a stage (trimmed): other versions lose it in any letter case (`Staging` is the stage `staging` asked for,
     * as approval rules match it); a stage nobody holds is a plain add, a repeated move changes nothing.
     */
    async moveStage(caller: Caller, found: FoundVersion, stage: string, comment?: string): Promise<MoveOutcome> {
      const value = stage.trim();
      const holders = (await others(found)).filter((version) => version.stages.some((held) => sameStage(held, value)));
      const note = comment ?? `Moved to version ${found.version.version}.`;
      for (const holder of holders) {
        await changes.setStages(caller, { ...found, version: holder }, holder.stages.filter((held) => !sameStage(held, value)), 'removed', note);
      }
      const holdsIt = found.version.stages.some((held) => sameStage(held, value));
      const added = !holdsIt && (await changes.setStages(caller, found, normalizeStages([...found.version.stages, value]), 'added', comment));
      return { changed: added || holders.length > 0, movedFrom: holders.map((holder) => holder.uuid) };
    },
    /** Gives `found` the status and the other holders `previousHolderStatus` (default: the workspace's first allowed value). */
    async moveStatus(caller: Caller, found: FoundVersion, status: string, previousHolderStatus?: string | null): Promise<MoveOutcome> {
      const value = await changes.allowedStatus(found.workspace, status);
      const fallback = await fallbackStatus(found, value, previousHolderStatus);
      const holders = (await others(found)).filter((version) => version.status === value);
      for (const holder of holders) await changes.setStatus(caller, { ...found, version: holder }, fallback);
      const set = await changes.setStatus(caller, found, value);
      return { changed: set || holders.length > 0, movedFrom: holders.map((holder) => holder.uuid) };
    },
    /** True when `found` alone holds the stage or status (a move would change nothing). */
    async holdsAlone(found: FoundVersion, kind: 'stage' | 'status', value: string): Promise<boolean> {
      const held = (version: FoundVersion['version']) => (kind === 'stage' ? version.stages.some((stage) => sameStage(stage, value)) : version.status === value);
      return held(found.version) && !(await others(found)).some(held);
    },
  };
}
