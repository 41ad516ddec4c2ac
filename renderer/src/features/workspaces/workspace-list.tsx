import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';

/** The workspaces of the connection in use, with the default and the selected one marked, and "New workspace". */
export function WorkspaceList() {
  const profile = useActiveProfile();
  const workspace = useWorkspace();
  const [creating, setCreating] = useState(false);
  const createRefusal = useAccess('createWorkspace', null).reason;
  return (
    <Box component="section" aria-labelledby="workspaces-heading" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography id="workspaces-heading" variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Workspaces on “{profile.name}”
        </Typography>
        <BusyButton startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!!workspace.error} disabledReason={createRefusal}>
          New workspace
        </BusyButton>
      </Stack>
      {workspace.error && <Alert severity="error">Could not load the workspaces: {workspace.error.message}</Alert>}
      <List dense aria-label="Workspaces">
        {workspace.workspaceNames.map((name) => (
          <ListItem key={name}>
            <ListItemText primary={name} />
            <Stack direction="row" spacing={1}>
              {name === workspace.defaultWorkspaceName && <Chip size="small" variant="outlined" label="Default" />}
              {name === workspace.workspaceName && <Chip size="small" color="primary" label="Selected" />}
            </Stack>
          </ListItem>
        ))}
      </List>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
