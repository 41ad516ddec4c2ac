import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { suggestNames, type QueryName } from '../../../../shared/query/suggest.ts';
import { parseQuery, QuerySyntaxError } from '../../../../shared/query/table-query.ts';
import { columnChoices } from './columns-dialog.tsx';
import { parameterRows } from './compare-data.ts';
import { restoreColumns, restoreSort, useSavedView } from './saved-view.ts';
import { applyServerRows } from './server-rows.ts';
import { DEFAULT_SORT, toggleTableSort } from './table-sort.ts';
import { testRow } from './test-rows.ts';

const NAMES: QueryName[] = [
  { name: 'loss', kind: 'metric' },
  { name: 'lr', kind: 'param' },
  { name: 'layers', kind: 'param' },
];

/** The error a text raises, as [offset, what was expected]. */
function errorOf(text: string): [number, readonly string[]] | undefined {
  try {
    parseQuery(text);
    return undefined;
  } catch (error) {
    if (error instanceof QuerySyntaxError) return [error.at, error.expected];
    throw error;
  }
}

describe('the filter language', () => {
  it('reads comparisons, aggregates, and/or/not with the usual precedence, and plain words', () => {
    expect(parseQuery('lr:0.003')).toMatchObject({ kind: 'compare', field: { name: 'lr', aggregate: undefined }, operator: '=', value: '0.003' });
    expect(parseQuery('loss.min < 0.2')).toMatchObject({ kind: 'compare', field: { name: 'loss', aggregate: 'min', written: 'loss.min' }, operator: '<' });
    expect(parseQuery('a = 1 or b = 2 and not c = 3')).toMatchObject({
      kind: 'or',
      left: { kind: 'compare', field: { name: 'a' } },
      right: { kind: 'and', right: { kind: 'not', node: { kind: 'compare', field: { name: 'c' } } } },
    });
    expect(parseQuery('0.003')).toEqual({ kind: 'word', text: '0.003', at: 0 });
    expect(parseQuery('baseline gpu')).toMatchObject({ kind: 'and', left: { kind: 'word', text: 'baseline' }, right: { kind: 'word', text: 'gpu' } });
    expect(parseQuery('name ~ "fresh sun"')).toMatchObject({ kind: 'compare', operator: '~', value: 'fresh sun' });
    expect(parseQuery('optimizer.name = adam')).toMatchObject({ field: { name: 'optimizer.name', aggregate: undefined } });
    expect(parseQuery('   ')).toBeNull();
  });

  it('says where a text goes wrong and what would be accepted', () => {
    expect(errorOf('lr =')).toEqual([4, ['a value']]);
    expect(errorOf('(lr = 1')).toEqual([7, [')', 'and', 'or']]);
    expect(errorOf('lr = 1 and')).toEqual([10, ['a name', 'a word', '(', 'not']]);
    expect(errorOf('lr = "1')).toEqual([5, ['"']]);
    expect(errorOf('lr = 1 )')).toEqual([7, ['and', 'or']]);
    expect(errorOf('lr # 1')?.[0]).toBe(3);
  });
});

describe('name suggestions', () => {
  it('completes the name being typed, metrics with their aggregates, and the table fields', () => {
    expect(suggestNames('l', 1, NAMES)).toEqual({ options: ['loss', 'loss.last', 'loss.min', 'loss.max', 'lr', 'layers'], from: 0, to: 1 });
    expect(suggestNames('lr = 0.1 and lo', 15, NAMES)).toEqual({ options: ['loss', 'loss.last', 'loss.min', 'loss.max'], from: 13, to: 15 });
    expect(suggestNames('st', 2, NAMES).options).toEqual(['state', 'start']);
  });

  it('offers nothing in a value or a quote', () => {
    expect(suggestNames('lr = l', 6, NAMES).options).toEqual([]);
    expect(suggestNames('name = "lo', 10, NAMES).options).toEqual([]);
  });
});

