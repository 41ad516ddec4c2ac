import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Navigation } from './navigation.tsx';
import { apiQueryKey } from '../lib/api.ts';
import { localProfile, renderInShell } from './testing.tsx';

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

describe('side navigation', () => {
  it('Alt+1…9 open the links in the order the navigation lists them', async () => {
    renderInShell(
      <MemoryRouter initialEntries={['/nowhere']}>
        <Navigation />
        <Location />
      </MemoryRouter>,
    );
    // Artifacts came after the digits were given out: it is listed beside Registry without one.
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link').filter((link) => link.getAttribute('href') !== '/artifacts');
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const [index, link] of links.slice(0, 9).entries()) {
      fireEvent.keyDown(window, { key: String(index + 1), code: `Digit${index + 1}`, altKey: true });
      await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe(link.getAttribute('href')));
    }
  });

  it('keeps every link named by its screen when collapsed to icons', () => {
    renderInShell(
      <MemoryRouter>
        <Navigation collapsed />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Requests' }).getAttribute('href')).toBe('/requests');
    expect(within(nav).queryByText('Requests')).toBeNull();
  });

  it('shows Users only to a service admin, and every other screen keeps its digit', async () => {
    const asUser = (isServiceAdmin: boolean) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
      client.setQueryData(apiQueryKey(localProfile.id, 'whoAmI', {}), { userName: 'rita', isServiceAdmin, key: { prefix: 'abcd', name: 'laptop', readOnly: false } });
      return renderInShell(
        <MemoryRouter initialEntries={['/nowhere']}>
          <Navigation />
          <Location />
        </MemoryRouter>,
        client,
      );
    };
    const admin = asUser(true);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Users' })).toBeTruthy();
    admin.unmount();
    asUser(false);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    fireEvent.keyDown(window, { key: '9', code: 'Digit9', altKey: true });
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/connections'));
  });
});
