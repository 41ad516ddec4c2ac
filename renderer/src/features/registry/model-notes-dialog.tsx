import { useAccess } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { NotesEditorDialog } from '../../shell/notes-editor-dialog.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** A model's notes (E22, may be very long) with a visible save state; unsaved or unsavable text is never dropped silently. */
export function ModelNotesDialog({ workspaceName, modelName, onClose }: { workspaceName: string; modelName: string; onClose: () => void }) {
  const notes = useApiQuery('registryModelNotes', { workspaceName, modelName });
  const save = useApiMutation('updateRegistryModelNotes', { invalidate: [['registryModelNotes', { workspaceName, modelName }], 'registryModelDetails'] });
  return (
    <NotesEditorDialog
      titleId="model-notes-title"
      subject={modelName}
      notes={notes}
      mutation={save}
      save={(text, onSaved) => runMutation(save, { body: { workspaceName, registryModelName: modelName, notes: text } }, { onSuccess: onSaved })}
      showLength
      readOnlyReason={useAccess('updateRegistryModelNotes', workspaceName).reason}
      onClose={onClose}
    />
  );
}
