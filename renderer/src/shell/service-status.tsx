import { Alert, Button, Chip, CircularProgress, Popover, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ServiceStatus } from '../../../shared/ipc/index.ts';
import { invoke } from '../bridge.ts';
import { runMutation } from '../lib/run-mutation.ts';
import { serviceStatusQueryKey, useServiceStatus } from '../lib/service-status.ts';
import { BusyButton } from './busy-button.tsx';
import { OfflineImportDialog } from '../features/offline-import/offline-import-dialog.tsx';
import { LoginStartSwitch } from './login-start-switch.tsx';
import { useNotify } from './notify.tsx';

/** "running since 14:02" (with the date when not today): the service outlives the window, so this may be days ago. */
function since(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const today = at.toDateString() === new Date().toDateString();
  return ` since ${today ? at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`;
}

/** The local service's stop, restart and port change, each putting the state it answers in place. */
function useServiceActions() {
  const client = useQueryClient();
  const notify = useNotify();
  const store = (next: ServiceStatus) => client.setQueryData(serviceStatusQueryKey, next);
  const stop = useMutation({ mutationFn: () => invoke('service.stop', {}), onSuccess: store, onError: (error) => notify.error(error, 'Could not stop the local service') });
  const restart = useMutation({ mutationFn: () => invoke('service.restart', {}), onSuccess: store, onError: (error) => notify.error(error, 'Could not start the local service') });
  const setPort = useMutation({ mutationFn: (port: number) => invoke('service.setPort', { port }), onSuccess: store, onError: (error) => notify.error(error, 'Could not change the port') });
  return { stop, restart, setPort };
}

/**
 * The local service's state in the top bar; a click shows "Local service: running since … at <address>" with Stop
 * (it otherwise keeps serving scripts after the window closes).
 */
export function ServiceStatusChip() {
  const status = useServiceStatus().data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const { stop, setPort } = useServiceActions();
  if (!status) return null;
  if (status.state === 'starting') return <Chip size="small" color="info" icon={<CircularProgress size={14} color="inherit" />} label="Local service starting…" />;
  if (status.state === 'failed') return <Chip size="small" color="error" label="Local service failed" />;
  if (status.state === 'stopped') return <Chip size="small" variant="outlined" label="Local service stopped" />;
  return (
    <>
      <Chip size="small" color="success" variant="outlined" label="Local service running" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="dialog" />
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Stack role="dialog" aria-label="Local service" spacing={1} sx={{ p: 2, maxWidth: 380 }}>
          <Typography variant="body2">
            Local service: running{since(status.since)} at {status.baseUrl}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            It keeps serving your scripts when this window is closed, until you stop it.
          </Typography>
          {status.message && <Typography variant="caption">{status.message}</Typography>}
          <PortChoice current={status.port} suggested={status.port} label="Port" busy={setPort.isPending} onChoose={(port) => runMutation(setPort, port, { onSuccess: () => setAnchor(null) })} />
          <LoginStartSwitch />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => (setAnchor(null), setImporting(true))}>
              Import offline runs…
            </Button>
            <BusyButton size="small" color="warning" busy={stop.isPending} onClick={() => runMutation(stop, undefined, { onSuccess: () => setAnchor(null) })}>
              Stop
            </BusyButton>
          </Stack>
        </Stack>
      </Popover>
      <OfflineImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

/** Where the user picks another port when another program holds the local service's. */
function PortChoice({ current, suggested, label, onChoose, busy }: { current: number | undefined; suggested: number | undefined; label: string; onChoose: (port: number) => void; busy: boolean }) {
  const [text, setText] = useState(suggested ? String(suggested) : '');
  const port = Number(text);
  const valid = Number.isInteger(port) && port >= 1 && port <= 65535 && port !== current;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
      <TextField size="small" label={label} value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ width: 140 }} />
      <Button size="small" variant="outlined" color="inherit" disabled={!valid || busy} onClick={() => onChoose(port)}>
        Use this port
      </Button>
    </Stack>
  );
}

/** A banner explaining why the local service is not running, with what to do: start it, or choose another port. */
export function ServiceProblemBanner() {
  const status = useServiceStatus().data;
  const { restart, setPort } = useServiceActions();
  if (!status || (status.state !== 'failed' && status.state !== 'stopped')) return null;
  const portTaken = status.problem === 'port-taken';
  return (
    <Alert
      severity={status.state === 'failed' ? 'error' : 'info'}
      sx={{ borderRadius: 0 }}
      action={
        <BusyButton color="inherit" size="small" busy={restart.isPending} onClick={() => restart.mutate()}>
          {status.state === 'stopped' ? 'Start local service' : 'Restart local service'}
        </BusyButton>
      }
    >
      {status.state === 'failed' ? 'The local service is not running' : 'The local service is stopped'}
      {status.message ? `: ${status.message}` : '.'} Remote connections still work.
      {portTaken && <PortChoice current={status.port} suggested={status.port ? status.port + 1 : undefined} label="Another port" busy={setPort.isPending} onChoose={(port) => setPort.mutate(port)} />}
    </Alert>
  );
}
