import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** UI state kept across restarts (never server data, never secrets). */
interface UiState {
  /** The workspace chosen per profile id. */
  workspaceByProfile: Record<string, string>;
  chooseWorkspace(profileId: string, workspaceName: string): void;
}

/** The renderer's UI state store (zustand), persisted in local storage. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      workspaceByProfile: {},
      chooseWorkspace: (profileId, workspaceName) =>
        set((state) => ({ workspaceByProfile: { ...state.workspaceByProfile, [profileId]: workspaceName } })),
    }),
    { name: 'trackdesk-ui', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
