import type { Summary, SummaryKind } from './summary-columns.ts';

/** What is fetched per visible row on demand: metric or parameter summaries, or tags (when no bulk tag read exists). */
export type LazyKind = SummaryKind | 'tags';

/** The value fetched for one row and kind. */
export type LazyValue<K extends LazyKind> = K extends 'tags' ? string[] : Summary[];

/** One row's entry for one kind: being fetched, fetched, or failed with the service's reason. */
export type LazyEntry<K extends LazyKind> =
  | { status: 'loading' }
  | { status: 'done'; value: LazyValue<K> }
  | { status: 'failed'; message: string };

/**
 * Per-row data fetched only for the rows on screen, kept until cleared. Subscribable, so that React re-renders
 * the cells when answers arrive (`useSyncExternalStore`), and framework-free, so that it is tested directly.
 */
export class LazyRowData {
  private readonly entries: { [K in LazyKind]: Map<string, LazyEntry<K>> } = { metric: new Map(), param: new Map(), tags: new Map() };
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Registers a listener for changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A number that changes whenever an entry does. */
  getVersion = (): number => this.version;

  /** The entry of a row for a kind, if it was asked for. */
  get<K extends LazyKind>(kind: K, key: string): LazyEntry<K> | undefined {
    return this.entries[kind].get(key) as LazyEntry<K> | undefined;
  }

  /** The keys never asked for yet, in the given order. */
  missing(kind: LazyKind, keys: readonly string[]): string[] {
    const entries = this.entries[kind];
    return keys.filter((key) => !entries.has(key));
  }

  /** Marks keys as being fetched (so that scrolling back does not fetch them twice). */
  start(kind: LazyKind, keys: readonly string[]): void {
    for (const key of keys) this.entries[kind].set(key, { status: 'loading' });
    this.changed();
  }

  /** Records the answers for keys (in order): a value, or the reason it failed. */
  finish<K extends LazyKind>(kind: K, keys: readonly string[], outcomes: readonly ({ ok: true; value: LazyValue<K> } | { ok: false; message: string })[]): void {
    const entries = this.entries[kind] as Map<string, LazyEntry<K>>;
    keys.forEach((key, index) => {
      const outcome = outcomes[index];
      entries.set(key, outcome?.ok ? { status: 'done', value: outcome.value } : { status: 'failed', message: outcome?.message ?? 'No answer.' });
    });
    this.changed();
  }

  /** The item names seen in the fetched summaries of a kind, sorted: what the column picker offers. */
  names(kind: SummaryKind): string[] {
    const names = new Set<string>();
    for (const entry of this.entries[kind].values()) if (entry.status === 'done') for (const summary of entry.value) names.add(summary.name);
    return [...names].sort();
  }

  /** Forgets everything (after a refresh), so that the rows on screen are fetched again. */
  clear(): void {
    for (const entries of Object.values(this.entries)) entries.clear();
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
