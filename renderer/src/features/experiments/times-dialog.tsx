import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { checkTimes, TIMES_RULES, type TimesDraft } from './experiment-forms.ts';
import { formatDateTime } from '../../lib/format.ts';
import { EXPERIMENT_READS } from './use-experiment-actions.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** What the times dialog edits: the experiment and the times it shows now. */
interface TimesDialogProps {
  experimentKey: string;
  label: string;
  startTimeMillis: number;
  endTimeMillis: number;
  onClose(): void;
}

/** Sets an experiment's start and/or end time (E10), explaining what the service does with a time left empty. */
export function TimesDialog(props: TimesDialogProps) {
  const [draft, setDraft] = useState<TimesDraft>({ start: '', end: '' });
  const [submitted, setSubmitted] = useState(false);
  const notify = useNotify();
  const save = useApiMutation('setStartEndTime', { invalidate: EXPERIMENT_READS });
  const checked = checkTimes(draft);
  const errors = submitted && !checked.ok ? checked.errors : {};
  const submit = () => {
    setSubmitted(true);
    if (!checked.ok) return;
    const { startTimeMillis, endTimeMillis } = checked;
    runMutation(
      save,
      { body: { experimentKey: props.experimentKey, startTimeMillis, endTimeMillis } },
      {
        onSuccess: () => {
          notify.success(`Saved the times of “${props.label}”.`);
          props.onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="times-title" maxWidth="sm" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="times-title">Set start and end time of “{props.label}”</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 2 }}>
            Times are in your local time zone. Leave a time empty to let the service decide it:
            <ul style={{ margin: '0.5em 0 0', paddingLeft: '1.25em' }}>
              {TIMES_RULES.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </DialogContentText>
          <Stack spacing={2}>
            {(['start', 'end'] as const).map((field) => (
              <TextField
                key={field}
                type="datetime-local"
                label={field === 'start' ? 'Start time' : 'End time'}
                value={draft[field]}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                error={errors[field] !== undefined}
                helperText={
                  errors[field]
                    ? `The ${field} time ${errors[field]}.`
                    : `Now: ${formatDateTime(field === 'start' ? props.startTimeMillis : props.endTimeMillis)}`
                }
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
              />
            ))}
            {errors.form && <Alert severity="warning">{errors.form}</Alert>}
            {save.error && <Alert severity="error">Could not set the times: {save.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={save.isPending}>
            Save times
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
