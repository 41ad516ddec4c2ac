import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { ChannelOutput, ProfileView } from '../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../bridge.ts';

/** The react-query key of the profile list (not scoped by profile: it is the list of them). */
export const profilesQueryKey = ['profiles'] as const;

/** The profile list as `profiles.list` answers it: profiles (embedded first), the active id, keychain availability. */
export type ProfileList = ChannelOutput<'profiles.list'>;

/** The connection profiles, which one is active, and whether the OS keychain answers. */
export function useProfiles(): UseQueryResult<ProfileList, BridgeError> {
  return useQuery<ProfileList, BridgeError>({ queryKey: profilesQueryKey, queryFn: () => invoke('profiles.list', {}) });
}

const ActiveProfileContext = createContext<ProfileView | undefined>(undefined);

/** Provides the active profile to the screens below it (the shell renders screens only once it is known). */
export function ActiveProfileProvider({ profile, children }: { profile: ProfileView; children: ReactNode }) {
  return <ActiveProfileContext.Provider value={profile}>{children}</ActiveProfileContext.Provider>;
}

/** The profile that screens act on; every api query key starts with its id. */
export function useActiveProfile(): ProfileView {
  const profile = useContext(ActiveProfileContext);
  if (!profile) throw new Error('useActiveProfile() is used outside <ActiveProfileProvider>.');
  return profile;
}
