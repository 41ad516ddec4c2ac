import { dirname } from 'node:path';
import { AppError } from '../ipc/app-error.ts';

/** The folder is not the user's to write in. */
const notAllowed = (path: string, folder: string): string =>
  `Cannot save ${path}: Trackdesk may not write in ${folder}. Choose a folder of yours (e.g. your home folder), or change the folder's permissions.`;

/** What went wrong writing a file, by the system's error code, and what the user can do about it. */
const SENTENCES: Record<string, (path: string, folder: string) => string> = {
  ENOENT: (path, folder) => `Cannot save ${path}: the folder ${folder} does not exist. Create the folder first, or choose another one.`,
  ENOTDIR: (path) => `Cannot save ${path}: a part of that path is a file, not a folder. Check the path, or choose another folder.`,
  EACCES: notAllowed,
  EPERM: notAllowed,
  EISDIR: (path) => `Cannot save ${path}: it is a folder. Add a file name at the end of the path.`,
  EEXIST: (path) => `${path} exists already; choose another name or remove it first.`,
  ENOSPC: (path) => `Cannot save ${path}: the disk is full. Free some space, or choose another disk.`,
  EROFS: (path) => `Cannot save ${path}: that disk is read-only. Choose another folder.`,
};

/**
 * The error to show when writing `path` failed: a sentence that says what to do next (never a raw errno code),
 * `forbidden` when the file exists already, else `invalid_input`. An error that is not the system's is given back unchanged.
 */
export function writeFailure(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  const sentence = SENTENCES[code];
  const message = sentence ? sentence(path, dirname(path)) : `Cannot save ${path}. Try again, or choose another folder.`;
  return new AppError(code === 'EEXIST' ? 'forbidden' : 'invalid_input', message);
}
