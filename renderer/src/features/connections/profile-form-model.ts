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

/** The origin (scheme, host and port) of an address as typed, or the address itself when it does not parse. */
const originOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return baseUrl.trim().toLowerCase();
  }
};

/** Whether an edit moves a remote connection to another origin: its stored key is then forgotten, and a key must be typed. */
export function movesOrigin(value: ProfileFormValue, editing: ProfileView | undefined): boolean {
  return editing?.kind === 'remote' && originOf(value.baseUrl) !== originOf(editing.baseUrl);
}

/** What the key field says when the address moves to another origin. */
export const NEW_ORIGIN_NEEDS_KEY = 'The address is on another host, port or scheme: the stored key is not sent there. Enter the key for this address.';

/**
 * Field messages, checked with the ipc contract's own rules; when editing, an empty key means "keep the stored one",
 * unless the address moves to another origin.
 */
export function validateProfileForm(value: ProfileFormValue, editing: ProfileView | undefined): Partial<Record<'name' | 'baseUrl' | 'apiKey', string>> {
  if (editing?.kind === 'embedded') return fieldErrors(channels['profiles.update'].input, { id: editing.id, name: value.name });
  if (editing) {
    const errors = fieldErrors(channels['profiles.update'].input, { id: editing.id, ...profileChanges(value) });
    return movesOrigin(value, editing) && !value.apiKey.trim() ? { apiKey: NEW_ORIGIN_NEEDS_KEY, ...errors } : errors;
  }
  return fieldErrors(channels['profiles.create'].input, { name: value.name, baseUrl: value.baseUrl, apiKey: value.apiKey });
}

/** The fields sent on save: name, address and (only when typed) the new key. */
export function profileChanges(value: ProfileFormValue): { name: string; baseUrl: string; apiKey?: string } {
  return { name: value.name, baseUrl: value.baseUrl, ...(value.apiKey.trim() ? { apiKey: value.apiKey } : {}) };
}
