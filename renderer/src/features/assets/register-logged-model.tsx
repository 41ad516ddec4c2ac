import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { VersionFormDialog } from '../registry/index.ts';

/** The register dialog for a model a run logged: the run's model preselected and the registry name prefilled from it. */
export function RegisterLoggedModel({ experimentKey, workspaceName, modelName, onClose }: { experimentKey: string; workspaceName: string; modelName: string; onClose: () => void }) {
  const models = useApiQuery('listExperimentModels', { experimentKey }, { refetchOnMount: 'always' });
  const model = models.data?.models.find((candidate) => candidate.modelName === modelName);
  if (model) {
    const logged = { experimentModelId: model.experimentModelId, experimentKey, modelName };
    return <VersionFormDialog workspaceName={workspaceName} target={{ kind: 'register' }} logged={logged} onClose={onClose} onDone={onClose} />;
  }
  if (!models.error && !models.data) return null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="register-logged-title">
      <DialogTitle id="register-logged-title">Register {modelName}</DialogTitle>
      <DialogContent>
        <Alert severity="error">{models.error ? `Could not load the run's models: ${models.error.message}` : `This run has no model named ${modelName}.`}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
