import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiQuery } from '../../lib/api.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { nameRows } from './bulk-actions.ts';
import type { MoveTarget } from './bulk-runner.ts';
import type { ExperimentRow } from './experiment-row.ts';
import { plural } from '../../lib/format.ts';

/** What the move dialog acts on. */
interface MoveDialogProps {
  rows: readonly ExperimentRow[];
  symlink: boolean;
  /** The project the table shows (not offered as a target). */
  projectId: string;
  workspaceName: string;
  busy: boolean;
  onSubmit(target: MoveTarget): void;
  onClose(): void;
}

/** Picks the project to move or symlink the selected experiments to: a workspace, then a searchable project list. */
export function MoveDialog(props: MoveDialogProps) {
  const workspaces = useWorkspace();
  const [workspaceName, setWorkspaceName] = useState(props.workspaceName);
  const [projectName, setProjectName] = useState<string | null>(null);
  const projects = useApiQuery('listProjects', { workspaceName });
  const options = (projects.data?.projects ?? [])
    .filter((project) => project.projectId !== props.projectId)
    .map((project) => project.projectName)
    .sort((a, b) => a.localeCompare(b));
  const verb = props.symlink ? 'Symlink' : 'Move';
  const submit = () => {
    if (projectName) props.onSubmit({ workspaceName, projectName });
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="move-title" maxWidth="sm" fullWidth>
      <DialogTitle id="move-title">
        {verb} {plural(props.rows.length, 'experiment')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {nameRows(props.rows)}{' '}
            {props.symlink
              ? 'will also be listed in the project you choose; they stay where they are.'
              : 'will leave this project for the one you choose. You can move them back with Undo.'}
          </DialogContentText>
          <TextField
            select
            label="Workspace"
            value={workspaceName}
            onChange={(event) => {
              setWorkspaceName(event.target.value);
              setProjectName(null);
            }}
          >
            {workspaces.workspaceNames.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={options}
            value={projectName}
            onChange={(_event, value) => setProjectName(value)}
            loading={projects.isPending}
            noOptionsText={projects.isPending ? 'Loading projects…' : 'No other project in this workspace'}
            renderInput={(params) => <TextField {...params} label="Target project" autoFocus />}
          />
          {projects.error && <Alert severity="error">Cannot list the projects of “{workspaceName}”: {projects.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={props.busy} disabled={!projectName} onClick={submit}>
          {verb}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
