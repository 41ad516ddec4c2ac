import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { localProfile, renderInShell } from '../../shell/testing.tsx';
import { initialProfileForm, NEW_ORIGIN_NEEDS_KEY, profileChanges, validateProfileForm } from './profile-form-model.ts';
import { ProfileFormDialog } from './profile-form-dialog.tsx';

const remote: ProfileView = { id: 'p1', name: 'Team', baseUrl: 'https://tracking.example.com', kind: 'remote', keyStorage: 'keychain' };

describe('validateProfileForm', () => {
  it('needs a name, an http(s) address and a key for a new connection', () => {
    const errors = validateProfileForm({ name: '', baseUrl: 'ftp://example.com', apiKey: ' ', sessionOnly: false }, undefined);
    expect(errors).toEqual({ name: 'must not be empty', baseUrl: 'must be an http:// or https:// address', apiKey: 'must not be empty' });
  });

  it('accepts an edit without a key: the stored one is kept', () => {
    const value = { ...initialProfileForm(remote, true), name: 'Team 2' };
    expect(value.apiKey).toBe('');
    expect(validateProfileForm(value, remote)).toEqual({});
    expect(profileChanges(value)).toEqual({ name: 'Team 2', baseUrl: 'https://tracking.example.com' });
  });

  it('sends a typed key, and checks only the name of the embedded profile', () => {
    expect(profileChanges({ name: 'T', baseUrl: 'https://x.example', apiKey: 'k'.repeat(20), sessionOnly: false }).apiKey).toBe('k'.repeat(20));
    expect(validateProfileForm({ name: 'Mine', baseUrl: '', apiKey: '', sessionOnly: false }, localProfile)).toEqual({});
  });

  it('asks for the key again when the address moves to another host, port or scheme, not when only its path changes', () => {
    const start = initialProfileForm(remote, true);
    for (const baseUrl of ['https://tracking.example.org', 'https://tracking.example.com:8443', 'http://tracking.example.com', 'https://tracking-example.com']) {
      expect(validateProfileForm({ ...start, baseUrl }, remote), baseUrl).toEqual({ apiKey: NEW_ORIGIN_NEEDS_KEY });
      expect(validateProfileForm({ ...start, baseUrl, apiKey: 'k'.repeat(20) }, remote), baseUrl).toEqual({});
    }
    expect(validateProfileForm({ ...start, baseUrl: 'https://TRACKING.example.com:443/team/' }, remote)).toEqual({});
  });

  it('starts session-only when the keychain is unavailable', () => {
    expect(initialProfileForm(undefined, false).sessionOnly).toBe(true);
    expect(initialProfileForm(undefined, true).sessionOnly).toBe(false);
  });
});

describe('ProfileFormDialog', () => {
  it('masks the API key and shows every field message on an empty submit', () => {
    renderInShell(<ProfileFormDialog keychainAvailable onClose={() => undefined} />);
    const key = screen.getByLabelText(/API key/);
    expect(key.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a connection' });
    expect(dialog.textContent).toContain('must be an http:// or https:// address');
    expect(dialog.textContent?.match(/must not be empty/g)).toHaveLength(2);
  });

  it('never shows a stored key when editing, and offers session-only storage when the keychain is unavailable', () => {
    renderInShell(<ProfileFormDialog profile={remote} keychainAvailable={false} onClose={() => undefined} />);
    expect((screen.getByLabelText(/API key/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Leave empty to keep the stored key.')).toBeTruthy();
    const sessionOnly = screen.getByRole('checkbox', { name: /Keep the key for this session only/ }) as HTMLInputElement;
    expect(sessionOnly.checked).toBe(true);
    expect(sessionOnly.disabled).toBe(true);
  });

  it('says that a new address needs the key again, and refuses to save it without one', () => {
    renderInShell(<ProfileFormDialog profile={remote} keychainAvailable onClose={() => undefined} />);
    const address = screen.getByRole('textbox', { name: 'Service address' });
    fireEvent.change(address, { target: { value: 'https://tracking.example.org' } });
    const dialog = screen.getByRole('dialog', { name: 'Edit connection “Team”' });
    expect(dialog.textContent).toContain(NEW_ORIGIN_NEEDS_KEY);
    expect((screen.getByLabelText(/API key/) as HTMLInputElement).required).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(screen.getByLabelText(/API key/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(address, { target: { value: 'https://tracking.example.com/team' } });
    expect(dialog.textContent).toContain('Leave empty to keep the stored key.');
  });

  it('lets the embedded profile only be renamed', () => {
    renderInShell(<ProfileFormDialog profile={localProfile} keychainAvailable onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Connection name' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Service address' })).toBeNull();
    expect(screen.queryByLabelText(/API key/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
  });
});
