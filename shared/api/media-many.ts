import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, nonEmpty } from './fields.ts';

/** The most runs one `ext.mediaMany` request reads. */
export const MEDIA_MANY_MAX_RUNS = 1_000;
/** The most names `ext.mediaMany` answers (the first by name). */
export const MEDIA_MANY_MAX_NAMES = 1_000;
/** The most items (assets of the asked name) one `ext.mediaMany` reply holds, over all its runs. */
export const MEDIA_MANY_MAX_ITEMS = 50_000;

/** One logged asset of the asked name and kind in a run: its id, step and context. */
export const mediaItem = z.object({
  assetId: z.string(),
  step: z.number().int().nullable(),
  context: z.string().nullable(),
});

/** One run's assets of the asked name, by step then upload order. */
export const mediaRun = z.object({
  experimentKey: z.string(),
  items: z.array(mediaItem),
});

/** Extension read of the media of one kind that many runs logged (the analysis view's panels across runs). */
export const mediaManyEndpoints = {
  getMediaMany: defineEndpoint({
    id: 'ext.mediaMany',
    summary:
      'Extension: the names of the assets of one type (image, curve, confusion-matrix, histogram3d …) that up to 1,000 experiments logged, ' +
      'and, for one name, each run\'s assets of it (asset id, step, context) in one request; bounded in size.',
    group: 'assets',
    method: 'POST',
    needs: 'read',
    path: 'ext/experiments/media',
    body: z.object({
      experimentKeys: z.array(experimentKey).min(1).max(MEDIA_MANY_MAX_RUNS),
      type: nonEmpty(100).describe('The asset type, as the asset list names it (histogram_combined_3d is histogram3d).'),
      name: nonEmpty(1000).optional().describe("The fileName whose assets to answer per run; without it only the names come."),
    }),
    reply: z.object({
      type: z.string(),
      names: z
        .array(z.object({ name: z.string(), runs: z.number().int().describe('How many of the asked runs logged it.') }))
        .describe(`Every name of that type across the runs, by name (at most ${MEDIA_MANY_MAX_NAMES}).`),
      runs: z.array(mediaRun).describe('With `name`: in the order asked, the runs holding that name only (empty without `name`).'),
      missing: z.array(z.string()).describe('With `name`: keys of the asked runs holding no such asset (unknown and trashed runs too).'),
      truncated: z.boolean().describe(`Whether names or items were left out past the bounds (${MEDIA_MANY_MAX_NAMES} names, ${MEDIA_MANY_MAX_ITEMS} items).`),
    }),
  }),
};
