import type { MetricInput } from './append.ts';
import type { Summary } from './summary.ts';
import { summaryOf, type ItemRows } from './item-rows.ts';

/** One series during an append: its row id, its summary now, and the summary as its row holds it. */
export interface SeriesState {
  id: number | undefined;
  summary: Summary | undefined;
  stored: Summary | undefined;
}

/** A series whose summary `deferringWrites` writes at its end. */
export interface DeferredSeries extends SeriesState {
  experimentId: number;
  name: string;
}

/** Series rows read ahead for a transaction (prefetchSeries), by experiment and name. */
export type KnownSeries = Map<string, DeferredSeries>;

/** What an append tells the group commit it will read (WriteOptions.hint): the series of its points. */
export interface AppendHint {
  experimentId: number;
  points: readonly MetricInput[];
}

/** The key of a series in KnownSeries and in what `deferringWrites` keeps. */
export const deferredKey = (experimentId: number, name: string): string => `${experimentId}\u0000${name}`;

/**
 * The read of the series rows that appends (their AppendHint) will need, made with a transaction's locks
 * (GroupHooks.prefetch); a series it read and did not find is known to be new.
 */
export function prefetchSeries(items: ItemRows, hints: readonly unknown[]): { read: () => Promise<void>; result: KnownSeries } {
  const wanted = new Map<number, Set<string>>();
  for (const { experimentId, points } of hints as AppendHint[]) {
    const names = wanted.get(experimentId) ?? new Set<string>();
    wanted.set(experimentId, names);
    // A name the database cannot store is refused by its own append; reading it here would fail the whole group.
    for (const point of points) if (!point.name.includes('\u0000')) names.add(point.name);
  }
  const result: KnownSeries = new Map();
  const read = async () => {
    result.clear();
    const reads = [...wanted].map(async ([experimentId, names]) => {
      const rows = await items.findMetrics(experimentId, [...names]);
      for (const name of names) {
        const row = rows.get(name);
        const summary = row ? summaryOf(row) : undefined;
        result.set(deferredKey(experimentId, name), { id: row?.id, summary, stored: summary, experimentId, name });
      }
    });
    await Promise.all(reads);
  };
  return { read, result };
}
