import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { LogFromCodePanel } from './log-from-code-panel.tsx';

/** The "log from your code" panel of one connection, in a dialog. */
export function LogFromCodeDialog({ profile, onClose }: { profile: ProfileView; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="log-from-code-dialog-title">
      <DialogTitle id="log-from-code-dialog-title">Log to “{profile.name}” from your code</DialogTitle>
      <DialogContent>
        <LogFromCodePanel profileId={profile.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
