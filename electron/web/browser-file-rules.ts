import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { AppError } from '../backend/src/ipc/app-error.ts';
import type { Handlers } from '../backend/src/ipc/dispatch.ts';

const READS_NO_PATH =
  'In the browser, Trackdesk reads no file by its path: pick the file in the page (its bytes are sent, never its path).';
const WRITES_NO_DOWNLOAD =
  'In the browser, Trackdesk writes no download to a path: the browser saves it in your download folder.';
const WATCHES_NO_FOLDER =
  'In the browser, Trackdesk watches no folder: pick the archives in the page, or watch a folder from the desktop app.';
const SAVES_NO_TEXT = 'In the browser, Trackdesk writes no text file to a path: the browser saves it in your download folder.';

/** The path typed in the page, `~` meaning the home folder, made absolute. */
function typedPath(filePath: string): string {
  return resolve(filePath.replace(/^~(?=$|[\\/])/, homedir()));
}

/** The real location of `path`: the real path of its nearest existing ancestor, with the rest of the path appended. */
async function realLocation(path: string): Promise<string> {
  let existing = path;
  for (;;) {
    try {
      return join(await realpath(existing), relative(existing, path));
    } catch (error) {
      const parent = dirname(existing);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === existing) throw error;
      existing = parent;
    }
  }
}

const isInside = (path: string, folder: string) => {
  const rest = relative(folder, path);
  return rest !== '' && !rest.startsWith('..') && !isAbsolute(rest);
};

/**
 * The typed path, resolved, when it lies inside one of the folders the user chose (links followed, so a link inside a
 * chosen folder cannot lead out of it); throws `forbidden` otherwise.
 */
async function insideSaveFolder(filePath: string, saveFolders: readonly string[]): Promise<string> {
  const path = typedPath(filePath);
  const real = await realLocation(path);
  for (const folder of saveFolders) {
    if (isInside(real, await realLocation(resolve(folder)))) return path;
  }
  throw new AppError(
    'forbidden',
    `Trackdesk in the browser saves only inside the folders it was started with (${saveFolders.join(', ')}; see --save-dir): ${path} is outside them.`,
  );
}

/**
 * The backend's handlers as the browser shell offers them, where the page (or anyone holding the token) must not name
 * files: channels that read a file by its path are refused (the page sends the bytes of files the user picked),
 * downloads and text exports are refused (the browser saves them in its download folder), and config files are written
 * only inside the folders the user chose when starting the shell, as new files (the backend creates them exclusively,
 * never over an existing file).
 */
export function browserFileRules(handlers: Handlers, saveFolders: readonly string[]): Handlers {
  return {
    ...handlers,
    'transfers.upload': () => Promise.reject(new AppError('forbidden', READS_NO_PATH)),
    'transfers.download': () => Promise.reject(new AppError('forbidden', WRITES_NO_DOWNLOAD)),
    'files.saveText': () => Promise.reject(new AppError('forbidden', SAVES_NO_TEXT)),
    // Offline archives: the page sends the bytes of the archives picked in it (POST /offline/import); no folder is watched.
    'offline.import': () => Promise.reject(new AppError('forbidden', READS_NO_PATH)),
    'offline.watch': (input) => (input.folder === null ? handlers['offline.watch'](input) : Promise.reject(new AppError('forbidden', WATCHES_NO_FOLDER))),
    'scripts.saveConfig': async (input) =>
      handlers['scripts.saveConfig']({ ...input, filePath: await insideSaveFolder(input.filePath, saveFolders) }),
    'scripts.createPersonalKey': async (input) =>
      handlers['scripts.createPersonalKey'](
        input.deliver.to === 'file' ? { ...input, deliver: { to: 'file', filePath: await insideSaveFolder(input.deliver.filePath, saveFolders) } } : input,
      ),
  };
}
