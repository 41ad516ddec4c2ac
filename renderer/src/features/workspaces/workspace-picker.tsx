import { Alert, Divider, FormControl, InputLabel, ListItemText, MenuItem, Select, Snackbar } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAccess } from '../../lib/access.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { screenAfterWorkspaceSwitch } from '../../lib/workspace-switch.ts';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';

const CREATE = '__create__';

/** Chooses the workspace whose projects the screens show; also offers creating one, and says when access to the chosen one ended. */
export function WorkspacePicker() {
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [creating, setCreating] = useState(false);
  const createRefusal = useAccess('createWorkspace', null).reason;
  useShortcut('Shift+W', 'New workspace', () => setCreating(createRefusal === undefined), { group: 'Everywhere' });
  return (
    <>
      <FormControl size="small" sx={{ minWidth: 180 }} disabled={workspace.isLoading || !!workspace.error}>
        <InputLabel id="workspace-picker-label">Workspace</InputLabel>
        <Select
          labelId="workspace-picker-label"
          label="Workspace"
          value={workspace.workspaceName ?? ''}
          onChange={(event) => {
            if (event.target.value === CREATE) {
              setCreating(true);
            } else if (event.target.value !== workspace.workspaceName) {
              workspace.select(event.target.value);
              const next = screenAfterWorkspaceSwitch(pathname);
              if (next !== undefined) void navigate(next);
            }
          }}
        >
          {workspace.workspaceNames.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
          <Divider />
          <MenuItem value={CREATE} disabled={createRefusal !== undefined}>
            <ListItemText primary="New workspace…" secondary={createRefusal} />
          </MenuItem>
        </Select>
      </FormControl>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
      <AccessEndedNotice ended={workspace.endedWorkspaceName} shown={workspace.workspaceName} onClose={(shown) => workspace.select(shown)} />
    </>
  );
}

/** Tells that access to the chosen workspace ended and which one is shown instead, until closed (which keeps that one). */
function AccessEndedNotice({ ended, shown, onClose }: { ended: string | undefined; shown: string | undefined; onClose: (shown: string) => void }) {
  if (ended === undefined) return null;
  return (
    <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="warning" aria-label="Workspace access ended" onClose={shown === undefined ? undefined : () => onClose(shown)} variant="filled">
        Your access to “{ended}” ended{shown === undefined ? '' : `; showing “${shown}”`}.
      </Alert>
    </Snackbar>
  );
}
