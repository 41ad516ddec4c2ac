import { useMemo } from 'react';
import { BACKGROUND_READ, useApiQuery } from '../../../lib/api.ts';

/** How often a running experiment's asset list is read again, so a media tab appears once its first file arrives. */
const RUNNING_REREAD_MS = 5_000;

/** The asset types a run has logged (from its asset list, read again every few seconds while it runs). */
export function useRunAssetTypes(experimentKey: string, running: boolean): ReadonlySet<string> {
  const list = useApiQuery('listAssets', { experimentKey }, { refetchInterval: running ? RUNNING_REREAD_MS : false, meta: BACKGROUND_READ });
  return useMemo(() => new Set((list.data?.assets ?? []).map((asset) => asset.type)), [list.data]);
}
