import { Alert, Chip, CircularProgress } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../bridge.ts';
import { serviceStatusQueryKey, useServiceStatus } from '../lib/service-status.ts';
import { BusyButton } from './busy-button.tsx';
import { useNotify } from './notify.tsx';

/** A compact chip in the top bar saying whether the local (embedded) service is starting, running or failed. */
export function ServiceStatusChip() {
  const status = useServiceStatus().data;
  if (!status) return null;
  switch (status.state) {
    case 'starting':
      return <Chip size="small" color="info" icon={<CircularProgress size={14} color="inherit" />} label="Local service starting…" />;
    case 'ready':
      return <Chip size="small" color="success" variant="outlined" label="Local service running" />;
    case 'failed':
      return <Chip size="small" color="error" label="Local service failed" />;
    case 'stopped':
      return <Chip size="small" variant="outlined" label="Local service stopped" />;
  }
}

/** A banner explaining an embedded-service failure, with a restart button (shown only when it failed or stopped). */
export function ServiceProblemBanner() {
  const status = useServiceStatus().data;
  const client = useQueryClient();
  const notify = useNotify();
  const restart = useMutation({
    mutationFn: () => invoke('service.restart', {}),
    onSuccess: (next) => client.setQueryData(serviceStatusQueryKey, next),
    onError: (error) => notify.error(error, 'Could not restart the local service'),
  });
  if (!status || (status.state !== 'failed' && status.state !== 'stopped')) return null;
  return (
    <Alert
      severity="error"
      sx={{ borderRadius: 0 }}
      action={
        <BusyButton color="inherit" size="small" busy={restart.isPending} onClick={() => restart.mutate()}>
          Restart local service
        </BusyButton>
      }
    >
      The local service is {status.state === 'failed' ? 'not running' : 'stopped'}
      {status.message ? `: ${status.message}` : '.'} Remote connections still work.
    </Alert>
  );
}
