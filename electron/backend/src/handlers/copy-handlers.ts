import type { CopyJobs } from '../copy/copy-jobs.ts';
import type { Handlers } from '../ipc/dispatch.ts';

/** The `copies.*` channels: copying and moving experiments between connections. */
export function copyHandlers(jobs: CopyJobs): Pick<Handlers, 'copies.plan' | 'copies.start' | 'copies.list' | 'copies.cancel' | 'copies.resume'> {
  return {
    'copies.plan': (input) => jobs.plan(input),
    'copies.start': (input) => jobs.start(input),
    'copies.list': async () => ({ jobs: await jobs.list() }),
    'copies.cancel': ({ jobId }) => jobs.cancel(jobId),
    'copies.resume': ({ jobId }) => jobs.resume(jobId),
  };
}
