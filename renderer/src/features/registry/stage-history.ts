import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { useActiveProfile } from '../../lib/profiles.tsx';

/** One stage change recorded by earlier Trackdesk versions: who, when, on which version, before → after. */
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

/** One stage change recorded by earlier Trackdesk versions. */
export type StageHistoryEntry = z.infer<typeof stageHistoryEntry>;

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
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * The stage changes the active profile recorded in local storage before the service kept a version history (read only: the
 * service's history replaced it; they are shown only for services without one).
 */
export function useStageHistory(): StageHistoryEntry[] {
  const key = stageHistoryKey(useActiveProfile().id);
  return useSyncExternalStore(subscribe, () => snapshot(key));
}
