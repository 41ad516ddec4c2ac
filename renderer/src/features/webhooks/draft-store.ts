import { create } from 'zustand';
import type { WebhookEntry } from './webhook-model.ts';

interface DraftState {
  /** Unsaved entries by `draftKey`; absent when the workspace has no unsaved edits. */
  drafts: Record<string, WebhookEntry[]>;
  keep(key: string, entries: WebhookEntry[] | null): void;
}

/** The key of a workspace's draft: profile and workspace, since names repeat across services. */
export const draftKey = (profileId: string, workspaceName: string): string => `${profileId}\n${workspaceName}`;

/**
 * Unsaved webhook edits per workspace, kept while the app runs so that visiting another screen or workspace loses
 * nothing; in memory only, never on disk, as they may hold secrets.
 */
export const useWebhookDrafts = create<DraftState>()((set) => ({
  drafts: {},
  keep: (key, entries) =>
    set((state) => {
      const drafts = { ...state.drafts };
      if (entries) drafts[key] = entries;
      else delete drafts[key];
      return { drafts };
    }),
}));
