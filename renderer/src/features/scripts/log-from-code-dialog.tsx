import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { LogFromCodePanel } from './log-from-code-panel.tsx';
import type { OpenProject } from './use-script-settings.ts';

/** The "log from your code" panel of one connection, in a dialog; with `project`, its example logs into that project. */
export function LogFromCodeDialog({ profile, project, onClose }: { profile: ProfileView; project?: OpenProject; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="log-from-code-dialog-title">
      <DialogTitle id="log-from-code-dialog-title">Log to “{project?.projectName ?? profile.name}” from your code</DialogTitle>
      <DialogContent>
        <LogFromCodePanel profileId={profile.id} project={project} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
