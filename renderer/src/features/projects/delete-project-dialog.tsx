import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { useApiMutation, useInvalidateApi } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** The project experiments go to when their project is deleted without them (server/README.md, E12). */
const UNCATEGORIZED_PROJECT = 'Uncategorized';

/**
 * Deletes a project (E12) after the user chose, in plain words, what happens to its experiments. Queries are refreshed
 * after `onDeleted` (which may leave the project's page), so the page never flashes "not found" on its way out.
 */
export function DeleteProjectDialog({ project, onClose, onDeleted }: { project: ProjectRecord; onClose: () => void; onDeleted?: () => void }) {
  const notify = useNotify();
  const [choice, setChoice] = useState<'keep' | 'delete'>('keep');
  const count = project.numberOfExperiments;
  const experiments = plural(count, 'experiment');
  const invalidate = useInvalidateApi();
  const remove = useApiMutation('deleteProject');
  const submit = () =>
    runMutation(
      remove,
      { body: { workspaceName: project.workspaceName, projectName: project.projectName, deleteAllExperiments: choice === 'delete' } },
      {
        onSuccess: () => {
          const where = count === 0 ? '' : choice === 'delete' ? ` Its ${experiments} went to the trash.` : ` Its ${experiments} moved to "${UNCATEGORIZED_PROJECT}".`;
          notify.success(`Project "${project.projectName}" deleted.${where}`);
          onClose();
          onDeleted?.();
          void invalidate(['listProjects', 'getProject', 'listExperiments', 'listTrashedExperiments']);
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-project-title" maxWidth="sm" fullWidth>
      <DialogTitle id="delete-project-title">Delete project “{project.projectName}”?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The project “{project.projectName}” of workspace {project.workspaceName} will be deleted, with its notes and share links.{' '}
          {count === 0 ? 'It has no experiments.' : `It has ${experiments}.`}
        </DialogContentText>
        {count > 0 && (
          <FormControl>
            <FormLabel id="delete-project-experiments-label">What happens to its {experiments}?</FormLabel>
            <RadioGroup
              aria-labelledby="delete-project-experiments-label"
              value={choice}
              onChange={(event) => setChoice(event.target.value === 'delete' ? 'delete' : 'keep')}
            >
              <FormControlLabel
                value="keep"
                control={<Radio />}
                label={`Keep them: move them to the “${UNCATEGORIZED_PROJECT}” project of ${project.workspaceName}`}
              />
              <FormControlLabel
                value="delete"
                control={<Radio />}
                label="Delete them too: they go to the trash, from where each can still be restored"
              />
            </RadioGroup>
          </FormControl>
        )}
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not delete the project: {remove.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" color="error" busy={remove.isPending} onClick={submit}>
          Delete project
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
