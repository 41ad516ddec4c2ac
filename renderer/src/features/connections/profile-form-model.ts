import { channels, type ProfileView } from '../../../../shared/ipc/index.ts';
import { fieldErrors } from '../../lib/form-errors.ts';

/** What the connection form edits. The key is only ever sent, never read back: it starts empty. */
export interface ProfileFormValue {
  name: string;
  baseUrl: string;
  apiKey: string;
  /** Keep the key in this session's memory only (when the OS keychain is unavailable). */
  sessionOnly: boolean;
}

/** The form's starting value: empty for a new connection, the profile's name and address when editing. */
export function initialProfileForm(profile: ProfileView | undefined, keychainAvailable: boolean): ProfileFormValue {
  return { name: profile?.name ?? '', baseUrl: profile?.baseUrl ?? '', apiKey: '', sessionOnly: !keychainAvailable };
}

/** Field messages, checked with the ipc contract's own rules; when editing, an empty key means "keep the stored one". */
export function validateProfileForm(value: ProfileFormValue, editing: ProfileView | undefined): Partial<Record<'name' | 'baseUrl' | 'apiKey', string>> {
  if (editing?.kind === 'embedded') return fieldErrors(channels['profiles.update'].input, { id: editing.id, name: value.name });
  if (editing) return fieldErrors(channels['profiles.update'].input, { id: editing.id, ...profileChanges(value) });
  return fieldErrors(channels['profiles.create'].input, { name: value.name, baseUrl: value.baseUrl, apiKey: value.apiKey });
}

/** The fields sent on save: name, address and (only when typed) the new key. */
export function profileChanges(value: ProfileFormValue): { name: string; baseUrl: string; apiKey?: string } {
  return { name: value.name, baseUrl: value.baseUrl, ...(value.apiKey.trim() ? { apiKey: value.apiKey } : {}) };
}
