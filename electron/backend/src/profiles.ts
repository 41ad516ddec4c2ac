import type { Profile } from '../../../shared/ipc/index.ts';

/** The id of the embedded service's profile, which always exists. */
export const EMBEDDED_PROFILE_ID = 'local';

/** The embedded profile as shown before the embedded service has reported its address. */
export function embeddedProfile(baseUrl = ''): Profile {
  return { id: EMBEDDED_PROFILE_ID, name: 'Local', baseUrl, kind: 'embedded' };
}
