import { TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../shell/form-dialog.tsx';

/** Asks for a view's name ("Save as…", "Rename…") and runs `onSave` with it; the service's refusal shows in the dialog. */
export function ViewNameDialog({ title, submitLabel, initial, onSave, onClose }: { title: string; submitLabel: string; initial: string; onSave(name: string): Promise<void>; onClose(): void }) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const mutation = useMutation<void, Error, string>({ mutationFn: onSave, onSuccess: onClose });
  const empty = name.trim() === '';
  return (
    <FormDialog
      titleId="view-name-title"
      title={title}
      submitLabel={submitLabel}
      mutation={mutation}
      errorContext="Could not save the view"
      dirty={name !== initial}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!empty) mutation.mutate(name.trim());
      }}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label="View name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={touched && empty}
        helperText={touched && empty ? 'Give the view a name.' : 'Everyone who can read the project sees the view under this name.'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
