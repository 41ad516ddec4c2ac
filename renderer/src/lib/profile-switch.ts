import type { QueryClient } from '@tanstack/react-query';
import type { ChannelOutput } from '../../../shared/ipc/index.ts';
import { invoke } from '../bridge.ts';

/** The react-query key of the profile list (not scoped by profile: it is the list of them). */
export const profilesQueryKey = ['profiles'] as const;

/** The profile list as `profiles.list` answers it: profiles (embedded first), the active id, keychain availability. */
export type ProfileList = ChannelOutput<'profiles.list'>;

/** How many switches were asked for: a read that saw another number when it started belongs to an earlier connection. */
let switchesAsked = 0;
/** Settles once every switch asked for so far has answered: switches reach the backend one after another, in the order asked. */
let switchesAnswered: Promise<unknown> = Promise.resolve();

/**
 * Reads the profile list as it stands after every switch asked for so far: it waits for those to answer, and reads
 * again when a switch was asked for while it read, so an answer sent before a switch never replaces the switch's own.
 */
export async function readProfileList(): Promise<ProfileList> {
  for (;;) {
    const seen = switchesAsked;
    await switchesAnswered;
    const list = await invoke('profiles.list', {});
    if (seen === switchesAsked) return list;
  }
}

/**
 * Makes a profile the active one, in the backend and then in the cached list (what the top bar and every screen follow).
 * Answers true when this switch is the one in effect, false when a later switch was asked for meanwhile (that one
 * decides the connection, and what to open after it).
 */
export async function switchActiveProfile(client: QueryClient, profileId: string): Promise<boolean> {
  const mine = ++switchesAsked;
  const answer = switchesAnswered.then(() => invoke('profiles.setActive', { id: profileId }));
  switchesAnswered = answer.catch(() => undefined);
  try {
    const { activeProfileId } = await answer;
    if (mine !== switchesAsked) return false;
    client.setQueryData<ProfileList>(profilesQueryKey, (list) => (list ? { ...list, activeProfileId } : list));
    return true;
  } catch (error) {
    // The backend may be on an earlier switch's profile: the list read again says which.
    if (mine === switchesAsked) void client.invalidateQueries({ queryKey: profilesQueryKey });
    throw error;
  }
}
