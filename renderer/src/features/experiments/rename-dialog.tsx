import { DialogContentText, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { nameProblem } from './experiment-forms.ts';
import { EXPERIMENT_READS } from './use-experiment-actions.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** Renames an experiment by logging the other item `name` (E27), as the client libraries do. */
export function RenameDialog({ experimentKey, currentName, onClose }: { experimentKey: string; currentName: string | null; onClose(): void }) {
  const [name, setName] = useState(currentName ?? '');
  const [touched, setTouched] = useState(false);
  const notify = useNotify();
  const rename = useApiMutation('logOther', { invalidate: [...EXPERIMENT_READS, 'getOthers'] });
  const problem = nameProblem(name, true);
  const submit = () => {
    setTouched(true);
    if (problem) return;
    runMutation(
      rename,
      { body: { experimentKey, key: 'name', value: name.trim() } },
      {
        onSuccess: () => {
          notify.success(`Renamed to “${name.trim()}”.`);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      titleId="rename-title"
      title="Rename experiment"
      submitLabel="Rename"
      mutation={rename}
      errorContext="Could not rename"
      onSubmit={submit}
      dirty={name !== (currentName ?? '')}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>The name is stored as the experiment’s “name” item (key {experimentKey}).</DialogContentText>
      <TextField
        label="Experiment name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && problem !== undefined}
        helperText={touched && problem ? `The name ${problem}.` : ' '}
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
