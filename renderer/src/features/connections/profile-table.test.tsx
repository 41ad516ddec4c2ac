import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { localProfile, renderInShell } from '../../shell/testing.tsx';
import { ProfileTable } from './profile-table.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

const keyGone: ProfileView = { id: 'p1', name: 'Team', baseUrl: 'https://tracking.example.com', kind: 'remote', keyStorage: 'missing' };
const keyKept: ProfileView = { id: 'p2', name: 'Lab', baseUrl: 'https://lab.example.com', kind: 'remote', keyStorage: 'session' };

const noAction = () => undefined;

describe('a connection whose key is gone', () => {
  it('offers "Sign in again" on its row (and only there)', () => {
    const asked: string[] = [];
    const actions = { use: noAction, test: noAction, edit: noAction, scripts: noAction, remove: noAction, signOut: noAction, busy: {} };
    renderInShell(<ProfileTable profiles={[localProfile, keyGone, keyKept]} activeProfileId={localProfile.id} actions={{ ...actions, signInAgain: (profile) => asked.push(profile.id) }} />);
    const row = screen.getByRole('row', { name: /Team/ });
    expect(row.textContent).toContain('No key stored');
    fireEvent.click(within(row).getByRole('button', { name: 'Sign in again to Team' }));
    expect(asked).toEqual(['p1']);
    expect(within(row).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Lab/ })).queryByRole('button', { name: /Sign in again/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Local/ })).queryByRole('button', { name: /Sign in again/ })).toBeNull();
  });

  it('signs in again with its name and address filled in', () => {
    renderInShell(<SignInDialog again={keyGone} keychainAvailable={false} onClose={noAction} />);
    const dialog = screen.getByRole('dialog', { name: 'Sign in again to “Team”' });
    expect((within(dialog).getByRole('textbox', { name: 'Connection name' }) as HTMLInputElement).value).toBe('Team');
    expect((within(dialog).getByRole('textbox', { name: 'Service address' }) as HTMLInputElement).value).toBe('https://tracking.example.com');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'User name' }));
  });
});
