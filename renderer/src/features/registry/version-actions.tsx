import type { Access } from '../../lib/access.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import type { RegistryCommand } from './registry-access.ts';
import type { RegistryVersion } from './stage-dialog.tsx';

/** What a version's actions do: open the cockpit, the stages or metadata dialog, or delete (each given the version). */
export interface VersionActionHandlers {
  onStages: (version: RegistryVersion) => void;
  /** Opens the promotion cockpit for a version with no change chosen yet. */
  onPromote: (version: RegistryVersion) => void;
  onMetadata: (version: RegistryVersion) => void;
  onDelete: (version: RegistryVersion) => void;
}

/** A version's actions (the versions table's row and the version page): Promote…, Stages…, Metadata…, Delete, each disabled with the reason the caller may not. */
export function VersionActions({ version, accessOf, handlers }: { version: RegistryVersion; accessOf: (command: RegistryCommand) => Access; handlers: VersionActionHandlers }) {
  return (
    <>
      <BusyButton size="small" aria-label={`Promote ${version.version}`} disabledReason={accessOf('promote').reason} onClick={() => handlers.onPromote(version)}>
        Promote…
      </BusyButton>
      <BusyButton size="small" aria-label={`Stages of ${version.version}`} disabledReason={accessOf('stages').reason} onClick={() => handlers.onStages(version)}>
        Stages…
      </BusyButton>
      <BusyButton size="small" aria-label={`Metadata of ${version.version}`} disabledReason={accessOf('metadata').reason} onClick={() => handlers.onMetadata(version)}>
        Metadata…
      </BusyButton>
      <BusyButton size="small" color="error" aria-label={`Delete version ${version.version}`} disabledReason={accessOf('deleteVersion').reason} onClick={() => handlers.onDelete(version)}>
        Delete
      </BusyButton>
    </>
  );
}
