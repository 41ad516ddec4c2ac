import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { ProjectFormFields, validateProjectForm, type ProjectFormValue } from './project-form.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

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
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(validateProjectForm(value)).length > 0) return;
    runMutation(
      create,
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
    <FormDialog
      open={open}
      titleId="create-project-title"
      title={`New project in ${workspaceName}`}
      submitLabel="Create project"
      mutation={create}
      errorContext="Could not create the project"
      onSubmit={submit}
      dirty={value.projectName !== '' || value.projectDescription !== '' || value.isPublic}
      onClose={close}
    >
      <ProjectFormFields value={value} onChange={setValue} showErrors={submitted} />
    </FormDialog>
  );
}
