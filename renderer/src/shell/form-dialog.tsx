import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';
import { useGuardedClose } from './guarded-close.ts';

/** Props of FormDialog: the title, the fields, the submit action and the save it runs. */
export interface FormDialogProps {
  /** Defaults to true (a dialog mounted only while open). */
  open?: boolean;
  /** Id of the title element (the dialog's accessible name). */
  titleId: string;
  title: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** The label of the submit button, e.g. "Create project". */
  submitLabel: string;
  /** The save: busy while pending; its error is shown below the fields after `errorContext`. */
  mutation: { isPending: boolean; error: { message: string } | null };
  /** What failed, e.g. "Could not create the project". */
  errorContext: string;
  /** Runs on submit (button or Enter), after the browser's own submit is prevented. */
  onSubmit(): void;
  /** Something was typed: Escape or a click outside asks before closing. */
  dirty?: boolean;
  onClose(): void;
  children: ReactNode;
}

/** A dialog holding a form: title, fields, the save's failure with the server's message, Cancel and a busy submit button. */
export function FormDialog({ open = true, titleId, title, maxWidth = 'sm', submitLabel, mutation, errorContext, onSubmit, dirty = false, onClose, children }: FormDialogProps) {
  const closeOutside = useGuardedClose(dirty, onClose);
  return (
    <Dialog open={open} onClose={closeOutside} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {mutation.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorContext}: {mutation.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={mutation.isPending}>
            {submitLabel}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
