import { resolve } from 'node:path';
import type { ChosenFiles } from '../files/chosen-files.ts';
import { AppError } from '../ipc/app-error.ts';
import type { Handlers } from '../ipc/dispatch.ts';
import { ArchiveUnreadable } from '../offline-import/archive-zip.ts';
import type { OfflineImports } from '../offline-import/offline-imports.ts';
import type { FileDialogs } from './transfer-handlers.ts';

/**
 * "Import offline runs…": archives and the watched folder. Where the shell has native dialogs, only files and folders
 * the user chose in one are read, so a compromised page cannot have the backend read other paths.
 */
export function offlineHandlers(
  imports: OfflineImports | undefined,
  dialogs: FileDialogs | undefined,
  chosen: ChosenFiles,
): Pick<Handlers, 'offline.import' | 'offline.watchState' | 'offline.watch' | 'files.chooseFolder'> {
  const allowed = (path: string) => (dialogs ? chosen.require(path) : resolve(path));
  const importer = () => {
    if (!imports) throw new AppError('unsupported', 'Offline runs are imported into the local service, and this Trackdesk runs none.');
    return imports;
  };
  return {
    'offline.import': async ({ importId, paths }) => ({ results: await importer().importFiles(importId, paths.map(allowed)) }),
    'offline.watchState': async () => importer().watchState(),
    'offline.watch': async ({ folder }) => {
      try {
        return await importer().watch(folder === null ? null : allowed(folder));
      } catch (error) {
        if (error instanceof ArchiveUnreadable) throw new AppError('invalid_input', `Choose a folder to watch: ${error.message}.`);
        throw error;
      }
    },
    'files.chooseFolder': async ({ title }) => {
      if (!dialogs?.chooseFolder) throw new AppError('unsupported', 'Folder dialogs exist only in the desktop window.');
      const path = await dialogs.chooseFolder({ title });
      return { path: path === null ? null : (chosen.add([path])[0] ?? null) };
    },
  };
}
