import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActiveProfileProvider } from '../../lib/profiles.tsx';
import type { ExperimentRow, ExperimentState } from './experiment-row.ts';
import { ExperimentsTable } from './experiments-table.tsx';
import { LazyRowData } from './lazy-row-data.ts';
import { testRow } from './test-rows.ts';
import { DEFAULT_STATES, useTableView } from './use-table-view.ts';

afterEach(cleanup);

// jsdom lays nothing out: give elements a size so that the virtualizer has a viewport to fill.
const sizes = ['clientHeight', 'clientWidth'] as const;
beforeAll(() => {
  for (const size of sizes) Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => (size === 'clientHeight' ? 600 : 1200) });
});
afterAll(() => {
  for (const size of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[size];
});

const profile = { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:1', kind: 'embedded', keyStorage: 'keychain' } as const;

/** The table with its view state, as the screen wires them, plus a filter box and a state switch. */
function Harness({ rows }: { rows: ExperimentRow[] }) {
  const [states, setStates] = useState<ReadonlySet<ExperimentState>>(DEFAULT_STATES);
  const view = useTableView(rows, states);
  const [lazy] = useState(() => new LazyRowData());
  return (
    <>
      <input aria-label="Filter experiments" value={view.text} onChange={(event) => view.setText(event.target.value)} />
      <button onClick={() => setStates(new Set([...states, 'archived']))}>Show archived</button>
      <output aria-label="Selected">{view.selected.map((row) => row.key).join(',')}</output>
      <output aria-label="Hidden selected">{view.hiddenSelected}</output>
      <ExperimentsTable
        rows={view.shown}
        selection={view.selection}
        allShownSelected={view.allShownSelected}
        sort={view.sort}
        summaryColumns={[]}
        lazy={lazy}
        lazyKinds={[]}
        tagsListed
        appliedFilter={view.appliedText}
        onSort={view.sortBy}
        onToggle={view.toggle}
        onToggleAll={view.toggleAll}
        onMenu={() => undefined}
        onRemoveTag={() => undefined}
        removeTagRefusal={undefined}
      />
    </>
  );
}

function show(rows: ExperimentRow[]) {
  render(
    <MemoryRouter>
      <ActiveProfileProvider profile={profile}>
        <Harness rows={rows} />
      </ActiveProfileProvider>
    </MemoryRouter>,
  );
}

const rows = [
  testRow('k1', { name: 'run-1', start: 1, tags: ['gpu'] }),
  testRow('k2', { name: 'run-2', start: 2 }),
  testRow('k10', { name: 'run-10', start: 3, tags: ['gpu', 'best'] }),
  testRow('k4', { name: 'baseline', start: 4 }),
  testRow('k5', { name: 'old', start: 5, archived: true }),
];

const shownNames = () =>
  within(screen.getByRole('table', { name: 'Experiments' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);
const selected = () => screen.getByRole('status', { hidden: true, name: 'Selected' }).textContent;

describe('the experiments table', () => {
  it('shows the live experiments newest first, and sorts by a header click', () => {
    show(rows);
    expect(shownNames()).toEqual(['baseline', 'run-10', 'run-2', 'run-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(shownNames()).toEqual(['baseline', 'run-1', 'run-2', 'run-10']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(shownNames()).toEqual(['run-10', 'run-2', 'run-1', 'baseline']);
  });

  it('filters by text and by state, and says which filter it reflects', () => {
    show(rows);
    fireEvent.change(screen.getByLabelText('Filter experiments'), { target: { value: 'gpu' } });
    expect(shownNames()).toEqual(['run-10', 'run-1']);
    expect(screen.getByLabelText('Experiments table, scrollable').getAttribute('data-filter')).toBe('gpu');
    expect(screen.getByLabelText('Experiments table, scrollable').getAttribute('data-row-count')).toBe('2');
    fireEvent.change(screen.getByLabelText('Filter experiments'), { target: { value: 'ol' } });
    expect(shownNames()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show archived' }));
    expect(shownNames()).toEqual(['old']);
  });

  it('selects with clicks and shift-clicks, selects all shown, and keeps rows the filter hides selected', () => {
    show(rows);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select run-10' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select run-1' }), { shiftKey: true });
    expect(selected()).toBe('k10,k2,k1');
    expect((screen.getByRole('checkbox', { name: 'Select run-2' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select run-2' }));
    expect(selected()).toBe('k10,k1');
    act(() => {
      fireEvent.change(screen.getByLabelText('Filter experiments'), { target: { value: 'run-1' } });
    });
    expect(selected()).toBe('k10,k1');
    fireEvent.change(screen.getByLabelText('Filter experiments'), { target: { value: 'run-10' } });
    expect(selected()).toBe('k10');
    expect(screen.getByLabelText('Hidden selected').textContent).toBe('1');
    // Clearing the filter shows the hidden selected row again, still selected.
    fireEvent.change(screen.getByLabelText('Filter experiments'), { target: { value: '' } });
    expect(selected()).toBe('k10,k1');
    expect(screen.getByLabelText('Hidden selected').textContent).toBe('0');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 4 shown experiments' }));
    expect(selected()).toBe('k4,k10,k2,k1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clear the selection' }));
    expect(selected()).toBe('');
  });
});
