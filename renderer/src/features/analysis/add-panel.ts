import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiQueryKey, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useUiStore } from '../../lib/ui-store.ts';
import { projectChoicesOf } from './column-choice/column-select.tsx';
import type { usePanelLayout } from './panel-layout.ts';
import type { PanelKindEntry } from './panel-types.ts';
import { prefetchAnalysisRuns } from './use-analysis-runs.ts';

/**
 * Adds a panel of a kind to the view. With the project's names already read, a kind that can say its first settings
 * gets them at once and its runs' read starts here, while the panel is still to render.
 */
export function useAddPanel(projectId: string, query: string, layout: ReturnType<typeof usePanelLayout>) {
  const client = useQueryClient();
  const profileId = useActiveProfile().id;
  const { add } = layout;
  return useCallback(
    (entry: PanelKindEntry) => {
      const choices = projectChoicesOf(client.getQueryData<ApiReply<'getProjectColumns'>>(apiQueryKey(profileId, 'getProjectColumns', { projectId })));
      const start = entry.start && choices.loaded ? entry.start(choices, useUiStore.getState().tableViews[`${profileId}\n${projectId}`]?.sort) : null;
      if (start) prefetchAnalysisRuns(client, profileId, projectId, query, start.columns);
      add(entry.kind, start?.settings ?? entry.defaults);
    },
    [client, profileId, projectId, query, add],
  );
}
