import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentMetadata } from './experiments.ts';
import { experimentKey, nonEmpty, queryInt } from './fields.ts';
import { summaryRecord } from './logging-records.ts';

/** An opaque cursor of `ext.experimentChanges`: where the previous forward read ended. */
const changesCursor = z.string().regex(/^\d{1,15}\.\d{1,15}$/, 'must be a cursor this read answered');
/** An opaque cursor of `ext.experimentLive`. */
const liveCursor = z.string().min(1).max(200_000).regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor this read answered');

/** One experiment of a project's list as it is now, with its tags and whether it is in the trash. */
export const experimentChange = z.object({
  experiment: experimentMetadata,
  tags: z.array(z.string()),
  trashed: z.boolean(),
});

/** New points of one metric since a cursor; `reset` when there were too many to send (read the series again). */
export const liveMetric = z.object({
  summary: summaryRecord,
  reset: z.boolean(),
  values: z.array(z.union([z.number(), z.string()])).describe('Numbers where the logged value is numeric, else the string.'),
  steps: z.array(z.number().int().nullable()),
  epochs: z.array(z.number().int().nullable()),
  timestamps: z.array(z.number().int()),
});

/** Extension reads that answer only what changed since the caller's last read (live views). */
export const liveEndpoints = {
  getExperimentChanges: defineEndpoint({
    id: 'ext.experimentChanges',
    summary:
      "Extension: a project's experiment list (home or symlinked; archived and trashed ones included) read by changes. " +
      'Without since: the most recently changed experiments and a cursor; before=<next> continues that first read; ' +
      'since=<cursor>: only experiments changed (or stopped by silence) and removed since that read, oldest change first.',
    group: 'experiments',
    method: 'GET',
    needs: 'read',
    path: 'ext/experiments/changes',
    query: z.object({
      projectId: nonEmpty(100),
      since: changesCursor.optional(),
      before: queryInt.pipe(z.number().int().min(1)).optional().describe('The `next` of the previous page of a first read.'),
      limit: queryInt.pipe(z.number().int().min(1).max(20_000)).optional().describe('Default 5,000.'),
    }),
    reply: z.object({
      changed: z.array(experimentChange),
      removed: z.array(z.string()).describe('Keys of experiments no longer listed in the project.'),
      cursor: changesCursor.nullable().describe('Where the next forward read starts (null on a page asked with before).'),
      next: z.number().int().nullable().describe('Pass as before for the next page of a first read; null when it is complete.'),
      more: z.boolean().describe('True when the limit cut a forward read short: read again from cursor at once.'),
    }),
  }),
  getExperimentLive: defineEndpoint({
    id: 'ext.experimentLive',
    summary:
      "Extension: an experiment's state and what it logged since a cursor: new metric points (with the changed summaries) " +
      'and new output lines. Without since: the state and a cursor only.',
    group: 'logging',
    method: 'GET',
    needs: 'read',
    path: 'ext/experiment/live',
    query: z.object({ experimentKey, since: liveCursor.optional() }),
    reply: z.object({
      experiment: experimentMetadata,
      metrics: z.array(liveMetric),
      output: z.array(z.object({ output: z.string(), stderr: z.boolean() })).describe('In arrival order.'),
      cursor: liveCursor,
      more: z.boolean().describe('True when more output is waiting: read again from cursor at once.'),
    }),
  }),
};
