import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useShortcut } from '../../shell/shortcuts.tsx';

/** A model's notes (E22, may be very long) with a visible save state; unsaved or unsavable text is never dropped silently. */
export function ModelNotesDialog({ workspaceName, modelName, onClose }: { workspaceName: string; modelName: string; onClose: () => void }) {
  const notes = useApiQuery('registryModelNotes', { workspaceName, modelName });
  if (notes.data) return <NotesEditor workspaceName={workspaceName} modelName={modelName} initial={notes.data.notes} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="model-notes-title" maxWidth="md" fullWidth>
      <DialogTitle id="model-notes-title">Notes of “{modelName}”</DialogTitle>
      <DialogContent>
        {notes.error ? <Alert severity="error">Could not load the notes: {notes.error.message}</Alert> : <CircularProgress aria-label="Loading notes" />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function NotesEditor({ workspaceName, modelName, initial, onClose }: { workspaceName: string; modelName: string; initial: string; onClose: () => void }) {
  const confirm = useConfirm();
  const [text, setText] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const save = useApiMutation('updateRegistryModelNotes', { invalidate: [['registryModelNotes', { workspaceName, modelName }], 'registryModelDetails'] });
  const dirty = text !== saved;
  const saveNow = () => {
    if (save.isPending || !dirty) return;
    const sent = text;
    save.mutate({ body: { workspaceName, registryModelName: modelName, notes: sent } }, { onSuccess: () => setSaved(sent) });
  };
  const close = async () => {
    const discard =
      !dirty ||
      (await confirm({
        title: 'Discard unsaved notes?',
        message: `Your changes to the notes of “${modelName}” are not saved and will be lost.`,
        confirmLabel: 'Discard changes',
        destructive: true,
      }));
    if (discard) onClose();
  };
  useShortcut('Mod+S', 'Save the notes', saveNow, { group: 'Notes', inDialogs: true });
  const state = save.isPending ? 'Saving…' : dirty ? (save.error ? 'Not saved' : 'Unsaved changes') : 'All changes saved';
  return (
    <Dialog open onClose={() => void close()} aria-labelledby="model-notes-title" maxWidth="md" fullWidth>
      <DialogTitle id="model-notes-title">Notes of “{modelName}”</DialogTitle>
      <DialogContent>
        <TextField label="Notes" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={12} maxRows={24} fullWidth autoFocus sx={{ mt: 1 }} />
        <Typography variant="caption" color="text.secondary">
          {text.length.toLocaleString()} characters
        </Typography>
        {save.error && dirty && !save.isPending && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not save the notes: {save.error.message} Your text is still here; try again.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Stack direction="row" sx={{ flexGrow: 1, pl: 2 }}>
          <Typography role="status" aria-label="Save state" variant="body2" color={dirty ? 'warning.main' : 'text.secondary'}>
            {state}
          </Typography>
        </Stack>
        <Button onClick={() => void close()}>Close</Button>
        <BusyButton variant="contained" busy={save.isPending} disabled={!dirty} onClick={saveNow}>
          Save notes
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
