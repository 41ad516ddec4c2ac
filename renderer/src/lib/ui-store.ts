import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The app's colours: following the operating system, or always light or dark. */
export type ColorSchemeChoice = 'system' | 'light' | 'dark';

/** How a project's experiments table was left: its filter text, sort and summary columns (plain data, any shape the table keeps). */
export interface TableViewState {
  text: string;
  sort: unknown;
  columns: unknown;
}

/** UI state kept across restarts (never server data, never secrets). */
interface UiState {
  /** The workspace chosen per profile id. */
  workspaceByProfile: Record<string, string>;
  chooseWorkspace(profileId: string, workspaceName: string): void;
  /** The colours the user chose (System by default). */
  colorScheme: ColorSchemeChoice;
  chooseColorScheme(choice: ColorSchemeChoice): void;
  /** The side navigation shows icons only (in a wide window; a narrow one collapses it on its own). */
  navigationCollapsed: boolean;
  setNavigationCollapsed(collapsed: boolean): void;
  /** The experiments table's filter, sort and columns per project (keyed by profile and project id). */
  tableViews: Record<string, TableViewState>;
  keepTableView(viewKey: string, change: Partial<TableViewState>): void;
  /** The analysis view's panels per project (keyed like `tableViews`): kind, id and settings of each, in order. */
  analysisPanels: Record<string, readonly { id: string; kind: string; settings: Record<string, unknown> }[]>;
  keepAnalysisPanels(viewKey: string, panels: readonly { id: string; kind: string; settings: Record<string, unknown> }[]): void;
}

/** The key under which `useUiStore` is kept in local storage. */
const UI_STORE_KEY = 'trackdesk-ui';

/** The renderer's UI state store (zustand), persisted in local storage. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      workspaceByProfile: {},
      chooseWorkspace: (profileId, workspaceName) =>
        set((state) => ({ workspaceByProfile: { ...state.workspaceByProfile, [profileId]: workspaceName } })),
      colorScheme: 'system',
      chooseColorScheme: (colorScheme) => set({ colorScheme }),
      navigationCollapsed: false,
      setNavigationCollapsed: (navigationCollapsed) => set({ navigationCollapsed }),
      tableViews: {},
      keepTableView: (viewKey, change) =>
        set((state) => ({ tableViews: { ...state.tableViews, [viewKey]: { text: '', sort: null, columns: [], ...state.tableViews[viewKey], ...change } } })),
      analysisPanels: {},
      keepAnalysisPanels: (viewKey, panels) => set((state) => ({ analysisPanels: { ...state.analysisPanels, [viewKey]: panels } })),
    }),
    { name: UI_STORE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);


// Another window of the app changed what is kept (a project's columns or sort, the color scheme): take it in at once, so
// that every window shows the user's one set of settings and a later change here does not write the old ones back.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === UI_STORE_KEY) void useUiStore.persist.rehydrate();
  });
}
