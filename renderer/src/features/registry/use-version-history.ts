import { useQuery } from '@tanstack/react-query';
import { callBulk } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { BridgeError } from '../../bridge.ts';
import { flattenHistory, isHistoryUnsupported, type HistoryEvent } from './version-history.ts';

/** The history of a model's versions: the service's entries, or word that the service keeps no history. */
type ModelHistory = { kind: 'service'; events: HistoryEvent[] } | { kind: 'unsupported'; reason: string };

/** What the history of a model is read for: the model and its current versions. */
export interface HistorySubject {
  registryModelId: string;
  versions: readonly { registryModelItemId: string; version: string }[];
}

/** The query key of a model's history; changes to any of its versions invalidate `['registryModelItemHistory', {registryModelId}]`. */
export const historyTarget = (registryModelId: string) => ['registryModelItemHistory', { registryModelId }] as const;

/**
 * Reads `registry-model/history/item` for every version of a model (one bulk call) and merges the entries. When the service
 * answers 404 or 501 for every version it keeps no history; any other failure is reported with the version it concerns.
 */
export function useVersionHistory({ registryModelId, versions }: HistorySubject) {
  const profileId = useActiveProfile().id;
  const ids = versions.map((version) => version.registryModelItemId);
  return useQuery<ModelHistory, Error>({
    queryKey: [profileId, 'registryModelItemHistory', { registryModelId, ids }],
    queryFn: async () => {
      if (versions.length === 0) return { kind: 'service', events: [] };
      const items = ids.map((registryModelItemId) => ({ body: { registryModelItemId, groupedBy: 'DAY' as const } }));
      const outcomes = await callBulk('registryModelItemHistory', items, profileId);
      const failures = outcomes.flatMap((outcome, index) => (outcome.ok ? [] : [{ error: outcome.error, version: versions[index]?.version ?? '' }]));
      const first = failures[0];
      if (first && failures.length === outcomes.length && failures.every(({ error }) => isHistoryUnsupported(error))) {
        return { kind: 'unsupported', reason: first.error.message };
      }
      if (first) throw new BridgeError({ ...first.error, message: `Could not read the history of version ${first.version}: ${first.error.message}` });
      return { kind: 'service', events: flattenHistory(outcomes.flatMap((outcome) => (outcome.ok ? [outcome.data] : []))) };
    },
  });
}
