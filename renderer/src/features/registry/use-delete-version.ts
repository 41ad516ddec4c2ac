import { useApiMutation } from '../../lib/api.ts';
import { runMutation } from '../../lib/run-mutation.ts';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import type { RegistryVersion } from './stage-dialog.tsx';

/** The reads a change to a model's versions makes stale. */
export const VERSION_CHANGE_INVALIDATES = ['listRegistryModels', 'countRegistryModels', 'registryModelDetails', 'listExperimentModels'] as const;

/** Deletes a version of `modelName` once the user confirms (E22), reporting the outcome; `onDeleted` runs after the service agreed. */
export function useDeleteVersion(modelName: string, onDeleted?: () => void): (version: RegistryVersion) => Promise<void> {
  const confirm = useConfirm();
  const notify = useNotify();
  const deleteVersion = useApiMutation('deleteRegistryModelVersion', { invalidate: VERSION_CHANGE_INVALIDATES });
  return async (version) => {
    const confirmed = await confirm({
      title: `Delete version ${version.version} of “${modelName}”?`,
      message: `Version ${version.version}${version.stages.length > 0 ? ` (in ${version.stages.join(', ')})` : ''} and its comment are deleted from the registry. The experiment model it came from stays. This cannot be undone.`,
      confirmLabel: `Delete version ${version.version}`,
      destructive: true,
    });
    if (!confirmed) return;
    runMutation(
      deleteVersion,
      { query: { modelItemId: version.registryModelItemId } },
      {
        onSuccess: () => {
          notify.success(`Deleted version ${version.version} of ${modelName}.`);
          onDeleted?.();
        },
        onError: (error) => notify.error(error, `Could not delete version ${version.version}`),
      },
    );
  };
}
