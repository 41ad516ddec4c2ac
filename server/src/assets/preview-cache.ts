import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A preview as the cache answers it: its bytes and whether this call made it (false: read from the cache or joined another call). */
export interface CachedPreview {
  bytes: Buffer;
  made: boolean;
}

/** Previews kept in a folder, one file per key; concurrent first requests of a key make it once. */
export interface PreviewCache {
  /** The preview under `key`, made by `make` when not cached yet (once, however many ask at the same time). */
  get(key: string, make: () => Promise<Buffer>): Promise<CachedPreview>;
}

/** How many previews are made at the same time: the others wait, so large images never starve the service's other requests. */
const MAKERS = 2;

/** A gate letting `limit` tasks run at once, in arrival order. */
function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * A preview cache in `folder` (`<dataDir>/previews`). Keys name immutable content (a blob's name, the size, the maker's
 * version), so a file never goes stale: an overwritten asset has a new blob and so new keys. Files appear complete
 * (written aside, then renamed), so several service instances may share the folder.
 */
export function createPreviewCache(folder: string): PreviewCache {
  const making = new Map<string, Promise<Buffer>>();
  const gate = createGate(MAKERS);
  const pathOf = (key: string) => join(folder, key.slice(0, 2), `${key}.webp`);

  async function makeAndKeep(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const bytes = await gate(make);
    const path = pathOf(key);
    const temp = `${path}.${randomUUID()}.part`;
    await mkdir(join(folder, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    try {
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return bytes;
  }

  return {
    async get(key, make) {
      const pending = making.get(key);
      if (pending) return { bytes: await pending, made: false };
      try {
        return { bytes: await readFile(pathOf(key)), made: false };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const again = making.get(key);
      if (again) return { bytes: await again, made: false };
      const made = makeAndKeep(key, make).finally(() => making.delete(key));
      making.set(key, made);
      return { bytes: await made, made: true };
    },
  };
}
