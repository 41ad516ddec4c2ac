import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DifferencesTable } from './differences-table.tsx';

const rowTexts = () => within(screen.getByRole('table', { name: 'Differences' })).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));

describe('DifferencesTable', () => {
  it('shows the differing rows first, a missing value as such, and the equal rows only once expanded', () => {
    render(
      <MemoryRouter>
        <DifferencesTable
          runs={[
            { key: 'k1', name: 'fresh-sun-1' },
            { key: 'k2', name: 'calm-sea-2' },
          ]}
          rows={[
            { label: 'optimizer', values: ['adam', 'adam'] },
            { label: 'lr', values: [0.1, 0.01] },
            { label: 'dropout', values: [0.5, null] },
          ]}
        />
      </MemoryRouter>,
    );
    expect(rowTexts()).toEqual([
      ['Parameter or metric', 'fresh-sun-1', 'calm-sea-2'],
      ['lr', '0.1', '0.01'],
      ['dropout', '0.5', 'not logged'],
      ['1 equal'],
    ]);
    expect(screen.getByRole('link', { name: 'calm-sea-2' }).getAttribute('href')).toBe('/experiments/k2');
    expect(screen.getByRole('columnheader', { name: 'calm-sea-2' }).getAttribute('title')).toBe('k2');
    fireEvent.click(screen.getByRole('button', { name: '1 equal' }));
    expect(screen.getByRole('button', { name: '1 equal' }).getAttribute('aria-expanded')).toBe('true');
    expect(rowTexts().at(-1)).toEqual(['optimizer', 'adam', 'adam']);
  });
});
