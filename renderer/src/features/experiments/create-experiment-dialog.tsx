import { DialogContentText, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { nameProblem } from './experiment-forms.ts';
import { EXPERIMENT_READS } from './use-experiment-actions.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** Creates an experiment in a project (E2); the name is optional, as for the client libraries. */
export function CreateExperimentDialog({ workspaceName, projectName, onClose }: { workspaceName: string; projectName: string; onClose(): void }) {
  const [name, setName] = useState('');
  const notify = useNotify();
  const create = useApiMutation('createExperiment', { invalidate: EXPERIMENT_READS });
  const problem = nameProblem(name, false);
  const submit = () => {
    if (problem) return;
    const experimentName = name.trim() === '' ? undefined : name.trim();
    runMutation(
      create,
      { body: { workspaceName, projectName, experimentName } },
      {
        onSuccess: (reply) => {
          notify.success(`Created experiment ${experimentName ? `“${experimentName}” ` : ''}(${reply.experimentKey}).`);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      titleId="create-experiment-title"
      title={`New experiment in “${projectName}”`}
      submitLabel="Create"
      mutation={create}
      errorContext="Could not create the experiment"
      onSubmit={submit}
      dirty={name !== ''}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        The service gives it a key. It counts as running until it is stopped or nothing has been logged to it for a while.
      </DialogContentText>
      <TextField
        label="Experiment name (optional)"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem !== undefined}
        helperText={problem ? `The name ${problem}.` : ' '}
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
