import { BridgeError } from '../bridge.ts';

/** The message to show for a failure: the server's or the backend's own words when there are some. */
export function errorMessage(error: unknown): string {
  if (error instanceof BridgeError || error instanceof Error) return error.message || 'Something went wrong.';
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong.';
}

/** True when the failure is the OS keychain being unavailable (the user may keep the key for this session only). */
export function isKeychainUnavailable(error: unknown): boolean {
  return error instanceof BridgeError && error.code === 'keychain_unavailable';
}
