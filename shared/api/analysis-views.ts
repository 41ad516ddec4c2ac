import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';
import { isMediaPanelKind, mediaPanelSettings } from './media-panels.ts';

/** The largest saved state of a view, as JSON text (its panels' settings and the table's state). */
export const VIEW_STATE_LIMIT_BYTES = 256 * 1024;

/** The UTF-8 length of `text` (surrogate pairs count 2 + 2). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}

/**
 * A panel of a saved view: its kind (a text: a newer app may know kinds this one does not), id and settings; a media
 * panel's settings must have that kind's shape (`media-panels.ts`), kept as sent.
 */
export const viewPanel = z
  .object({
    id: nonEmpty(100),
    kind: nonEmpty(100),
    settings: z.record(z.string(), z.unknown()),
  })
  .superRefine((panel, context) => {
    if (!isMediaPanelKind(panel.kind)) return;
    const checked = mediaPanelSettings[panel.kind].safeParse(panel.settings);
    for (const issue of checked.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['settings', ...issue.path.map(String)], message: `a ${panel.kind} panel's settings: ${issue.message}` });
    }
  });

/** A summary column of the experiments table as a view keeps it. */
export const viewTableColumn = z.object({
  kind: z.enum(['metric', 'param']),
  name: nonEmpty(1000),
  aggregate: z.enum(['current', 'min', 'max']),
});

/** What a view holds: its panels, and the experiments table's filter text, summary columns and sort. */
export const analysisViewState = z
  .object({
    panels: z.array(viewPanel).max(100),
    table: z.object({
      query: z.string().max(10_000).default(''),
      columns: z.array(viewTableColumn).max(200).default([]),
      sort: z.record(z.string(), z.unknown()).nullable().default(null).describe('The table\'s sort as the app keeps it (a base column or a summary column, and a direction); null: the first sort.'),
    }),
  })
  .refine((state) => utf8Length(JSON.stringify(state)) <= VIEW_STATE_LIMIT_BYTES, {
    message: `the view is larger than ${VIEW_STATE_LIMIT_BYTES / 1024} KiB: remove panels or shorten their settings, then save again`,
  });
/** One of `analysisViewState`. */
export type AnalysisViewState = z.output<typeof analysisViewState>;

/** A saved view without its state, as the list shows it. */
export const analysisViewSummary = z.object({
  viewId: z.string(),
  projectId: z.string(),
  name: z.string(),
  version: z.number().int().describe('Grows by one with each change; an update names the version it was made on.'),
  createdBy: z.string(),
  updatedBy: z.string(),
  updatedAt: z.number().int(),
});

/** A saved view with its state. */
export const analysisViewRecord = analysisViewSummary.extend({ state: analysisViewState });

const viewName = nonEmpty(200);
const viewId = nonEmpty(100);

/** Named analysis views of a project, saved on the service and shared with everyone who can read the project. */
export const analysisViewEndpoints = {
  listAnalysisViews: defineEndpoint({
    id: 'ext.analysisViews',
    summary: "Extension: a project's saved analysis views (names, versions, who changed them last), by name.",
    group: 'analysis-views',
    method: 'GET',
    needs: 'read',
    path: 'ext/analysis-views',
    query: z.object({ projectId: nonEmpty(100) }),
    reply: z.object({ views: z.array(analysisViewSummary) }),
  }),
  getAnalysisView: defineEndpoint({
    id: 'ext.analysisView',
    summary: 'Extension: one saved analysis view with its panels and table state.',
    group: 'analysis-views',
    method: 'GET',
    needs: 'read',
    path: 'ext/analysis-views/view',
    query: z.object({ viewId }),
    reply: analysisViewRecord,
  }),
  createAnalysisView: defineEndpoint({
    id: 'ext.analysisViewCreate',
    summary: 'Extension: saves a new named analysis view in a project (409 when the project has a view of that name).',
    group: 'analysis-views',
    method: 'POST',
    needs: 'write',
    path: 'ext/analysis-views/create',
    body: z.object({ projectId: nonEmpty(100), name: viewName, state: analysisViewState }),
    reply: analysisViewRecord,
  }),
  updateAnalysisView: defineEndpoint({
    id: 'ext.analysisViewUpdate',
    summary: 'Extension: replaces the state of a saved view made on `version` (409 naming the current version when someone else changed it since).',
    group: 'analysis-views',
    method: 'POST',
    needs: 'write',
    path: 'ext/analysis-views/update',
    body: z.object({ viewId, version: z.number().int().min(1), state: analysisViewState }),
    reply: analysisViewRecord,
  }),
  renameAnalysisView: defineEndpoint({
    id: 'ext.analysisViewRename',
    summary: 'Extension: renames a saved view (409 when the project has a view of that name).',
    group: 'analysis-views',
    method: 'POST',
    needs: 'write',
    path: 'ext/analysis-views/rename',
    body: z.object({ viewId, name: viewName }),
    reply: analysisViewRecord,
  }),
  deleteAnalysisView: defineEndpoint({
    id: 'ext.analysisViewDelete',
    summary: 'Extension: deletes a saved view.',
    group: 'analysis-views',
    method: 'POST',
    needs: 'write',
    path: 'ext/analysis-views/delete',
    body: z.object({ viewId }),
    reply: z.object({ viewId: z.string() }),
  }),
};
