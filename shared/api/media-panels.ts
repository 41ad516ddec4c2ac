import { z } from 'zod';

/** The step a media panel shows: a logged step, or null for each run's latest. */
const shownStep = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().default(null);
/** The media name a panel shows ('' until one is picked). */
const mediaName = z.string().max(1000).default('');
/** A run's key, as a panel names one. */
const runKey = z.string().max(200).nullable().default(null);

/** Settings of the images-side-by-side panel: one image name, one step for all runs, runs grouped by a parameter if asked. */
export const imagesPanelSettings = z.object({
  name: mediaName,
  step: shownStep,
  /** '' : runs as columns, ungrouped; else the parameter whose values group them. */
  groupBy: z.string().max(1000).default(''),
  /** Groups as rows (each a row of its runs) or as column groups side by side. */
  groupAs: z.enum(['rows', 'columns']).default('rows'),
});

/** Settings of the curves-overlaid panel: one curve name, a step (null: each run's latest). */
export const curvesPanelSettings = z.object({ name: mediaName, step: shownStep });

/** Settings of the confusion-matrices panel: one name, a step, and the two runs whose difference is shown. */
export const confusionPanelSettings = z.object({ name: mediaName, step: shownStep, diffA: runKey, diffB: runKey });

/** Settings of the histograms panel: one histogram3d name, a step (null: each run's latest). */
export const histogramsPanelSettings = z.object({ name: mediaName, step: shownStep });

/** Each media panel kind's settings, as a saved view holds them (checked on save; read with defaults by the app). */
export const mediaPanelSettings = {
  'media-images': imagesPanelSettings,
  'media-curves': curvesPanelSettings,
  'media-confusion': confusionPanelSettings,
  'media-histograms': histogramsPanelSettings,
} as const;

/** A kind of media panel. */
export type MediaPanelKind = keyof typeof mediaPanelSettings;

/** Whether `kind` is one of the media panels' kinds. */
export const isMediaPanelKind = (kind: string): kind is MediaPanelKind => Object.hasOwn(mediaPanelSettings, kind);
