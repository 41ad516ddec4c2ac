import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelOutput } from '../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../bridge.ts';
import { useNotify } from './notify.tsx';

const loginStartQueryKey = ['service.loginStart'] as const;
type LoginStartState = ChannelOutput<'service.loginStart'>;

/** "Start at login" for the local service, with where it is recorded; absent where this shell cannot start it at login. */
export function LoginStartSwitch() {
  const client = useQueryClient();
  const notify = useNotify();
  const state = useQuery<LoginStartState, BridgeError>({ queryKey: loginStartQueryKey, queryFn: () => invoke('service.loginStart', {}), retry: false });
  const change = useMutation({
    mutationFn: (enabled: boolean) => invoke('service.setLoginStart', { enabled }),
    onSuccess: (next) => client.setQueryData(loginStartQueryKey, next),
    onError: (error) => notify.error(error, 'Could not change "Start at login"'),
  });
  if (!state.data) return null;
  return (
    <>
      <FormControlLabel
        control={<Switch size="small" checked={state.data.enabled} disabled={change.isPending} onChange={(event) => change.mutate(event.target.checked)} />}
        label="Start at login"
      />
      <Typography variant="caption" color="text.secondary">
        {state.data.enabled ? `Starts the local service alone (no window) when you log in: ${state.data.where}.` : 'Off: the service starts with the app.'}
      </Typography>
    </>
  );
}
