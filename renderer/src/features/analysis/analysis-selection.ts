import { create } from 'zustand';

/** The runs chosen across the analysis view's panels and the experiments table (one project at a time). */
interface AnalysisSelection {
  projectId: string | null;
  /** Runs the user picked (a click in a panel, a row in the table), by key. */
  selected: readonly string[];
  /** Per panel, the run keys its brush lets through (absent: that panel does not filter). */
  brushes: Readonly<Record<string, readonly string[]>>;
  /** Starts over for another project. */
  forProject(projectId: string): void;
  select(keys: readonly string[]): void;
  setBrush(panelId: string, keys: readonly string[] | null): void;
}

/** The linked selection of the analysis view and the table (zustand; not persisted). */
export const useAnalysisSelection = create<AnalysisSelection>()((set, get) => ({
  projectId: null,
  selected: [],
  brushes: {},
  forProject: (projectId) => {
    if (get().projectId !== projectId) set({ projectId, selected: [], brushes: {} });
  },
  select: (selected) => set({ selected }),
  setBrush: (panelId, keys) =>
    set((state) => {
      const brushes = { ...state.brushes };
      if (keys === null) delete brushes[panelId];
      else brushes[panelId] = keys;
      return { brushes };
    }),
}));

/** The keys every brush except `exceptPanelId`'s lets through, or null when no other brush filters. */
export function brushedKeys(brushes: Readonly<Record<string, readonly string[]>>, exceptPanelId?: string): ReadonlySet<string> | null {
  let passing: Set<string> | null = null;
  for (const [panelId, keys] of Object.entries(brushes)) {
    if (panelId === exceptPanelId) continue;
    passing = passing === null ? new Set(keys) : new Set(keys.filter((key) => passing?.has(key)));
  }
  return passing;
}
