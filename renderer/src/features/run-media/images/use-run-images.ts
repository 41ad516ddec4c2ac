import { useApiQuery } from '../../../lib/api.ts';

/** How often a running experiment's image list is read again (a live run gains images, and the tab itself). */
const LIVE_REFRESH_MS = 5_000;

/** A run's image assets (the asset list read, `type=image`), read again every few seconds while the run is running. */
export function useRunImages(experimentKey: string, running = false) {
  return useApiQuery('listAssets', { experimentKey, type: 'image' }, { refetchInterval: running ? LIVE_REFRESH_MS : false });
}
