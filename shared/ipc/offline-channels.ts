import { z } from 'zod';
import { defineChannel } from './define.ts';

/** What importing one offline archive did. */
export const OfflineImportResult = z.object({
  /** The archive's file name. */
  fileName: z.string(),
  state: z.enum(['imported', 'already-imported', 'failed']),
  /** The run's key (the archive's `offline_id`), once read. */
  experimentKey: z.string().optional(),
  projectName: z.string().nullable().optional(),
  /** Why it failed, in words for the user. */
  message: z.string().optional(),
  /** Items of the run the service refused, or kinds not imported (the rest of the run is kept). */
  problems: z.array(z.string()).default([]),
  /** How many of each kind were imported. */
  counts: z.object({ metrics: z.number(), parameters: z.number(), others: z.number(), outputLines: z.number(), files: z.number() }).optional(),
});

/** What importing one archive did. */
export type OfflineImportResult = z.infer<typeof OfflineImportResult>;

/** An import's progress: which archive of how many, and its share done. */
export const OfflineImportProgress = z.object({
  importId: z.string(),
  fileName: z.string(),
  index: z.number().int(),
  count: z.number().int(),
  /** Share of this archive done, 0–1. */
  done: z.number(),
  /** Set once this archive is finished. */
  result: OfflineImportResult.optional(),
});

/** The watched folder: where it is, where imported archives are recorded, and the latest results. */
export const OfflineWatchState = z.object({
  folder: z.string().nullable(),
  /** The file in the data folder that lists the archives already imported (each is imported once). */
  doneFile: z.string(),
  recent: z.array(OfflineImportResult.extend({ at: z.string() })),
});

const importId = z.string().min(1).max(100);

/** Importing the offline archives the SDK writes (`OfflineExperiment`, or its fallback when the service was away) into the local service. */
export const offlineChannels = {
  'offline.import': defineChannel({
    summary: 'Imports offline archives (files chosen in the dialog) into the local service, as `comet upload` sends them; progress arrives as offline.progress events.',
    input: z.object({ importId, paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }),
    output: z.object({ results: z.array(OfflineImportResult) }),
  }),
  'offline.watchState': defineChannel({
    summary: 'The folder watched for new offline archives, where imported ones are recorded, and the latest results.',
    input: z.object({}),
    output: OfflineWatchState,
  }),
  'offline.watch': defineChannel({
    summary: 'Watches a folder (chosen in the dialog) for new offline archives, importing each once; null stops watching.',
    input: z.object({ folder: z.string().min(1).max(4096).nullable() }),
    output: OfflineWatchState,
  }),
  'files.chooseFolder': defineChannel({
    summary: 'Shows the native folder dialog (desktop window only; the browser shell answers "unsupported").',
    input: z.object({ title: z.string().max(200).optional() }),
    output: z.object({ path: z.string().nullable() }),
  }),
};
