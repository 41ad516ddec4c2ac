import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileView } from '../../../shared/ipc/index.ts';
import type { BridgeError } from '../bridge.ts';
import { profilesQueryKey, readProfileList, switchActiveProfile, type ProfileList } from './profile-switch.ts';

export { profilesQueryKey, type ProfileList } from './profile-switch.ts';

/** The connection profiles, which one is active, and whether the OS keychain answers. */
export function useProfiles(): UseQueryResult<ProfileList, BridgeError> {
  return useQuery<ProfileList, BridgeError>({ queryKey: profilesQueryKey, queryFn: readProfileList });
}

/**
 * Switches the connection the app acts on, then opens `path` when given: the switch's own screen is asked for after
 * the switch, so it is the last navigation and nothing begun before it (the first screen's default among them) wins.
 * Answers false, opening nothing, when a later switch was asked for meanwhile.
 */
export function useSwitchProfile(): (profileId: string, path?: string) => Promise<boolean> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (profileId, path) => {
      const inEffect = await switchActiveProfile(client, profileId);
      if (inEffect && path !== undefined) void navigate(path);
      return inEffect;
    },
    [client, navigate],
  );
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
