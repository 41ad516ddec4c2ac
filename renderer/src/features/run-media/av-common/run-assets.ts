import { useApiQuery } from '../../../lib/api.ts';
import type { RunAsset } from './asset-picks.ts';

/** How often a media tab reads the run's asset list again, so that a live run's new assets appear. */
const RELIST_MS = 10_000;

/** The run's assets that pass `keep` (the list read again every few seconds while the tab is open). */
export function useRunAssets(experimentKey: string, keep: (asset: RunAsset) => boolean) {
  return useApiQuery('listAssets', { experimentKey }, { select: (reply) => reply.assets.filter(keep), refetchInterval: RELIST_MS });
}
