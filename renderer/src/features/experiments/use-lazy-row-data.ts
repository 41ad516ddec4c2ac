import { useEffect, useState, useSyncExternalStore } from 'react';
import { callBulk } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import type { ExperimentRow } from './experiment-row.ts';
import { identityStamp } from './identity-stamp.ts';
import { LazyRowData, type LazyKind, type LazyValue } from './lazy-row-data.ts';

/** How long the visible rows must stay put before their data is fetched (scrolling fast fetches nothing). */
const SETTLE_MS = 150;

type Outcome<K extends LazyKind> = { ok: true; value: LazyValue<K> } | { ok: false; message: string };

async function fetchKind<K extends LazyKind>(kind: K, keys: readonly string[], profileId: string): Promise<Outcome<K>[]> {
  const items = keys.map((experimentKey) => ({ query: { experimentKey } }));
  const results =
    kind === 'tags'
      ? (await callBulk('getTags', items, profileId)).map((result) => (result.ok ? { ok: true as const, value: result.data.tags } : result))
      : (await callBulk(kind === 'metric' ? 'getMetricSummaries' : 'getParameters', items, profileId)).map((result) =>
          result.ok ? { ok: true as const, value: result.data.values } : result,
        );
  return results.map((result) => (result.ok ? (result as Outcome<K>) : { ok: false, message: result.error.message }));
}

/** A per-screen store of row data fetched lazily; a new one per profile and project. */
export function useLazyRowStore(scope: string): LazyRowData {
  const [store, setStore] = useState(() => ({ scope, data: new LazyRowData() }));
  if (store.scope !== scope) {
    const next = { scope, data: new LazyRowData() };
    setStore(next);
    return next.data;
  }
  return store.data;
}

/**
 * Fetches `kinds` for the rows on screen once they stay put for a moment, in one `api.bulk` call per kind for the rows
 * not fetched yet, or fetched for an earlier version of the row (a live run changed: its summaries moved too), or
 * forgotten by a reload; re-renders the caller when answers arrive.
 */
export function useLazyRowData(store: LazyRowData, kinds: readonly LazyKind[], visibleRows: readonly ExperimentRow[]): void {
  const profileId = useActiveProfile().id;
  useSyncExternalStore(store.subscribe, store.getVersion);
  const generation = useSyncExternalStore(store.subscribe, store.getGeneration);
  const rowsId = visibleRows.map((row) => `${row.key}\t${identityStamp(row)}`).join('\n');
  const kindsId = kinds.join(',');
  useEffect(() => {
    if (rowsId === '' || kindsId === '') return undefined;
    const pairs = rowsId.split('\n').map((line) => line.split('\t'));
    const keys = pairs.map(([key]) => key ?? '');
    const stamps = pairs.map(([, stamp]) => Number(stamp));
    const stampOf = new Map(keys.map((key, index) => [key, stamps[index] ?? 0]));
    const timer = setTimeout(() => {
      for (const kind of kindsId.split(',') as LazyKind[]) {
        const missing = store.missing(kind, keys, stamps);
        if (missing.length === 0) continue;
        const ticket = store.start(kind, missing, missing.map((key) => stampOf.get(key) ?? 0));
        fetchKind(kind, missing, profileId).then(
          (outcomes) => store.finish(kind, missing, outcomes, ticket),
          (error: unknown) =>
            store.finish(kind, missing, missing.map(() => ({ ok: false, message: error instanceof Error ? error.message : String(error) })), ticket),
        );
      }
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [store, rowsId, kindsId, profileId, generation]);
}
