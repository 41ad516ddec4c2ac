import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, messageReply, msgReply, nonEmpty, queryBoolean, queryInt, timestampMillis } from './fields.ts';

const workspaceName = nonEmpty(100);
const projectName = nonEmpty(250);
const byKey = z.object({ experimentKey });

/** Where a run is: the three states the service's clients know (write-api.md: running, finished, crashed). */
export const runState = z.enum(['running', 'finished', 'crashed']);

/** A run's state. */
export type RunState = z.infer<typeof runState>;

/**
 * How a run ended: its client ended it (the SDK's end, E3, a status report), its client reported a crash, or it went
 * silent (no heartbeat within the liveness timeout: a killed script, a machine that lost power).
 */
export const runEnding = z.enum(['client', 'crash', 'silence']);

/** How a run ended. */
export type RunEnding = z.infer<typeof runEnding>;

/** An experiment's metadata as the reads return it (write-api.md Resources, plus compat.md §3's fields). */
export const experimentMetadata = z.object({
  experimentKey: z.string(),
  experimentName: z.string().nullable(),
  workspaceName: z.string(),
  projectName: z.string(),
  projectId: z.string(),
  archived: z.boolean(),
  running: z.boolean(),
  throttle: z.boolean(),
  throttleMessage: z.string().nullable(),
  throttleReasons: z.array(z.string()),
  startTimeMillis: z.number().int(),
  endTimeMillis: z.number().int(),
  durationMillis: z.number().int(),
  fileName: z.string().nullable(),
  filePath: z.string().nullable(),
  optimizationId: z.string().nullable(),
  userName: z.string().nullable(),
  hasCrashed: z.boolean().describe('Set by update-status (hasCrashed=true): the run ended by a crash. The Python SDK reads it with [].'),
  lastError: z.string().nullable().describe('The last error a client reported through update-status.'),
  // Optional: services that do not record them (the hosted one) answer running and hasCrashed only.
  state: runState.optional().describe('running, finished or crashed (hasCrashed, or heartbeats that stopped without an end).'),
  endedBy: runEnding
    .nullable()
    .optional()
    .describe('How the run ended: client, crash (reported) or silence (no heartbeat within the timeout); null while running or when it never sent a heartbeat nor was ended.'),
  lastHeardAt: timestampMillis.nullable().optional().describe('When the run last sent a heartbeat (ms); null when it never did.'),
});

/** The experiment metadata type. */
export type ExperimentMetadata = z.infer<typeof experimentMetadata>;

