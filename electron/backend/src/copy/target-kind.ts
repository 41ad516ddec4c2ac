import type { ApiReply } from '../../../../shared/ipc/index.ts';
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

/** Who a Trackdesk service's key acts for (its `ext.me` read). */
type TargetCaller = ApiReply<'whoAmI'>;

/**
 * Who the target's key acts for when the target is a Trackdesk service: it answers its own extension read `ext.me` (the
 * one the app reads the caller from). A service without it answers 404 (or a non-JSON page): undefined; anything else (a
 * wrong key, no network) is an error.
 */
export async function targetCaller(target: ServiceClient, signal?: AbortSignal): Promise<TargetCaller | undefined> {
  try {
    return await target.call('whoAmI', {}, { signal });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'incompatible')) return undefined;
    throw error;
  }
}

/**
 * Refuses, before anything is copied, a target workspace the caller may not write: a read-only key, or the viewer role
 * there. (Another kind of service cannot say: it refuses the first write instead.)
 */
export async function requireWriteAccess(target: ServiceClient, caller: TargetCaller, workspaceName: string): Promise<void> {
  if (caller.key.readOnly) {
    throw new AppError('forbidden', `The key of this connection is read-only, so nothing can be copied to it: edit the connection and give it a key that may write.`);
  }
  if (caller.isServiceAdmin) return;
  const { members } = await target.call('listWorkspaceMembers', { query: { workspaceName } });
  if (members.find((member) => member.userName === caller.userName)?.role === 'viewer') {
    throw new AppError(
      'forbidden',
      `You (${caller.userName}) are a viewer of workspace "${workspaceName}" on this connection, so you cannot add experiments there: ask one of its admins to make you a member, or pick another workspace.`,
    );
  }
}

/** What a copy to a target of this kind would lose, said before the user starts. */
export function lossesFor(ours: boolean): string[] {
  return ours ? [...ALWAYS_LOST] : [...ALWAYS_LOST, ...FOREIGN_LOST];
}
