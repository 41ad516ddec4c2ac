import { describe, expect, it } from 'vitest';
import { naturalSortKey, rowLabel, stateOf } from './experiment-row.ts';
import { crashDetail } from './run-state.ts';
import { formatDuration } from './format.ts';
import { allSelected, clickRow, EMPTY_SELECTION, keepShown, toggleAll } from './selection.ts';
import { filterRows, filterTerms, tagCounts } from './table-filter.ts';
import { rowOrder, sortRows, toggleSort } from './table-sort.ts';
import { testRow } from './test-rows.ts';

const keys = (rows: readonly { key: string }[]) => rows.map((row) => row.key);
const live = new Set(['running', 'finished'] as const);

describe('rows', () => {
  it('derives the state: trash over archived over running/finished', () => {
    expect(stateOf({ archived: true, running: true, hasCrashed: false }, true)).toBe('trash');
    expect(stateOf({ archived: true, running: true, hasCrashed: false }, false)).toBe('archived');
    expect(stateOf({ archived: false, running: true, hasCrashed: false }, false)).toBe('running');
    expect(stateOf({ archived: false, running: false, hasCrashed: false }, false)).toBe('finished');
    // A service that says only hasCrashed (the hosted one), and one that says the state.
    expect(stateOf({ archived: false, running: false, hasCrashed: true }, false)).toBe('crashed');
    expect(stateOf({ archived: false, running: false, hasCrashed: true, state: 'crashed' }, false)).toBe('crashed');
  });

  it('says why a run crashed and when it was last heard from', () => {
    const heard = (millis: number) => `t${millis}`;
    const ended = { running: false, hasCrashed: true, state: 'crashed', lastHeardAt: 5 } as const;
    expect(crashDetail({ ...ended, endedBy: 'silence' }, heard)).toBe('Lost contact — last heard from t5');
    expect(crashDetail({ ...ended, endedBy: 'crash' }, heard)).toBe('Crashed — last heard from t5');
    expect(crashDetail({ running: false, hasCrashed: true }, heard)).toBe('Crashed');
    expect(crashDetail({ ...ended, hasCrashed: false, state: 'finished', endedBy: 'client' }, heard)).toBeNull();
  });

  it('marks symlinked rows and labels unnamed ones by key', () => {
    expect(testRow('a', { projectId: 'elsewhere' }).linked).toBe(true);
    expect(testRow('a').linked).toBe(false);
    expect(rowLabel(testRow('k1', { name: null }))).toBe('k1');
    expect(rowLabel(testRow('k1', { name: '  ' }))).toBe('k1');
  });

  it('orders numbers inside names by value', () => {
    expect(naturalSortKey('run-2') < naturalSortKey('run-10')).toBe(true);
    expect(naturalSortKey('Run-02')).toBe(naturalSortKey('run-2'));
  });

  it('formats durations for a glance', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(2 * 3600_000 + 4 * 60_000)).toBe('2 h 4 min');
    expect(formatDuration(-1)).toBe('');
  });
});

describe('filtering', () => {
  const rows = [
    testRow('k-alpha', { name: 'ResNet baseline', tags: ['gpu', 'best'], running: true }),
    testRow('k-beta', { name: 'resnet tuned', tags: ['gpu'] }),
    testRow('k-gamma', { name: 'mlp', tags: [], archived: true }),
    testRow('k-delta', { name: 'old', tags: ['best'], trash: true }),
  ];

  it('matches every word of the text anywhere in name, key or tags, ignoring case', () => {
    expect(filterTerms('  ResNet   Tuned ')).toEqual(['resnet', 'tuned']);
    expect(keys(filterRows(rows, { text: 'RESNET', tags: [], states: live }))).toEqual(['k-alpha', 'k-beta']);
    expect(keys(filterRows(rows, { text: 'resnet best', tags: [], states: live }))).toEqual(['k-alpha']);
    expect(keys(filterRows(rows, { text: 'k-be', tags: [], states: live }))).toEqual(['k-beta']);
    expect(keys(filterRows(rows, { text: '', tags: [], states: live }))).toEqual(['k-alpha', 'k-beta']);
  });

  it('needs every chosen tag, and one of the chosen states', () => {
    expect(keys(filterRows(rows, { text: '', tags: ['gpu', 'best'], states: live }))).toEqual(['k-alpha']);
    const all = new Set(['running', 'finished', 'archived', 'trash'] as const);
    expect(keys(filterRows(rows, { text: '', tags: ['best'], states: all }))).toEqual(['k-alpha', 'k-delta']);
    expect(keys(filterRows(rows, { text: '', tags: [], states: new Set(['archived']) }))).toEqual(['k-gamma']);
    expect(filterRows(rows, { text: '', tags: [], states: new Set() })).toEqual([]);
  });

  it('counts tags, most used first', () => {
    expect(tagCounts(rows)).toEqual([
      { tag: 'best', count: 2 },
      { tag: 'gpu', count: 2 },
    ]);
  });
});

