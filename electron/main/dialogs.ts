import { dialog, type BrowserWindow } from 'electron';
import type { FileDialogs } from '../backend/src/handlers/transfer-handlers.ts';

/** Native open, save and folder dialogs, attached to the app's window. */
export function nativeDialogs(window: () => BrowserWindow | undefined): FileDialogs {
  return {
    async chooseOpen({ title, multiple }) {
      const options = { ...(title ? { title } : {}), properties: multiple ? ['openFile' as const, 'multiSelections' as const] : ['openFile' as const] };
      const owner = window();
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    async chooseSave({ title, defaultName }) {
      const options = { ...(title ? { title } : {}), ...(defaultName ? { defaultPath: defaultName } : {}) };
      const owner = window();
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseFolder({ title }) {
      const options = { ...(title ? { title } : {}), properties: ['openDirectory' as const] };
      const owner = window();
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
