import type { EndpointName } from '../../../../shared/api/index.ts';
import { useCommandAccess, type Access } from '../../lib/access.ts';
import type { BulkActionId } from './bulk-actions.ts';

/** Every command of the experiments table that changes something: the bulk and row actions, moving, copying out, and a new experiment. */
export type ExperimentCommand = BulkActionId | 'tags' | 'rename' | 'times' | 'move' | 'symlink' | 'create' | 'copyOut' | 'moveOut';

/** The endpoints each command calls (symlinking one experiment within its workspace uses E6, otherwise E5). */
const ENDPOINTS_OF: Record<ExperimentCommand, readonly EndpointName[]> = {
  stop: ['stopExperiment'],
  archive: ['archiveExperiment'],
  restore: ['restoreExperiment'],
  delete: ['deleteExperiment'],
  tag: ['addTags'],
  untag: ['deleteTags'],
  tags: ['addTags'],
  rename: ['logOther'],
  times: ['setStartEndTime'],
  move: ['moveExperiments'],
  symlink: ['moveExperiments', 'symlinkExperiment'],
  create: ['createExperiment'],
  // Copying to another connection tags the source with its copy's address; moving also sends the source to the trash.
  copyOut: ['addTags'],
  moveOut: ['addTags', 'deleteExperiment'],
};

/** Whether the caller may run each command of the experiments table in `workspaceName`, with the reason when not. */
export function useExperimentAccess(workspaceName: string | undefined): (command: ExperimentCommand) => Access {
  return useCommandAccess(ENDPOINTS_OF, workspaceName);
}
