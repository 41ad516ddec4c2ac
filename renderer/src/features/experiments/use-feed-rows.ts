import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, BACKGROUND_READ, callApi } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { ExperimentFeed, stepFeed, type FeedSnapshot } from './experiment-feed.ts';

/** How often a complete list asks for changes: well within the 2 s in which a running experiment must show. */
export const LIVE_INTERVAL_MS = 1_000;
/** Feeds kept across visits (the most recent projects), so coming back reads only what changed meanwhile. */
const KEPT_FEEDS = 4;
const feeds = new Map<string, ExperimentFeed>();

function feedFor(profileId: string, projectId: string): ExperimentFeed {
  const id = `${profileId}\n${projectId}`;
  const feed = feeds.get(id) ?? new ExperimentFeed(projectId);
  feeds.delete(id);
  feeds.set(id, feed);
  for (const oldest of feeds.keys()) {
    if (feeds.size <= KEPT_FEEDS) break;
    feeds.delete(oldest);
  }
  return feed;
}

/** The rows of a project read through its change feed, and whether the service has that read at all. */
interface FeedRows {
  snapshot: FeedSnapshot | undefined;
  error: BridgeError | null;
  /** True when the service answered that it has no change read (the hosted one): use the full list reads instead. */
  unsupported: boolean;
}

/**
 * Keeps a project's rows current through `ext.experimentChanges`: paged first read, then a forward read every second;
 * each new snapshot reaches the caller in a deferred render.
 */
export function useFeedRows(projectId: string): FeedRows {
  const profileId = useActiveProfile().id;
  const feed = useMemo(() => feedFor(profileId, projectId), [profileId, projectId]);
  const query = useQuery<FeedSnapshot, BridgeError>({
    queryKey: apiQueryKey(profileId, 'getExperimentChanges', { projectId }),
    queryFn: () => stepFeed(feed, (changes) => callApi('getExperimentChanges', { query: changes }, profileId)),
    structuralSharing: false,
    meta: BACKGROUND_READ,
    refetchOnWindowFocus: false,
    retry: false,
    // The first read's further pages follow at once; then changes are asked for every second.
    refetchInterval: (current) => (current.state.error && !feed.complete ? false : feed.complete ? LIVE_INTERVAL_MS : 1),
  });
  const code = query.error?.code;
  const unsupported = !feed.complete && query.data === undefined && (code === 'not_found' || code === 'incompatible');
  // A new snapshot is drawn at low priority: typing, clicks and scrolling go first, a tick never holds up a keystroke.
  const snapshot = useDeferredValue(query.data);
  return { snapshot, error: query.error, unsupported };
}
