import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The key kept in `path`, or undefined when there is no such file. */
export async function readKeyFile(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes a key to `path`, readable by the user only (folder 0700, file 0600), atomically (temp file + rename). */
export async function writeKeyFile(path: string, key: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${randomUUID()}.tmp`;
  await writeFile(temp, `${key}\n`, { mode: 0o600, flush: true });
  await rename(temp, path);
}

/** Deletes the key file at `path` (nothing to do when it does not exist). */
export async function deleteKeyFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
