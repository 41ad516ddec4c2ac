import { useQueries } from '@tanstack/react-query';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { readAssetText } from './asset-text.ts';
import { itemAt, type MediaRun } from './media-steps.ts';

/** One run's asset at the panel's step and its text: undefined while read, an error message when it could not be. */
export interface RunText {
  experimentKey: string;
  assetId: string;
  step: number;
  text?: string;
  error?: string;
}

/** The text of each run's asset at `step` (its latest for null), read through the backend, each once. */
export function useRunTexts(mediaRuns: readonly MediaRun[], step: number | null): RunText[] {
  const profileId = useActiveProfile().id;
  const wanted = mediaRuns.flatMap((run) => {
    const item = itemAt(run, step);
    return item ? [{ experimentKey: run.experimentKey, assetId: item.assetId, step: item.step ?? 0 }] : [];
  });
  const reads = useQueries({
    queries: wanted.map((one) => ({
      queryKey: [profileId, 'assetText', one.experimentKey, one.assetId],
      queryFn: () => readAssetText(profileId, one.experimentKey, one.assetId),
      staleTime: Infinity,
      retry: false,
    })),
  });
  return wanted.map((one, at) => {
    const read = reads[at];
    return { ...one, ...(read?.data === undefined ? {} : { text: read.data }), ...(read?.error ? { error: read.error.message } : {}) };
  });
}
