import type { EndpointName } from '../../../../shared/api/index.ts';
import { useCommandAccess, type Access } from '../../lib/access.ts';

/** Every command of the registry screens that changes something. */
export type RegistryCommand = 'newModel' | 'newVersion' | 'editModel' | 'deleteModel' | 'notes' | 'promote' | 'stages' | 'metadata' | 'deleteVersion';

/** The stage and status changes a promotion or the stages dialog may make (one request each, or one E55 move). */
const STAGE_CHANGES: readonly EndpointName[] = ['addRegistryModelVersionStage', 'removeRegistryModelVersionStage', 'updateRegistryModelVersion'];

/** The endpoints each command calls. */
const ENDPOINTS_OF: Record<RegistryCommand, readonly EndpointName[]> = {
  newModel: ['createRegistryModel'],
  newVersion: ['createRegistryModelVersion'],
  editModel: ['updateRegistryModel'],
  deleteModel: ['deleteRegistryModel'],
  notes: ['updateRegistryModelNotes'],
  promote: ['addRegistryModelVersionStage', 'removeRegistryModelVersionStage', 'setRegistryModelItemStatus', 'moveRegistryModelVersion'],
  stages: STAGE_CHANGES,
  metadata: ['updateRegistryModelItemMetadata'],
  deleteVersion: ['deleteRegistryModelVersion'],
};

/** Whether the caller may run each registry command in `workspaceName`, with the reason when not. */
export function useRegistryAccess(workspaceName: string | undefined): (command: RegistryCommand) => Access {
  return useCommandAccess(ENDPOINTS_OF, workspaceName);
}
