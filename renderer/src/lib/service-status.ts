import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ServiceStatus } from '../../../shared/ipc/index.ts';
import { invoke, on, type BridgeError } from '../bridge.ts';
import { profilesQueryKey, useProfiles } from './profiles.tsx';

/** The react-query key of the embedded service's state. */
export const serviceStatusQueryKey = ['service.status'] as const;

/** The embedded service's state (kept current by `useServiceStatusEvents`, mounted once by the shell). */
export function useServiceStatus(): UseQueryResult<ServiceStatus, BridgeError> {
  return useQuery<ServiceStatus, BridgeError>({ queryKey: serviceStatusQueryKey, queryFn: () => invoke('service.status', {}) });
}

/**
 * Follows the backend's `service.status` events; when the embedded service becomes ready, refreshes the profile list
 * (its address) and that profile's data, so screens that waited for it fill in.
 */
export function useServiceStatusEvents(): void {
  const client = useQueryClient();
  const status = useServiceStatus().data;
  const embedded = useProfiles().data?.profiles.find((profile) => profile.kind === 'embedded');
  const refreshedFor = useRef<string | undefined>(undefined);
  useEffect(
    () =>
      on('service.status', (next) => {
        client.setQueryData(serviceStatusQueryKey, next);
        // A status read sent before this event may answer after it with the older state; asking again replaces
        // that read (react-query cancels it), and the answer can only be this state or a newer one.
        void client.invalidateQueries({ queryKey: serviceStatusQueryKey });
      }),
    [client],
  );
  useEffect(() => {
    if (status?.state !== 'ready' || !status.baseUrl || !embedded || embedded.baseUrl === status.baseUrl) return;
    if (refreshedFor.current === status.baseUrl) return;
    refreshedFor.current = status.baseUrl;
    void client.invalidateQueries({ queryKey: profilesQueryKey });
    void client.invalidateQueries({ queryKey: [status.profileId] });
  }, [client, status, embedded]);
}
