import { useAnalysisSelection } from '../analysis-selection.ts';

/** The search parameter "Compare" in the experiments table opens the analysis view with (the runs are in the linked selection). */
export const COMPARE_PARAMETER = 'compare';

/** Selects `keys` in the linked selection of project `projectId` and answers the analysis route that compares them. */
export function openAnalysisOn(projectId: string, keys: readonly string[]): string {
  const selection = useAnalysisSelection.getState();
  selection.forProject(projectId);
  selection.select(keys);
  return `/projects/${encodeURIComponent(projectId)}/analysis?${COMPARE_PARAMETER}=1`;
}
