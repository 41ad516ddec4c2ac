import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The app's colours: following the operating system, or always light or dark. */
export type ColorSchemeChoice = 'system' | 'light' | 'dark';

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
}

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
    }),
    { name: 'trackdesk-ui', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
