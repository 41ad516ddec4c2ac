import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { NotesEditorDialog } from '../../shell/notes-editor-dialog.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** The project's notes (E14) in a text editor with a visible save state; unsaved text is never dropped silently. */
export function NotesDialog({ project, onClose }: { project: ProjectRecord; onClose: () => void }) {
  const { projectId } = project;
  const notes = useApiQuery('getProjectNotes', { projectId });
  const save = useApiMutation('setProjectNotes', { invalidate: [['getProjectNotes', { projectId }]] });
  const access = useAccess('setProjectNotes', project.workspaceName);
  return (
    <NotesEditorDialog
      titleId="notes-title"
      subject={project.projectName}
      notes={notes}
      mutation={save}
      save={(text, onSaved) => runMutation(save, { body: { projectId, notes: text } }, { onSuccess: onSaved })}
      readOnlyReason={access.reason}
      onClose={onClose}
    />
  );
}
