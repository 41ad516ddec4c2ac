import type { Profile } from '../../../../shared/ipc/index.ts';

/** The id of the embedded service's profile, which always exists. */
export const EMBEDDED_PROFILE_ID = 'local';

/** The embedded profile; its address is known once the embedded service has started. */
export function embeddedProfile(baseUrl = '', name = 'Local'): Profile {
  return { id: EMBEDDED_PROFILE_ID, name, baseUrl, kind: 'embedded' };
}
