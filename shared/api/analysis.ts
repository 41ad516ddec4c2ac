import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';
import { plainList } from './plain-list.ts';

/** A metric or parameter whose summary the analysis view reads for every run. */
export const analysisColumn = z.object({
  kind: z.enum(['metric', 'param']),
  name: nonEmpty(1000),
});
/** One of `analysisColumn`. */
export type AnalysisColumn = z.infer<typeof analysisColumn>;

/** A column's values, one entry per run in the reply's order (null where the run has none). */
export const analysisColumnValues = analysisColumn.extend({
  last: plainList(z.array(z.union([z.number(), z.string(), z.null()]))).describe('The last value logged: a number when it reads as one, else the text.'),
  min: plainList(z.array(z.number().nullable())).describe("The smallest numeric value of a metric; empty for a parameter (its value is its last)."),
  max: plainList(z.array(z.number().nullable())).describe('The largest numeric value of a metric; empty for a parameter.'),
});

/** A cursor of `ext.analysisRuns`: where a read stood. */
const analysisCursor = z.string().regex(/^\d{1,15}\.\d{1,15}\.\d{1,15}$/, 'must be a cursor this read answered');

/** The reply of `ext.analysisRuns`: parallel arrays, one entry per run. */
export const analysisRunsReply = z.object({
  keys: plainList(z.array(z.string())),
  names: plainList(z.array(z.string().nullable())).describe("Each run's name (null: none)."),
  tags: plainList(z.array(z.array(z.string()))),
  columns: z.array(analysisColumnValues).describe('In the order asked.'),
  // Optional, so that a reply of a service without live reads still reads as one (every run, and no cursor to follow).
  cursor: analysisCursor.optional().describe('Pass as since (with the same query and columns) to read only what changed after this read.'),
  delta: z.boolean().optional().describe('True on a read with since: the runs are only those that may have changed (merge them by key); else every run.'),
  removed: plainList(z.array(z.string())).optional().describe('With since: keys of runs to drop (trashed, moved away, unlinked, purged, or no longer passing the filter).'),
});

/** Extension reads of the project analysis view. */
export const analysisEndpoints = {
  getAnalysisRuns: defineEndpoint({
    id: 'ext.analysisRuns',
    summary:
      "Extension: the experiments of a project passing the table's filter text (as ext.tableQuery; not trashed), each with its name, " +
      'tags and the last, minimum and maximum values of the metrics and parameters asked for, as parallel arrays (charts over many runs); ' +
      'with since, only the runs changed since that read and the keys to drop (live views).',
    group: 'search',
    method: 'POST',
    needs: 'read',
    path: 'ext/experiments/analysis-runs',
    body: z.object({
      projectId: nonEmpty(100),
      query: z.string().max(10_000).default(''),
      columns: z.array(analysisColumn).max(64).default([]),
      since: analysisCursor.optional().describe('The cursor of a previous read of the same query and columns: answer only what changed since.'),
    }),
    reply: analysisRunsReply,
  }),
};
