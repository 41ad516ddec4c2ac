import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { FOLLOW_REGISTRY } from './follow-registry.ts';
import { ModelTable, modelPath } from './model-table.tsx';
import { useRegistryAccess } from './registry-access.ts';
import { VersionFormDialog } from './version-form-dialog.tsx';

/** The model registry of the selected workspace. */
export function RegistryScreen() {
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          Model registry
        </Typography>
        {isLoading ? <CircularProgress aria-label="Loading workspaces" /> : <Alert severity="info">Choose or create a workspace to see its registry.</Alert>}
      </Box>
    );
  }
  return <WorkspaceRegistry key={workspaceName} workspaceName={workspaceName} />;
}

function WorkspaceRegistry({ workspaceName }: { workspaceName: string }) {
  const navigate = useNavigate();
  const models = useApiQuery('listRegistryModels', { workspaceName }, FOLLOW_REGISTRY);
  const count = useApiQuery('countRegistryModels', { workspaceName }, FOLLOW_REGISTRY);
  const [filter, setFilter] = useState('');
  const [registering, setRegistering] = useState(false);
  const filterInput = useRef<HTMLInputElement>(null);
  const newModel = useRegistryAccess(workspaceName)('newModel');
  useShortcut('n', 'Register a model', () => setRegistering(newModel.allowed), { group: 'Registry' });
  useShortcut('/', 'Filter the models', () => filterInput.current?.focus(), { group: 'Registry' });
  const needle = filter.trim().toLowerCase();
  const list = (models.data?.registryModels ?? []).filter(
    (model) => !needle || model.modelName.toLowerCase().includes(needle) || model.description.toLowerCase().includes(needle),
  );
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            Model registry of {workspaceName}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-label="Model count">
            {count.data ? plural(count.data.registryModelCount, 'registered model') : count.error ? 'Model count unavailable' : 'Counting models…'}
          </Typography>
        </Box>
        <TextField size="small" label="Filter models" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} slotProps={{ htmlInput: { ref: filterInput } }} />
        <BusyButton variant="contained" startIcon={<AddIcon />} disabledReason={newModel.reason} onClick={() => setRegistering(true)}>
          Register a model
        </BusyButton>
      </Stack>
      {models.isPending && <CircularProgress aria-label="Loading registry models" />}
      {models.error && <Alert severity="error">Could not load the registry of {workspaceName}: {models.error.message}</Alert>}
      {models.data && models.data.registryModels.length === 0 && (
        <Alert severity="info">No models are registered in {workspaceName} yet. Register one from an experiment’s model with “Register a model”.</Alert>
      )}
      {list.length > 0 && <ModelTable models={list} />}
      {registering && (
        <VersionFormDialog
          workspaceName={workspaceName}
          target={{ kind: 'register' }}
          onClose={() => setRegistering(false)}
          onDone={(modelName) => {
            setRegistering(false);
            void navigate(modelPath(modelName));
          }}
        />
      )}
    </Box>
  );
}
