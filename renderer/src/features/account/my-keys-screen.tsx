import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelOutput, ChannelRequest } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation, useApiQuery, useInvalidateApi } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

type NewKey = ChannelRequest<'scripts.createPersonalKey'>;

/** The connection user's keys (made, last used, read-only) with Revoke, and a new key for a script handed over by the backend. */
export function MyKeysScreen() {
  const profile = useActiveProfile();
  const keys = useApiQuery('listMyKeys', {});
  const confirm = useConfirm();
  const notify = useNotify();
  const revoke = useApiMutation('revokeMyKey', { invalidate: ['listMyKeys'] });
  const askRevoke = async (prefix: string, name: string, current: boolean) => {
    const confirmed = await confirm({
      title: `Revoke the key “${name || prefix}”?`,
      message: current
        ? 'This is the key this connection uses: Trackdesk is refused with it from then on, until you sign in again.'
        : 'Scripts and devices using it are refused from then on.',
      confirmLabel: 'Revoke key',
      destructive: true,
    });
    if (confirmed) runMutation(revoke, { body: { prefix } }, { onSuccess: () => notify.success(`Key ${prefix}… revoked.`), onError: (error) => notify.error(error, `Could not revoke ${prefix}…`) });
  };
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        My keys on “{profile.name}”
      </Typography>
      <NewScriptKey profileId={profile.id} />
      {keys.error && <Alert severity="error">Could not load your keys: {keys.error.message}</Alert>}
      {keys.data && (
        <Table size="small" aria-label="My keys">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Access</TableCell>
              <TableCell>Made</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.keys.map((key) => (
              <TableRow key={`${key.prefix}-${key.createdAt}`}>
                <TableCell>{key.name || '(unnamed)'}{key.current ? ' (this connection)' : ''}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
                <TableCell>{key.readOnly ? 'read only' : 'read and write'}</TableCell>
                <TableCell>{formatDateTime(key.createdAt)}</TableCell>
                <TableCell>{key.revokedAt !== null ? `revoked ${formatDateTime(key.revokedAt)}` : key.lastUsedAt !== null ? formatDateTime(key.lastUsedAt) : 'never'}</TableCell>
                <TableCell align="right">
                  {key.revokedAt === null && (
                    <Button size="small" color="error" aria-label={`Revoke ${key.name || key.prefix}`} onClick={() => void askRevoke(key.prefix, key.name, key.current)}>
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A new key for a training script: the backend makes it and puts it on the clipboard or in a config file, once. */
function NewScriptKey({ profileId }: { profileId: string }) {
  const notify = useNotify();
  const invalidate = useInvalidateApi();
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const settings = useQuery({ queryKey: [profileId, 'scripts.settings'], queryFn: () => invoke('scripts.settings', { profileId }) });
  const [path, setPath] = useState<string | null>(null);
  const make = useMutation<ChannelOutput<'scripts.createPersonalKey'>, BridgeError, NewKey['deliver']>({
    mutationFn: (deliver) => invoke('scripts.createPersonalKey', { profileId, name: name.trim(), readOnly, deliver }),
    onSuccess: async (made) => {
      notify.success(`Key “${made.name}” (${made.prefix}…) made and put in ${made.deliveredTo}; Trackdesk keeps no copy.`);
      // The next key starts from the defaults again: a read-only tick left over would make a key that cannot log.
      setName('');
      setReadOnly(false);
      await invalidate(['listMyKeys']);
    },
  });
  const configPath = path ?? settings.data?.defaultConfigPath ?? '';
  const ready = name.trim().length > 0;
  /** Making a key goes through the backend (`scripts.createPersonalKey`), which calls createMyKey: a read-only key may not. */
  const makeRefusal = useAccess('createMyKey', null).reason;
  return (
    <Box component="section" aria-label="New key for a script" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField size="small" label="Key name" placeholder="e.g. training on gpu-07" value={name} onChange={(event) => setName(event.target.value)} />
        <FormControlLabel control={<Checkbox checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} />} label="Read only" />
        {settings.data?.canCopy && (
          <BusyButton startIcon={<KeyIcon />} busy={make.isPending && make.variables.to === 'clipboard'} disabled={!ready} disabledReason={makeRefusal} onClick={() => make.mutate({ to: 'clipboard', format: 'shell' })}>
            Make and copy settings
          </BusyButton>
        )}
        <TextField size="small" label="Config file" value={configPath} onChange={(event) => setPath(event.target.value)} sx={{ minWidth: 280 }} />
        <BusyButton startIcon={<KeyIcon />} busy={make.isPending && make.variables.to === 'file'} disabled={!ready || !configPath} disabledReason={makeRefusal} onClick={() => make.mutate({ to: 'file', filePath: configPath })}>
          Make and save config file
        </BusyButton>
      </Stack>
      {make.error && <Alert severity="error" sx={{ mt: 1 }}>Could not make the key “{name.trim()}”: {make.error.message}</Alert>}
    </Box>
  );
}