describe('sorting', () => {
  const rows = [
    testRow('c', { name: 'run-10', start: 3, duration: 5, tags: ['b'] }),
    testRow('a', { name: 'run-2', start: 1, duration: 50, tags: [] }),
    testRow('b', { name: null, start: 2, duration: 5, tags: ['a'], running: true }),
  ];

  it('sorts by each column in both directions, leaving the input alone', () => {
    expect(keys(sortRows(rows, { column: 'name', direction: 'asc' }))).toEqual(['a', 'c', 'b']);
    expect(keys(sortRows(rows, { column: 'name', direction: 'desc' }))).toEqual(['c', 'a', 'b']);
    expect(keys(sortRows(rows, { column: 'start', direction: 'desc' }))).toEqual(['c', 'b', 'a']);
    expect(keys(sortRows(rows, { column: 'key', direction: 'asc' }))).toEqual(['a', 'b', 'c']);
    expect(keys(sortRows(rows, { column: 'state', direction: 'asc' }))).toEqual(['b', 'a', 'c']);
    expect(keys(sortRows(rows, { column: 'tags', direction: 'asc' }))).toEqual(['b', 'c', 'a']);
    expect(keys(rows)).toEqual(['c', 'a', 'b']);
  });

  it('breaks ties by experiment key in either direction, as the row order does', () => {
    expect(keys(sortRows(rows, { column: 'duration', direction: 'asc' }))).toEqual(['b', 'c', 'a']);
    expect(keys(sortRows(rows, { column: 'duration', direction: 'desc' }))).toEqual(['a', 'b', 'c']);
    const order = rowOrder({ column: 'duration', direction: 'desc' });
    expect(keys([...rows].sort(order))).toEqual(['a', 'b', 'c']);
  });

  it('flips the direction on the same column; times start newest first', () => {
    expect(toggleSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(toggleSort({ column: 'name', direction: 'asc' }, 'start')).toEqual({ column: 'start', direction: 'desc' });
    expect(toggleSort({ column: 'start', direction: 'desc' }, 'key')).toEqual({ column: 'key', direction: 'asc' });
  });
});

describe('selection', () => {
  const shown = ['a', 'b', 'c', 'd', 'e'];

  it('toggles with a click and selects a range with a shift-click, in either direction', () => {
    let selection = clickRow(EMPTY_SELECTION, shown, 'b', false);
    expect([...selection.keys]).toEqual(['b']);
    selection = clickRow(selection, shown, 'd', true);
    expect([...selection.keys].sort()).toEqual(['b', 'c', 'd']);
    selection = clickRow(clickRow(EMPTY_SELECTION, shown, 'e', false), shown, 'c', true);
    expect([...selection.keys].sort()).toEqual(['c', 'd', 'e']);
    expect([...clickRow(selection, shown, 'e', false).keys].sort()).toEqual(['c', 'd']);
  });

  it('treats a shift-click without an anchor as a plain click', () => {
    expect([...clickRow(EMPTY_SELECTION, shown, 'c', true).keys]).toEqual(['c']);
  });

  it('selects all shown rows, and clears when all are selected', () => {
    const all = toggleAll(EMPTY_SELECTION, shown);
    expect(allSelected(all, shown)).toBe(true);
    expect(all.keys.size).toBe(5);
    expect(toggleAll(all, shown).keys.size).toBe(0);
    expect(allSelected(EMPTY_SELECTION, [])).toBe(false);
  });

  it('keeps only selected rows still shown, and the same object when nothing changes', () => {
    const selection = toggleAll(EMPTY_SELECTION, shown);
    expect(keepShown(selection, shown)).toBe(selection);
    const kept = keepShown(selection, ['a', 'e']);
    expect([...kept.keys].sort()).toEqual(['a', 'e']);
  });
});
