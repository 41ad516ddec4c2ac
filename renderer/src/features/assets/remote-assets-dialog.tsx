import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { EMPTY_REMOTE_FORM, parseRemoteAssets, type RemoteAssetsErrors, type RemoteAssetsForm } from './remote-assets.ts';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** Records assets stored elsewhere (E46): one address per line, with type, step, context and metadata shared by all. */
export function RemoteAssetsDialog({ experimentKey, onClose }: { experimentKey: string; onClose(): void }) {
  const [form, setForm] = useState<RemoteAssetsForm>(EMPTY_REMOTE_FORM);
  const [errors, setErrors] = useState<RemoteAssetsErrors>({});
  const closeOutside = useGuardedClose(JSON.stringify(form) !== JSON.stringify(EMPTY_REMOTE_FORM), onClose);
  const notify = useNotify();
  const save = useApiMutation('uploadRemoteAssets', { invalidate: [['listAssets', { experimentKey }]] });
  const set = (field: keyof RemoteAssetsForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const field = (name: keyof RemoteAssetsForm, helper = ' ') => ({ error: errors[name] !== undefined, helperText: errors[name] ?? helper, value: form[name], onChange: set(name) });
  const submit = () => {
    const parsed = parseRemoteAssets(form);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    runMutation(
      save,
      { body: { experimentKey, remoteAssets: parsed.remoteAssets } },
      {
        onSuccess: (reply) => {
          notify.success(`Added ${reply.assetIds.length === 1 ? 'a remote asset' : `${reply.assetIds.length} remote assets`}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="remote-assets-title" maxWidth="sm" fullWidth>
      <DialogTitle id="remote-assets-title">Add remote assets</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {save.isError && <Alert severity="error">Could not add the remote assets: {errorMessage(save.error)}</Alert>}
          <TextField label="Addresses" multiline minRows={2} autoFocus placeholder="s3://bucket/images/cat.png" {...field('links', 'One per line: https://, s3://, gs://…')} />
          <TextField label="File name" {...field('fileName', 'Optional; by default the last part of the address')} />
          <Stack direction="row" spacing={1.5}>
            <TextField label="Type" {...field('type')} />
            <TextField label="Step" {...field('step')} sx={{ width: 120 }} />
            <TextField label="Context" {...field('context')} sx={{ flexGrow: 1 }} />
          </Stack>
          <TextField label="Metadata (JSON object)" multiline maxRows={6} {...field('metadata')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={save.isPending} onClick={submit}>
          Add
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