/** E2–E10, the experiment list/metadata reads, and the trash extensions. */
export const experimentEndpoints = {
  createExperiment: defineEndpoint({
    id: 'E2',
    summary: 'Create an experiment (and its project, when the workspace has none of that name).',
    group: 'experiments',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/create',
    body: z.object({ workspaceName, projectName, experimentName: z.string().max(1000).nullish() }),
    reply: z.object({ experimentKey: z.string(), workspaceName: z.string(), projectName: z.string(), link: z.string() }),
  }),
  stopExperiment: defineEndpoint({
    id: 'E3',
    summary: 'Stop an experiment: it no longer counts as running.',
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/stop',
    query: byKey,
    reply: msgReply('Stop Requested'),
  }),
  archiveExperiment: defineEndpoint({
    id: 'E4',
    summary: 'Archive an experiment: hidden from the default list, listed with archived=true.',
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/archive',
    query: byKey,
    reply: msgReply('Archived'),
  }),
  moveExperiments: defineEndpoint({
    id: 'E5',
    summary: 'Move experiments to another project, or symlink them into it (symlink=true).',
    group: 'experiments',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/move',
    body: z.object({
      targetWorkspaceName: workspaceName,
      targetProjectName: projectName,
      experimentKeys: z.array(experimentKey).min(1).max(10_000),
      symlink: z.boolean(),
    }),
    reply: messageReply,
  }),
  symlinkExperiment: defineEndpoint({
    id: 'E6',
    summary: "List an experiment also in another project of its workspace (query `exerimentKey`, as the interface spells it; `experimentKey` is accepted too).",
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/project/symlink',
    query: z
      .object({ exerimentKey: experimentKey.optional(), experimentKey: experimentKey.optional(), projectName })
      .refine((query) => query.exerimentKey !== undefined || query.experimentKey !== undefined, {
        message: 'is required',
        path: ['exerimentKey'],
      }),
    reply: z.object({ link: z.string() }),
  }),
  deleteExperiment: defineEndpoint({
    id: 'E7',
    summary: 'Move an experiment to the trash (E8 restores it; ext purge destroys it).',
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/delete',
    query: byKey,
    reply: msgReply('Deleted'),
  }),
  restoreExperiment: defineEndpoint({
    id: 'E8',
    summary: 'Restore an experiment from the trash or from the archive.',
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/restore',
    query: byKey,
    reply: msgReply('Restore'),
  }),
  keepAlive: defineEndpoint({
    id: 'E9',
    summary: 'Keep-alive: the experiment counts as running until no keep-alive arrives within isAliveBeatDurationMillis.',
    group: 'experiments',
    method: 'GET',
    needs: 'write',
    path: 'write/experiment/set-status',
    query: byKey,
    reply: z.object({
      isAliveBeatDurationMillis: z.number().int(),
      gpuMonitorIntervalMillis: z.number().int(),
      cpuMonitorIntervalMillis: z.number().int(),
    }),
  }),
  setStartEndTime: defineEndpoint({
    id: 'E10',
    summary: 'Set start and/or end time (end only: start = end − 1 s; start only: end = start + 1 s, when unset).',
    group: 'experiments',
    method: 'POST',
    needs: 'write',
    path: 'write/experiment/set-start-end-time',
    body: z.object({ experimentKey, startTimeMillis: timestampMillis.nullish(), endTimeMillis: timestampMillis.nullish() }),
    reply: msgReply('Saved'),
  }),
  listExperiments: defineEndpoint({
    id: 'read.experiments',
    summary:
      "A project's experiments (symlinked ones included), newest first; archived ones only with archived=true. " +
      'page (1-based) and size (default 100) select a page; sortBy startTime|endTime with sortOrder asc|desc (default desc) orders them.',
    group: 'experiments',
    method: 'GET',
    needs: 'read',
    path: 'experiments',
    query: z.object({
      projectId: nonEmpty(100).optional(),
      workspaceName: workspaceName.optional(),
      projectName: projectName.optional(),
      archived: queryBoolean.optional(),
      page: queryInt.pipe(z.number().int().min(1)).optional(),
      size: queryInt.pipe(z.number().int().min(1).max(10_000)).optional(),
      sortBy: z.enum(['startTime', 'endTime']).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
    }),
    reply: z.object({ experiments: z.array(experimentMetadata) }),
  }),
  getExperimentMetadata: defineEndpoint({
    id: 'read.experimentMetadata',
    summary: "One experiment's metadata.",
    group: 'experiments',
    method: 'GET',
    needs: 'read',
    path: 'experiment/metadata',
    query: byKey,
    reply: experimentMetadata,
  }),
  listTrashedExperiments: defineEndpoint({
    id: 'ext.trashedExperiments',
    summary: "Extension: the experiments in a workspace's trash, most recently deleted first.",
    group: 'experiments',
    method: 'GET',
    needs: 'read',
    path: 'ext/experiments/trash',
    query: z.object({ workspaceName }),
    reply: z.object({ experiments: z.array(experimentMetadata) }),
  }),
  listExperimentTags: defineEndpoint({
    id: 'ext.experimentTags',
    summary:
      'Extension: the tags of every experiment listed in a project (home or symlinked; archived and trashed ones included), ' +
      'keyed by experiment key, in the order first added; experiments without tags are left out. One read instead of one per experiment.',
    group: 'experiments',
    method: 'GET',
    needs: 'read',
    path: 'ext/experiments/tags',
    query: z.object({ projectId: nonEmpty(100).optional(), workspaceName: workspaceName.optional(), projectName: projectName.optional() }),
    reply: z.object({ tags: z.record(z.string(), z.array(z.string())) }),
  }),
  purgeExperiment: defineEndpoint({
    id: 'ext.purgeExperiment',
    summary: 'Extension: destroy an experiment that is in the trash, with everything logged to it. Cannot be undone.',
    group: 'experiments',
    method: 'POST',
    needs: 'write',
    path: 'ext/experiment/purge',
    body: byKey,
    reply: msgReply('Purged'),
  }),
};
