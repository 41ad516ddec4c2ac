import { DialogContentText, TextField } from '@mui/material';
import { useState } from 'react';
import { api } from '../../../../shared/api/index.ts';
import { useApiMutation } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useUiStore } from '../../lib/ui-store.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { fieldErrors } from '../../lib/form-errors.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** Creates a workspace (E1) on the active connection and selects it. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useActiveProfile();
  const chooseWorkspace = useUiStore((state) => state.chooseWorkspace);
  const notify = useNotify();
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const create = useApiMutation('createWorkspace', { invalidate: ['listWorkspaces'] });
  const errors = fieldErrors(api.createWorkspace.body, { name });
  const close = () => {
    create.reset();
    setName('');
    setChecked(false);
    onClose();
  };
  const submit = () => {
    setChecked(true);
    if (errors.name) return;
    runMutation(
      create,
      { body: { name } },
      {
        onSuccess: (reply) => {
          chooseWorkspace(profile.id, reply.workspace_name);
          notify.success(`Workspace "${reply.workspace_name}" created.`);
          close();
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      titleId="create-workspace-title"
      title="New workspace"
      maxWidth="xs"
      submitLabel="Create workspace"
      mutation={create}
      errorContext="Could not create the workspace"
      onSubmit={submit}
      dirty={name !== ''}
      onClose={close}
    >
      <DialogContentText sx={{ mb: 2 }}>The workspace is created on “{profile.name}” and selected.</DialogContentText>
      <TextField
        label="Workspace name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={checked && !!errors.name}
        helperText={checked ? errors.name : undefined}
        required
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}
