import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../lib/api.ts';
import { ExperimentFeed } from './experiment-feed.ts';
import type { ExperimentState } from './experiment-row.ts';
import { filterRows, tagCounts, type RowFilter } from './table-filter.ts';
import { TableRowsCache } from './table-rows-cache.ts';
import { sortRows, type SortOrder } from './table-sort.ts';
import { testMetadata } from './test-rows.ts';

type Change = ApiReply<'getExperimentChanges'>['changed'][number];

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = ['gpu', 'best', 'sweep'];

/** One experiment as the change read lists it, with fields drawn from `next` (few distinct values, so ties happen). */
function drawChange(key: string, next: () => number): Change {
  const pick = <T,>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const start = 1_700_000_000_000 + pick([0, 1, 2, 3]) * 1000;
  const duration = pick([0, 5, 50]);
  return {
    experiment: testMetadata({
      experimentKey: key,
      experimentName: pick([null, 'run-2', 'run-10', 'base']),
      running: next() < 0.3,
      archived: next() < 0.1,
      startTimeMillis: start,
      endTimeMillis: start + duration,
      durationMillis: duration,
    }),
    tags: TAGS.filter(() => next() < 0.3),
    trashed: next() < 0.05,
  };
}

const ORDERS: SortOrder[] = [
  { column: 'start', direction: 'desc' },
  { column: 'name', direction: 'asc' },
  { column: 'state', direction: 'desc' },
  { column: 'tags', direction: 'asc' },
];
const LIVE: ReadonlySet<ExperimentState> = new Set(['running', 'finished']);

