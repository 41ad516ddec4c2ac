import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { ProjectFormFields, validateProjectForm, type ProjectFormValue } from './project-form.tsx';

const EMPTY: ProjectFormValue = { projectName: '', projectDescription: '', isPublic: false };

/** Creates a project in the workspace (E11); on failure the form stays open with the server's message. */
export function CreateProjectDialog({ workspaceName, open, onClose }: { workspaceName: string; open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const [value, setValue] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const create = useApiMutation('createProject', { invalidate: [['listProjects', { workspaceName }]] });
  const close = () => {
    create.reset();
    setValue(EMPTY);
    setSubmitted(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateProjectForm(value)).length > 0) return;
    create.mutate(
      { body: { workspaceName, ...value } },
      {
        onSuccess: () => {
          notify.success(`Project "${value.projectName.trim()}" created in ${workspaceName}.`);
          close();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-project-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-project-title">New project in {workspaceName}</DialogTitle>
        <DialogContent>
          <ProjectFormFields value={value} onChange={setValue} showErrors={submitted} />
          {create.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              Could not create the project: {create.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={create.isPending}>
            Create project
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
