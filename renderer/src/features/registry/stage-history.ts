import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { useActiveProfile } from '../../lib/profiles.tsx';

/** One stage change made through Trackdesk: who, when, on which version, before → after. */
const stageHistoryEntry = z.object({
  at: z.number(),
  userName: z.string(),
  workspaceName: z.string(),
  registryModelId: z.string(),
  modelName: z.string(),
  registryModelItemId: z.string(),
  version: z.string(),
  before: z.array(z.string()),
  after: z.array(z.string()),
});

/** One stage change made through Trackdesk. */
export type StageHistoryEntry = z.infer<typeof stageHistoryEntry>;

/** How many changes are kept per profile (the oldest are dropped first). */
export const STAGE_HISTORY_LIMIT = 2000;

/** The local-storage key of a profile's history (it holds no secrets). */
export const stageHistoryKey = (profileId: string): string => `trackdesk-stage-history/${profileId}`;

/** The entries stored under a key, oldest first; a damaged value reads as empty. */
export function parseStageHistory(raw: string | null): StageHistoryEntry[] {
  if (!raw) return [];
  try {
    const parsed = z.array(stageHistoryEntry).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The history with new entries appended, capped at STAGE_HISTORY_LIMIT. */
export function appendedHistory(current: readonly StageHistoryEntry[], added: readonly StageHistoryEntry[]): StageHistoryEntry[] {
  return [...current, ...added].slice(-STAGE_HISTORY_LIMIT);
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; entries: StageHistoryEntry[] }>();

function snapshot(key: string): StageHistoryEntry[] {
  const raw = localStorage.getItem(key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.entries;
  const entries = parseStageHistory(raw);
  cache.set(key, { raw, entries });
  return entries;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The active profile's stage-change history (kept in local storage, so it survives reloads) and how to add to it. */
export function useStageHistory(): { entries: StageHistoryEntry[]; record(entries: readonly StageHistoryEntry[]): boolean } {
  const key = stageHistoryKey(useActiveProfile().id);
  const entries = useSyncExternalStore(subscribe, () => snapshot(key));
  const record = useCallback(
    (added: readonly StageHistoryEntry[]) => {
      if (added.length === 0) return true;
      try {
        localStorage.setItem(key, JSON.stringify(appendedHistory(snapshot(key), added)));
      } catch {
        return false;
      }
      for (const listener of listeners) listener();
      return true;
    },
    [key],
  );
  return { entries, record };
}
