import { z } from 'zod';
import { defineChannel } from './define.ts';

const name = z.string().trim().min(1, 'must not be empty');
const jobId = z.string().min(1).max(100);

/** Where experiments are copied from and to, and which. */
export const CopyRequest = z.object({
  sourceProfileId: name.max(100),
  experimentKeys: z.array(name.max(200)).min(1).max(10_000),
  targetProfileId: name.max(100),
  workspaceName: name.max(100),
  projectName: name.max(250),
});

/** What the target service can take: whether it is a Trackdesk service (batch paths), and what a copy to it would lose. */
export const CopyPlan = z.object({ targetIsOurs: z.boolean(), losses: z.array(z.string()) });

/** One experiment of a copy job: its progress in items, its copy, and the verification of that copy. */
export const CopyExperimentView = z.object({
  sourceKey: z.string(),
  name: z.string(),
  state: z.enum(['pending', 'copying', 'verifying', 'done', 'failed']),
  itemsDone: z.number().int().min(0),
  itemsTotal: z.number().int().min(0),
  targetKey: z.string().optional(),
  /** The copy's address on the target service. */
  targetLink: z.string().optional(),
  /** What differed between the two sides (empty when the check passed). */
  problems: z.array(z.string()),
  /** Move only: the source went to the trash. */
  trashed: z.boolean(),
});

/** A copy or move job as the window shows it (also pushed as `copies.progress`). */
export const CopyJobView = CopyRequest.extend({
  jobId,
  mode: z.enum(['copy', 'move']),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** What to do next when the job failed or was stopped. */
  message: z.string().optional(),
  targetIsOurs: z.boolean(),
  losses: z.array(z.string()),
  experiments: z.array(CopyExperimentView),
});

/** A copy or move job as the window shows it. */
export type CopyJobView = z.infer<typeof CopyJobView>;

/** Copying and moving experiments between two connections the user holds ("Copy to connection…"). */
export const copyChannels = {
  'copies.plan': defineChannel({
    summary: 'Looks at the target connection: whether it offers the batch paths, and what a copy to it would lose (said before starting).',
    input: CopyRequest,
    output: CopyPlan,
  }),
  'copies.start': defineChannel({
    summary: 'Starts copying (or moving: copy, verify, then trash the source) experiments to a project of another connection; answers the job.',
    input: CopyRequest.extend({ mode: z.enum(['copy', 'move']).default('copy') }),
    output: CopyJobView,
  }),
  'copies.list': defineChannel({
    summary: 'Every copy job this app keeps (running, finished or stopped), newest first.',
    input: z.object({}),
    output: z.object({ jobs: z.array(CopyJobView) }),
  }),
  'copies.cancel': defineChannel({
    summary: 'Stops a running copy job after the item in flight; what was copied stays, and resuming skips it.',
    input: z.object({ jobId }),
    output: CopyJobView,
  }),
  'copies.resume': defineChannel({
    summary: 'Resumes a stopped or failed copy job where it left off, without copying anything twice.',
    input: z.object({ jobId }),
    output: CopyJobView,
  }),
};
