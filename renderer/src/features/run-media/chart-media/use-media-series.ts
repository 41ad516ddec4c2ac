import { useMemo } from 'react';
import { useApiQuery } from '../../../lib/api.ts';
import { mediaSeries, type MediaSeries } from './media-series.ts';

/** The run's files of one asset type grouped by name (the cached asset list the page reads), or the read's failure. */
export function useMediaSeries(experimentKey: string, type: string): { series: MediaSeries[] | undefined; error: Error | null } {
  const list = useApiQuery('listAssets', { experimentKey });
  const series = useMemo(() => (list.data ? mediaSeries(list.data.assets, type) : undefined), [list.data, type]);
  return { series, error: list.error };
}
