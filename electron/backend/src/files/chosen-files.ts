import { isAbsolute, resolve } from 'node:path';
import { AppError } from '../ipc/app-error.ts';

/** How many dropped paths one drop may register. */
const MAX_DROPPED = 1000;

/**
 * The files the user chose during this session (in a native dialog, or by dropping them on the desktop window).
 * Where the shell has native dialogs, transfers touch only these, so a compromised page cannot name other paths.
 */
export class ChosenFiles {
  private readonly paths = new Set<string>();

  /** Records paths the user chose; answers them resolved. */
  add(paths: readonly string[]): string[] {
    const resolved = paths.map((path) => resolve(path));
    for (const path of resolved) this.paths.add(path);
    return resolved;
  }

  /** Records the paths of dropped files after checking their shape (absolute, bounded); answers them resolved. */
  addDropped(paths: unknown): string[] {
    if (!Array.isArray(paths) || paths.length > MAX_DROPPED) throw new AppError('invalid_input', 'Dropped files must be a list of paths.');
    const valid = paths.filter((path): path is string => typeof path === 'string' && path.length > 0 && path.length <= 4096 && isAbsolute(path));
    return this.add(valid);
  }

  /** The resolved path when the user chose it; throws `forbidden` otherwise. */
  require(filePath: string): string {
    const path = resolve(filePath);
    if (!this.paths.has(path)) throw new AppError('forbidden', 'Choose the file with the file dialog (or drop it on the window) first.');
    return path;
  }
}
