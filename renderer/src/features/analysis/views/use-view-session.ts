import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAccessCheck } from '../../../lib/access.ts';
import { apiQueryKey, callApi, useApiQuery, useInvalidateApi, type ApiReply } from '../../../lib/api.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { useUiStore } from '../../../lib/ui-store.ts';
import type { PanelSpec } from '../panel-types.ts';
import { sameViewState, tableStateOf, viewStateOf, type ViewState } from './view-state.ts';

/** The search parameter of the analysis route naming the saved view shown (`/projects/<id>/analysis?view=<view id>`). */
export const VIEW_PARAMETER = 'view';

const NO_PANELS: readonly PanelSpec[] = [];

/** A saved view as the service answers it. */
export type SavedView = ApiReply<'getAnalysisView'>;

/**
 * The saved view the analysis route names (`?view=`): read from the service and written into the local panel and table
 * stores when it is opened; whether what is on screen differs from it; and saving, renaming and deleting it.
 */
export function useViewSession(projectId: string, viewKey: string, workspaceName: string | undefined) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const invalidate = useInvalidateApi();
  const accessOf = useAccessCheck(workspaceName);
  const [params, setParams] = useSearchParams();
  const viewId = params.get(VIEW_PARAMETER) ?? '';
  const views = useApiQuery('listAnalysisViews', { projectId }, { retry: false });
  const view = useApiQuery('getAnalysisView', { viewId }, { enabled: viewId !== '', retry: false, refetchOnWindowFocus: false });
  const panels = useUiStore((state) => state.analysisPanels[viewKey]) ?? NO_PANELS;
  const table = useUiStore((state) => state.tableViews[viewKey]);
  const current = useMemo(() => viewStateOf(panels, table), [panels, table]);

  const apply = useCallback(
    (state: ViewState) => {
      const store = useUiStore.getState();
      store.keepAnalysisPanels(viewKey, state.panels);
      store.keepTableView(viewKey, tableStateOf(state));
    },
    [viewKey],
  );
  // A view is written into the local stores once when it is opened (not again when it is read again: local edits stay).
  const appliedId = useRef('');
  const saved = view.data?.viewId === viewId ? view.data : undefined;
  useEffect(() => {
    if (!saved || appliedId.current === saved.viewId) return;
    appliedId.current = saved.viewId;
    apply(saved.state);
  }, [saved, apply]);

  const show = useCallback(
    (next: SavedView | null) => {
      if (next) {
        client.setQueryData(apiQueryKey(profileId, 'getAnalysisView', { viewId: next.viewId }), next);
        appliedId.current = next.viewId;
      }
      setParams((prior) => {
        const after = new URLSearchParams(prior);
        if (next) after.set(VIEW_PARAMETER, next.viewId);
        else after.delete(VIEW_PARAMETER);
        return after;
      });
      void invalidate(['listAnalysisViews']);
    },
    [client, profileId, setParams, invalidate],
  );

  return {
    /** Whether the caller may save a new view, save over one, rename or delete one (members), with the reason when not. */
    accessOf: {
      saveAs: accessOf('createAnalysisView'),
      save: accessOf('updateAnalysisView'),
      rename: accessOf('renameAnalysisView'),
      remove: accessOf('deleteAnalysisView'),
    },
    viewId,
    views,
    view,
    saved,
    /** Something on screen differs from the saved view (or nothing is saved while panels exist). */
    unsaved: saved ? !sameViewState(current, saved.state) : current.panels.length > 0,
    /** Opens a view from the list: shown and written into the local stores, even when it is the one shown. */
    open: async (id: string) => {
      const read = await callApi('getAnalysisView', { query: { viewId: id } }, profileId);
      apply(read.state);
      show(read);
    },
    save: async () => {
      if (!saved) throw new Error('No saved view is open: use "Save as…" to name this one.');
      show(await callApi('updateAnalysisView', { body: { viewId: saved.viewId, version: saved.version, state: current } }, profileId));
    },
    saveAs: async (name: string) => show(await callApi('createAnalysisView', { body: { projectId, name, state: current } }, profileId)),
    rename: async (name: string) => {
      if (saved) show(await callApi('renameAnalysisView', { body: { viewId: saved.viewId, name } }, profileId));
    },
    remove: async () => {
      if (!saved) return;
      await callApi('deleteAnalysisView', { body: { viewId: saved.viewId } }, profileId);
      client.removeQueries({ queryKey: apiQueryKey(profileId, 'getAnalysisView', { viewId: saved.viewId }) });
      appliedId.current = '';
      show(null);
    },
  };
}

/** What `useViewSession` answers. */
export type ViewSession = ReturnType<typeof useViewSession>;
