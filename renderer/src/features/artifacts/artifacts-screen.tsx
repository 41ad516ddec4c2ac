import { Alert, Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useApiQuery } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { ArtifactTable } from './artifact-table.tsx';
import { filterArtifacts } from './artifact-types.ts';

/** The artifacts (datasets, models, checkpoints…) of the selected workspace, filterable by type and name. */
export function ArtifactsScreen() {
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          Artifacts
        </Typography>
        {isLoading ? <CircularProgress aria-label="Loading workspaces" /> : <Alert severity="info">Choose or create a workspace to see its artifacts.</Alert>}
      </Box>
    );
  }
  return <WorkspaceArtifacts key={workspaceName} workspaceName={workspaceName} />;
}

function WorkspaceArtifacts({ workspaceName }: { workspaceName: string }) {
  const artifacts = useApiQuery('listArtifacts', { workspace: workspaceName });
  const [type, setType] = useState('');
  const [name, setName] = useState('');
  const all = artifacts.data?.artifacts ?? [];
  const types = [...new Set(all.map((artifact) => artifact.artifactType))].sort();
  const shown = filterArtifacts(all, type, name);
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            Artifacts of {workspaceName}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-label="Artifact count">
            {artifacts.data ? plural(all.length, 'artifact') : 'Counting artifacts…'}
          </Typography>
        </Box>
        <TextField select size="small" label="Type" value={type} onChange={(event) => setType(event.target.value)} sx={{ minWidth: 160 }}>
          <MenuItem value="">All types</MenuItem>
          {types.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Filter by name" type="search" value={name} onChange={(event) => setName(event.target.value)} />
      </Stack>
      {artifacts.isPending && <CircularProgress aria-label="Loading artifacts" />}
      {artifacts.error && <Alert severity="error">Could not load the artifacts of {workspaceName}: {artifacts.error.message}</Alert>}
      {artifacts.data && all.length === 0 && (
        <Alert severity="info">No artifacts in {workspaceName} yet. A run logs one with the SDK’s Experiment.log_artifact.</Alert>
      )}
      {all.length > 0 && shown.length === 0 && <Alert severity="info">No artifact matches the filter.</Alert>}
      {shown.length > 0 && <ArtifactTable artifacts={shown} />}
    </Box>
  );
}
