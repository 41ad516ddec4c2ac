import { useState } from 'react';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { useApiMutation } from '../../lib/api.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { ProjectFormFields, validateProjectForm, type ProjectFormValue } from './project-form.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** Renames a project, changes its description or visibility (E13), sending only what changed. */
export function EditProjectDialog({ project, onClose }: { project: ProjectRecord; onClose: () => void }) {
  const notify = useNotify();
  const [value, setValue] = useState<ProjectFormValue>({
    projectName: project.projectName,
    projectDescription: project.projectDescription,
    isPublic: project.public,
  });
  const [submitted, setSubmitted] = useState(false);
  const update = useApiMutation('updateProject', {
    invalidate: [['listProjects', { workspaceName: project.workspaceName }], ['getProject', { projectId: project.projectId }]],
  });
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(validateProjectForm(value)).length > 0) return;
    const name = value.projectName.trim();
    const changes = {
      newProjectName: name !== project.projectName ? name : undefined,
      newProjectDescription: value.projectDescription !== project.projectDescription ? value.projectDescription : undefined,
      isPublic: value.isPublic !== project.public ? value.isPublic : undefined,
    };
    if (Object.values(changes).every((change) => change === undefined)) {
      onClose();
      return;
    }
    runMutation(
      update,
      { body: { projectId: project.projectId, ...changes } },
      {
        onSuccess: () => {
          notify.success(`Project "${name}" saved.`);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      titleId="edit-project-title"
      title={`Edit project “${project.projectName}”`}
      submitLabel="Save changes"
      mutation={update}
      errorContext="Could not save the project"
      onSubmit={submit}
      dirty={value.projectName !== project.projectName || value.projectDescription !== project.projectDescription || value.isPublic !== project.public}
      onClose={onClose}
    >
      <ProjectFormFields value={value} onChange={setValue} showErrors={submitted} />
    </FormDialog>
  );
}
