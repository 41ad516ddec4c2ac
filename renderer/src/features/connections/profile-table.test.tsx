import { fireEvent, screen } from '@testing-library/react';
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
    // Found by label, not by role and name: the table's accessible names are slow to compute on a busy machine.
    const row = screen.getAllByRole('row').find((each) => each.textContent?.includes('Team'));
    expect(row?.textContent).toContain('No key stored');
    const offered = screen.getAllByLabelText(/^Sign in again/);
    expect(offered.map((button) => button.getAttribute('aria-label'))).toEqual(['Sign in again to Team']);
    expect(row?.contains(offered[0] ?? null)).toBe(true);
    fireEvent.click(offered[0] as HTMLElement);
    expect(asked).toEqual(['p1']);
    expect(screen.queryByLabelText('Sign out of Team')).toBeNull();
    expect(screen.getByLabelText('Sign out of Lab')).toBeTruthy();
  });

  it('signs in again with its name and address filled in', () => {
    renderInShell(<SignInDialog again={keyGone} keychainAvailable={false} onClose={noAction} />);
    expect(screen.getByText('Sign in again to “Team”').id).toBe('sign-in-title');
    expect((screen.getByLabelText(/^Connection name/) as HTMLInputElement).value).toBe('Team');
    expect((screen.getByLabelText(/^Service address/) as HTMLInputElement).value).toBe('https://tracking.example.com');
    expect(document.activeElement).toBe(screen.getByLabelText(/^User name/));
  });
});
