import type { Query, QueryClient } from '@tanstack/react-query';
import type { SeriesQuery } from '../logged-data/index.ts';

/** Whether a cached query is one of the experiment's metric reads that the live reads append to. */
function growingMetricRead(query: Query, profileId: string, experimentKey: string): boolean {
  const [profile, endpoint, params] = query.queryKey as [unknown, unknown, { experimentKey?: string } | SeriesQuery | undefined];
  return profile === profileId && (endpoint === 'getMetricSummaries' || endpoint === 'getMetricSeries') && params?.experimentKey === experimentKey;
}

/**
 * Called as the page's first live cursor arrives for a running experiment: every metric summary or series read of it
 * made before (answered, or still in flight) is read once more, after the one in flight ends, so that what was logged
 * between that read and the cursor is not missed (the live reads append only what comes after the cursor). Reads
 * made later need nothing: the live reads keep them current.
 */
export function rereadBeforeCursor(client: QueryClient, profileId: string, experimentKey: string): void {
  const early = client.getQueryCache().findAll({ predicate: (query) => growingMetricRead(query, profileId, experimentKey) });
  for (const query of early) {
    const inFlight = query.state.fetchStatus === 'fetching';
    if (!inFlight && query.state.data === undefined) continue;
    // Joins the read in flight (if any), then reads again; a failure shows through the section's own read.
    const joined = inFlight ? query.fetch(undefined, { cancelRefetch: false }) : Promise.resolve();
    joined
      .catch(() => undefined)
      .then(() => query.fetch(undefined, { cancelRefetch: false }))
      .catch(() => undefined);
  }
}
