import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { BusyButton } from './busy-button.tsx';
import { useConfirm } from './confirm.tsx';
import { useShortcut } from './shortcuts.tsx';

/** Props of NotesEditorDialog: the loaded notes and how to save them. */
interface NotesEditorDialogProps {
  /** Id of the title element (the dialog's accessible name). */
  titleId: string;
  /** What the notes belong to, e.g. the project's name. */
  subject: string;
  /** The read of the stored notes. */
  notes: { data?: { notes: string }; error: { message: string } | null };
  /** The save's state: running, and its failure. */
  mutation: { isPending: boolean; error: { message: string } | null };
  /** Saves `notes`; calls `onSaved` once the service has them. */
  save(notes: string, onSaved: () => void): void;
  /** Show how long the text is (for notes that may be very long). */
  showLength?: boolean;
  /** Why the caller may not change the notes (see `useAccess`): the editor is read-only and says why. */
  readOnlyReason?: string | undefined;
  onClose(): void;
}

/** Notes in a text editor with a visible save state (Mod+S saves); unsaved or unsavable text is never dropped silently. */
export function NotesEditorDialog({ titleId, subject, notes, onClose, ...editor }: NotesEditorDialogProps) {
  if (notes.data) return <NotesEditor titleId={titleId} subject={subject} initial={notes.data.notes} onClose={onClose} {...editor} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Notes of “{subject}”</DialogTitle>
      <DialogContent>
        {notes.error ? <Alert severity="error">Could not load the notes: {notes.error.message}</Alert> : <CircularProgress aria-label="Loading notes" />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function NotesEditor({ titleId, subject, initial, mutation, save, showLength, readOnlyReason, onClose }: Omit<NotesEditorDialogProps, 'notes'> & { initial: string }) {
  const confirm = useConfirm();
  const [text, setText] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const dirty = text !== saved;
  const { isPending: saving, error: saveError } = mutation;
  const saveNow = () => {
    if (saving || !dirty || readOnlyReason) return;
    const sent = text;
    save(sent, () => setSaved(sent));
  };
  const close = async () => {
    const discard =
      !dirty ||
      (await confirm({
        title: 'Discard unsaved notes?',
        message: `Your changes to the notes of “${subject}” are not saved and will be lost.`,
        confirmLabel: 'Discard changes',
        destructive: true,
      }));
    if (discard) onClose();
  };
  useShortcut('Mod+S', 'Save the notes', saveNow, { group: 'Notes', inDialogs: true });
  const state = saving ? 'Saving…' : dirty ? (saveError ? 'Not saved' : 'Unsaved changes') : 'All changes saved';
  return (
    <Dialog open onClose={() => void close()} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Notes of “{subject}”</DialogTitle>
      <DialogContent>
        {readOnlyReason && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Read-only: {readOnlyReason}
          </Alert>
        )}
        <TextField
          label="Notes"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={12}
          maxRows={24}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { readOnly: readOnlyReason !== undefined } }}
        />
        {showLength && (
          <Typography variant="caption" color="text.secondary">
            {text.length.toLocaleString()} characters
          </Typography>
        )}
        {saveError && dirty && !saving && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not save the notes: {saveError.message} Your text is still here; try again.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Stack direction="row" sx={{ flexGrow: 1, pl: 2 }}>
          <Typography role="status" aria-label="Save state" variant="body2" sx={{ color: dirty ? 'warning.main' : 'text.secondary' }}>
            {state}
          </Typography>
        </Stack>
        <Button onClick={() => void close()}>Close</Button>
        <BusyButton variant="contained" busy={saving} disabled={!dirty} disabledReason={readOnlyReason} onClick={saveNow}>
          Save notes
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