describe('rows after the service answered', () => {
  const rows = ['a', 'b', 'c', 'd'].map((key) => testRow(key));
  const keysOf = (list: readonly { key: string }[]) => list.map((row) => row.key);

  it('keeps only the listed rows when the service filtered, in their order unless it sorted', () => {
    expect(keysOf(applyServerRows(rows, { keys: ['c', 'a'], filtered: true, sorted: false }))).toEqual(['a', 'c']);
    expect(keysOf(applyServerRows(rows, { keys: ['c', 'a'], filtered: true, sorted: true }))).toEqual(['c', 'a']);
    expect(keysOf(applyServerRows(rows, { keys: ['d', 'b'], filtered: false, sorted: true }))).toEqual(['d', 'b', 'a', 'c']);
    expect(applyServerRows(rows, { keys: null, filtered: true, sorted: true })).toBe(rows);
  });
});

describe('the kept view of a project', () => {
  it('restores what was kept and drops what is not a sort or a column', () => {
    const column = { kind: 'metric', name: 'loss', aggregate: 'min' } as const;
    expect(restoreSort({ summary: column, direction: 'desc' })).toEqual({ summary: column, direction: 'desc' });
    expect(restoreSort({ column: 'name', direction: 'asc' })).toEqual({ column: 'name', direction: 'asc' });
    expect(restoreSort({ column: 'colour', direction: 'asc' })).toBe(DEFAULT_SORT);
    expect(restoreSort(null)).toBe(DEFAULT_SORT);
    expect(restoreColumns([column, { kind: 'file', name: 'x', aggregate: 'min' }, 'loss'])).toEqual([column]);
  });

  it('sorts by a summary column on a click of its header, the other way on a second click, back to a base column after', () => {
    const column = { kind: 'param', name: 'lr', aggregate: 'current' } as const;
    const once = toggleTableSort(DEFAULT_SORT, column);
    expect(once).toEqual({ summary: column, direction: 'asc' });
    expect(toggleTableSort(once, column)).toEqual({ summary: column, direction: 'desc' });
    expect(toggleTableSort(once, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });
});

describe('adding a column in one step and comparing parameters', () => {
  it("offers every metric's last, minimum and maximum and every parameter, less the columns shown", () => {
    const shown = [{ kind: 'metric', name: 'loss', aggregate: 'current' } as const];
    expect(columnChoices(NAMES, shown).map((column) => `${column.kind}:${column.name}:${column.aggregate}`)).toEqual([
      'metric:loss:min',
      'metric:loss:max',
      'param:lr:current',
      'param:layers:current',
    ]);
  });

  it('puts the parameters that differ first', () => {
    const summary = (name: string, valueCurrent: string) => ({ name, valueCurrent }) as never;
    expect(parameterRows([[summary('seed', '1'), summary('lr', '0.1')], [summary('seed', '1'), summary('lr', '0.3'), summary('batch', '32')]])).toEqual([
      { name: 'batch', values: ['', '32'], differs: true },
      { name: 'lr', values: ['0.1', '0.3'], differs: true },
      { name: 'seed', values: ['1', '1'], differs: false },
    ]);
  });
});

describe('useSavedView', () => {
  it('keeps filter, sort and columns per project in the persisted store, and forgets a sort by a removed column', () => {
    const column = { kind: 'metric', name: 'loss', aggregate: 'min' } as const;
    const { result } = renderHook(() => useSavedView('profile\nproject-a'));
    act(() => {
      result.current.setText('lr = 0.003');
      result.current.setColumns([column]);
      result.current.setSort((current) => toggleTableSort(current, column));
    });
    expect(result.current.sort).toEqual({ summary: column, direction: 'asc' });
    const other = renderHook(() => useSavedView('profile\nproject-b'));
    expect(other.result.current.text).toBe('');
    const again = renderHook(() => useSavedView('profile\nproject-a'));
    expect(again.result.current).toMatchObject({ text: 'lr = 0.003', columns: [column], sort: { summary: column } });
    expect(localStorage.getItem('trackdesk-ui')).toContain('lr = 0.003');
    act(() => result.current.setColumns([]));
    expect(result.current.sort).toEqual(DEFAULT_SORT);
  });
});
