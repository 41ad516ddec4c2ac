import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { FirstRun } from '../scripts/first-run.tsx';
import { CreateProjectDialog } from './create-project-dialog.tsx';
import { useProjectDialogs } from './project-dialogs.tsx';
import { ProjectTable } from './project-table.tsx';

/** How often an empty workspace's project list is read again. */
const EMPTY_REFRESH_MS = 2_000;
/** How often a workspace's projects are read again otherwise: their experiment counts and last updates follow runs logged. */
const LIST_REFRESH_MS = 5_000;

/** The projects of the selected workspace: filter, create, and each project's actions. */
export function ProjectsScreen() {
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          Projects
        </Typography>
        {isLoading ? <CircularProgress aria-label="Loading workspaces" /> : <Alert severity="info">Choose or create a workspace to see its projects.</Alert>}
      </Box>
    );
  }
  return <WorkspaceProjects key={workspaceName} workspaceName={workspaceName} />;
}

function WorkspaceProjects({ workspaceName }: { workspaceName: string }) {
  const profile = useActiveProfile();
  // Read again every few seconds, the counts follow runs a script logs; more often while the workspace is empty, a
  // newcomer's first run creates its project.
  const projects = useApiQuery('listProjects', { workspaceName }, { refetchInterval: (query) => (query.state.data?.projects.length === 0 ? EMPTY_REFRESH_MS : LIST_REFRESH_MS) });
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const filterInput = useRef<HTMLInputElement>(null);
  const { open, dialogs } = useProjectDialogs();
  const createAccess = useAccess('createProject', workspaceName);
  useShortcut('n', 'New project', () => setCreating(createAccess.allowed), { group: 'Projects' });
  useShortcut('/', 'Filter the projects', () => filterInput.current?.focus(), { group: 'Projects' });
  const list = projects.data?.projects ?? [];
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Projects in {workspaceName}
        </Typography>
        <TextField
          size="small"
          label="Filter projects"
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{ htmlInput: { ref: filterInput } }}
        />
        <BusyButton variant="contained" startIcon={<AddIcon />} disabledReason={createAccess.reason} onClick={() => setCreating(true)}>
          New project
        </BusyButton>
      </Stack>
      {projects.isPending && <CircularProgress aria-label="Loading projects" />}
      {projects.error && <Alert severity="error">Could not load the projects of {workspaceName}: {projects.error.message}</Alert>}
      {projects.data && list.length === 0 && profile.kind === 'embedded' && <FirstRun profileId={profile.id} workspaceName={workspaceName} />}
      {projects.data && list.length === 0 && profile.kind !== 'embedded' && (
        <Alert severity="info">{workspaceName} has no projects yet. Create one with “New project”, or log a run into it from your code (Connections, “From code”).</Alert>
      )}
      {list.length > 0 && <ProjectTable projects={list} filter={filter} onAction={open} />}
      <CreateProjectDialog workspaceName={workspaceName} open={creating} onClose={() => setCreating(false)} />
      {dialogs}
    </Box>
  );
}
