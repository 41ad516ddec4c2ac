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

/** For one row and kind: which version of the row (its stamp) was last asked for, and by which fetch. */
interface Asked {
  stamp: number | undefined;
  ticket: number;
}

/**
 * Per-row data fetched only for the rows on screen, kept until cleared, and asked again when the row it was fetched
 * for changed (a live run logged, or finished: its row has a new stamp). A value read again stays shown until the new
 * answer arrives; an answer overtaken by a later fetch or by `clear` is dropped. Subscribable, so that React re-renders
 * the cells when answers arrive (`useSyncExternalStore`), and framework-free, so that it is tested directly.
 */
export class LazyRowData {
  private readonly entries: { [K in LazyKind]: Map<string, LazyEntry<K>> } = { metric: new Map(), param: new Map(), tags: new Map() };
  private readonly asked: Record<LazyKind, Map<string, Asked>> = { metric: new Map(), param: new Map(), tags: new Map() };
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private generation = 0;
  private lastTicket = 0;

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

  /** A number that changes when everything is forgotten (`clear`): the rows on screen must then be fetched again. */
  getGeneration = (): number => this.generation;

  /** The keys never asked for yet, or (given each key's row stamp) last asked for another version of the row, in order. */
  missing(kind: LazyKind, keys: readonly string[], stamps?: readonly number[]): string[] {
    const asked = this.asked[kind];
    return keys.filter((key, index) => {
      const last = asked.get(key);
      return last === undefined || (stamps !== undefined && last.stamp !== stamps[index]);
    });
  }

  /**
   * Marks keys (of the rows stamped `stamps`) as being fetched, so that scrolling back does not fetch them twice; a
   * value already fetched stays shown meanwhile. Answers the fetch's ticket, for `finish`.
   */
  start(kind: LazyKind, keys: readonly string[], stamps?: readonly number[]): number {
    this.lastTicket += 1;
    const ticket = this.lastTicket;
    keys.forEach((key, index) => {
      this.asked[kind].set(key, { stamp: stamps?.[index], ticket });
      if (this.entries[kind].get(key)?.status !== 'done') this.entries[kind].set(key, { status: 'loading' });
    });
    this.changed();
    return ticket;
  }

  /** Records the answers of fetch `ticket` for keys (in order): a value, or the reason it failed; later fetches win. */
  finish<K extends LazyKind>(kind: K, keys: readonly string[], outcomes: readonly ({ ok: true; value: LazyValue<K> } | { ok: false; message: string })[], ticket: number): void {
    const entries = this.entries[kind] as Map<string, LazyEntry<K>>;
    keys.forEach((key, index) => {
      if (this.asked[kind].get(key)?.ticket !== ticket) return;
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
    for (const asked of Object.values(this.asked)) asked.clear();
    this.generation += 1;
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
