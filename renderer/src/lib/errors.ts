import { BridgeError } from '../bridge.ts';

/** What to say of a failure that came without words. */
const UNEXPLAINED = 'Something went wrong without saying what: try again, and restart Trackdesk if it keeps failing.';

/** The message to show for a failure: the server's or the backend's own words when there are some. */
export function errorMessage(error: unknown): string {
  if (error instanceof BridgeError || error instanceof Error) return error.message || UNEXPLAINED;
  if (typeof error === 'string' && error) return error;
  return UNEXPLAINED;
}

/** True when the failure is the OS keychain being unavailable (the user may keep the key for this session only). */
export function isKeychainUnavailable(error: unknown): boolean {
  return error instanceof BridgeError && error.code === 'keychain_unavailable';
}
