import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CopyJobView } from '../../../../shared/ipc/index.ts';
import { invoke, on } from '../../bridge.ts';

/** The react-query key of the copy jobs (kept by the backend, not by one connection). */
const COPY_JOBS_KEY = ['copy-jobs'] as const;

/** Every copy job the backend keeps, newest first, kept current by the `copies.progress` events. */
export function useCopyJobs(): CopyJobView[] {
  const client = useQueryClient();
  const query = useQuery({ queryKey: COPY_JOBS_KEY, queryFn: () => invoke('copies.list', {}) });
  useEffect(
    () =>
      on('copies.progress', (job) =>
        client.setQueryData<{ jobs: CopyJobView[] }>(COPY_JOBS_KEY, (old) => {
          const jobs = old?.jobs ?? [];
          return { jobs: jobs.some((j) => j.jobId === job.jobId) ? jobs.map((j) => (j.jobId === job.jobId ? job : j)) : [job, ...jobs] };
        }),
      ),
    [client],
  );
  return query.data?.jobs ?? [];
}

/** Adds a job the window just started or resumed (before its first progress event). */
export function useRememberJob(): (job: CopyJobView) => void {
  const client = useQueryClient();
  return (job) =>
    client.setQueryData<{ jobs: CopyJobView[] }>(COPY_JOBS_KEY, (old) => ({ jobs: [job, ...(old?.jobs ?? []).filter((j) => j.jobId !== job.jobId)] }));
}

/** A job's progress from 0 to 100, over every item of every experiment. */
export function overallPercent(job: CopyJobView): number {
  const total = job.experiments.reduce((sum, e) => sum + e.itemsTotal, 0);
  const done = job.experiments.reduce((sum, e) => sum + e.itemsDone, 0);
  return total === 0 ? 0 : Math.round((100 * done) / total);
}
