import { describe, expect, it } from 'vitest';
import { sameViewState, tableStateOf, viewStateOf } from './view-state.ts';

const panels = [{ id: 'p1', kind: 'line', settings: { metric: 'loss', smoothing: 0.3 } }];
const table = { text: 'lr < 0.01', sort: { column: 'name', direction: 'asc' }, columns: [{ kind: 'metric', name: 'loss', aggregate: 'min' }, { kind: 'bogus' }] };

describe('a saved view state', () => {
  it('holds the panels and the table state, without columns the table would not keep', () => {
    expect(viewStateOf(panels, table)).toEqual({
      panels,
      table: { query: 'lr < 0.01', columns: [{ kind: 'metric', name: 'loss', aggregate: 'min' }], sort: { column: 'name', direction: 'asc' } },
    });
    expect(viewStateOf([], undefined)).toEqual({ panels: [], table: { query: '', columns: [], sort: null } });
  });

  it('compares equal after a round trip through the local stores, whatever the key order; any change of panel or filter differs', () => {
    const state = viewStateOf(panels, table);
    const restored = viewStateOf(panels, tableStateOf(state));
    expect(sameViewState(state, restored)).toBe(true);
    expect(sameViewState(viewStateOf([], undefined), viewStateOf([], tableStateOf(viewStateOf([], undefined))))).toBe(true);
    const reordered = { ...state, panels: [{ settings: { smoothing: 0.3, metric: 'loss' }, kind: 'line', id: 'p1' }] };
    expect(sameViewState(state, reordered)).toBe(true);
    expect(sameViewState(state, viewStateOf([{ ...panels[0]!, settings: { metric: 'acc' } }], table))).toBe(false);
    expect(sameViewState(state, viewStateOf(panels, { ...table, text: 'lr < 0.1' }))).toBe(false);
  });
});
