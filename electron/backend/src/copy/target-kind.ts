import type { ServiceClient } from '../client/service-client.ts';
import { AppError } from '../ipc/app-error.ts';

/** What every copy loses, whatever the target: the write API logs a value, it cannot replay a whole history of one. */
const ALWAYS_LOST = [
  'Parameters and "others" keep their first, lowest, highest and last values, not every value logged in between.',
  'Standard error lines of the output follow the standard output lines instead of being interleaved with them.',
  'Registry model versions made from these experiments stay on the source service.',
];

/** Lost only when the target is another kind of service: what Trackdesk's batch paths carry and the v2 write API does not. */
const FOREIGN_LOST = [
  'Parameter contexts (the v2 write API logs a parameter without its context); metric points go one request each, so copying is slower.',
];

/**
 * Whether the target is a Trackdesk service: it answers its own extension read `ext.me` (the one the app reads the
 * caller from). A service without it answers 404 (or a non-JSON page); anything else (a wrong key, no network) is an error.
 */
export async function targetIsOurs(target: ServiceClient, signal?: AbortSignal): Promise<boolean> {
  try {
    await target.call('whoAmI', {}, { signal });
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'incompatible')) return false;
    throw error;
  }
}

/** What a copy to a target of this kind would lose, said before the user starts. */
export function lossesFor(ours: boolean): string[] {
  return ours ? [...ALWAYS_LOST] : [...ALWAYS_LOST, ...FOREIGN_LOST];
}