describe('TableRowsCache', () => {
  it('moves only the changed rows of a live update, also while the text changes, ending where a full sort and filter would put every row', () => {
    for (const [seed, order] of ORDERS.entries()) {
      const next = random(seed + 1);
      const feed = new ExperimentFeed('p-home');
      const cache = new TableRowsCache();
      const filter: RowFilter = { text: seed % 2 ? 'run' : '', tags: seed === 3 ? ['gpu'] : [], states: LIVE };
      const typedOn: RowFilter = { ...filter, text: `${filter.text}-1` };
      feed.apply({ projectId: 'p-home' }, { changed: Array.from({ length: 300 }, (_, n) => drawChange(`k${n}`, next)), removed: [], cursor: '1.0', next: null, more: false });
      let view = cache.view(feed.rows(), feed.snapshot().delta, order, filter);
      for (let tick = 0; tick < 40; tick += 1) {
        const changed = Array.from({ length: 1 + Math.floor(next() * 6) }, () => drawChange(`k${Math.floor(next() * 320)}`, next));
        const removed = next() < 0.3 ? [`k${Math.floor(next() * 320)}`] : [];
        feed.apply({ projectId: 'p-home', since: '1.0' }, { changed, removed, cursor: '1.0', next: null, more: false });
        const snapshot = feed.snapshot();
        expect(snapshot.delta?.changes.length).toBeGreaterThan(0);
        const before = view;
        // Now and then the text changes with the update (typed on while it arrived, or erased again).
        const current = tick % 3 === 2 ? typedOn : filter;
        view = cache.view(snapshot.rows, snapshot.delta, order, current);
        const inStates = snapshot.rows.filter((row) => LIVE.has(row.state));
        expect(view.shown).toEqual(filterRows(sortRows(snapshot.rows, order), current));
        expect(view.total).toBe(inStates.length);
        expect(view.tagOptions).toEqual(tagCounts(inStates));
        const sameTags = JSON.stringify(view.tagOptions) === JSON.stringify(before.tagOptions);
        if (sameTags) expect(view.tagOptions).toBe(before.tagOptions);
      }
    }
  });

  it('answers the same result for the same inputs, narrows as typing goes on, and computes afresh for a new sort, a wider filter or unrelated rows', () => {
    const next = random(7);
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, { changed: Array.from({ length: 50 }, (_, n) => drawChange(`k${n}`, next)), removed: [], cursor: '1.0', next: null, more: false });
    const cache = new TableRowsCache();
    const rows = feed.rows();
    const filter: RowFilter = { text: '', tags: [], states: LIVE };
    const first = cache.view(rows, null, ORDERS[0] as SortOrder, filter);
    expect(cache.view(rows, null, ORDERS[0] as SortOrder, filter)).toBe(first);
    const byName = cache.view(rows, null, ORDERS[1] as SortOrder, filter);
    expect(byName.shown).toEqual(filterRows(sortRows(rows, ORDERS[1] as SortOrder), filter));
    const all: RowFilter = { text: 'run-1', tags: [], states: new Set(['running', 'finished', 'archived', 'trash']) };
    expect(cache.view(rows, null, ORDERS[1] as SortOrder, all).shown).toEqual(filterRows(sortRows(rows, ORDERS[1] as SortOrder), all));
    for (const text of ['r', 'ru', 'run', 'run-1', 'run-10', 'run-1', 'run 10', '1 run', '']) {
      const typed: RowFilter = { ...all, text };
      expect(cache.view(rows, null, ORDERS[1] as SortOrder, typed).shown).toEqual(filterRows(sortRows(rows, ORDERS[1] as SortOrder), typed));
    }
    const reversed = [...rows].reverse();
    expect(cache.view(reversed, { from: [], changes: [] }, ORDERS[1] as SortOrder, all).shown).toEqual(filterRows(sortRows(rows, ORDERS[1] as SortOrder), all));
  });

  it('answers a text typed again after erasing with its earlier result, until the rows change', () => {
    const next = random(11);
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, { changed: Array.from({ length: 80 }, (_, n) => drawChange(`k${n}`, next)), removed: [], cursor: '1.0', next: null, more: false });
    const cache = new TableRowsCache();
    const order = ORDERS[1] as SortOrder;
    const tags: readonly string[] = [];
    const at = (text: string, rows = feed.rows(), delta = null as ReturnType<ExperimentFeed['snapshot']>['delta']) =>
      cache.view(rows, delta, order, { text, tags, states: LIVE }).shown;
    const typed = new Map<string, readonly unknown[]>();
    for (const text of ['r', 'ru', 'run', 'run-', 'run-1', 'run-10']) typed.set(text, at(text));
    for (const text of ['run-1', 'run-', 'run', 'ru', 'r']) {
      const shown = at(text);
      expect(shown).toBe(typed.get(text));
      expect(shown).toEqual(filterRows(sortRows(feed.rows(), order), { text, tags: [], states: LIVE }));
    }
    feed.apply({ projectId: 'p-home', since: '1.0' }, { changed: [drawChange('k3', next), drawChange('k90', next)], removed: ['k5'], cursor: '2.0', next: null, more: false });
    const snapshot = feed.snapshot();
    at('r', snapshot.rows, snapshot.delta);
    for (const text of ['ru', 'run-1', 'run', 'r', '']) {
      const shown = at(text, snapshot.rows);
      expect(shown).not.toBe(typed.get(text));
      expect(shown).toEqual(filterRows(sortRows(snapshot.rows, order), { text, tags: [], states: LIVE }));
    }
  });

  it('answers a render with the rows before the last ones with their result, and still moves only the changed rows after', () => {
    const next = random(5);
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, { changed: Array.from({ length: 120 }, (_, n) => drawChange(`k${n}`, next)), removed: [], cursor: '1.0', next: null, more: false });
    const cache = new TableRowsCache();
    const order = ORDERS[0] as SortOrder;
    const filter: RowFilter = { text: 'run', tags: [], states: LIVE };
    const tick = () => {
      feed.apply({ projectId: 'p-home', since: '1.0' }, { changed: [drawChange(`k${Math.floor(next() * 130)}`, next)], removed: [], cursor: '1.0', next: null, more: false });
      return feed.snapshot();
    };
    const first = feed.snapshot();
    const older = cache.view(first.rows, first.delta, order, filter);
    const second = tick();
    const newer = cache.view(second.rows, second.delta, order, filter);
    expect(cache.view(first.rows, first.delta, order, filter)).toBe(older);
    expect(cache.view(second.rows, second.delta, order, filter)).toBe(newer);
    const third = tick();
    expect(cache.view(third.rows, third.delta, order, filter).shown).toEqual(filterRows(sortRows(third.rows, order), filter));
  });
});

describe('ExperimentFeed snapshots', () => {
  it('say which rows changed since the previous snapshot, each as it was and as it is', () => {
    const next = random(3);
    const feed = new ExperimentFeed('p-home');
    feed.apply({ projectId: 'p-home' }, { changed: [drawChange('a', next), drawChange('b', next)], removed: [], cursor: '1.0', next: null, more: false });
    const first = feed.snapshot();
    expect(first.delta).toBeNull();
    const oldA = first.rows.find((row) => row.key === 'a');
    feed.apply({ projectId: 'p-home', since: '1.0' }, { changed: [drawChange('a', next), drawChange('c', next)], removed: ['b'], cursor: '2.0', next: null, more: false });
    feed.apply({ projectId: 'p-home', since: '2.0' }, { changed: [drawChange('a', next)], removed: ['c'], cursor: '3.0', next: null, more: false });
    const second = feed.snapshot();
    expect(second.delta?.from).toBe(first.rows);
    const byKey = new Map(second.delta?.changes.map((change) => [change.before?.key ?? change.after?.key, change]));
    expect(byKey.get('a')?.before).toBe(oldA);
    expect(byKey.get('a')?.after).toBe(second.rows.find((row) => row.key === 'a'));
    expect(byKey.get('b')?.after).toBeUndefined();
    expect(byKey.has('c')).toBe(false);
    const third = feed.snapshot();
    expect(third.rows).toBe(second.rows);
    expect(third.delta).toBeNull();
  });
});
