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
  /**
   * The preview under `key`, made by `make` when not cached yet (once, however many ask at the same time). A preview made
   * `ahead` (not asked for by anyone yet) waits behind every preview someone waits for.
   */
  get(key: string, make: () => Promise<Buffer>, options?: { ahead?: boolean }): Promise<CachedPreview>;
  /** Removes the cached files of these keys (their image is gone). */
  remove(keys: readonly string[]): Promise<void>;
}

/** How many previews are made at the same time: the others wait, so large images never starve the service's other requests. */
const MAKERS = 2;
/** How many of those may be previews made ahead: one maker is always left for a preview someone waits for. */
const AHEAD_MAKERS = 1;

/** A task's turn under a gate: wanted now (someone waits for it) or ahead of time. */
type Turn = 'now' | 'ahead';

/**
 * A gate letting `limit` tasks run at once, at most `aheadLimit` of them `ahead`; a freed place goes to the oldest task
 * someone waits for, and only then to the oldest task made ahead.
 */
export function createPriorityGate(limit: number, aheadLimit: number) {
  const running = { now: 0, ahead: 0 };
  const waiting: Record<Turn, (() => void)[]> = { now: [], ahead: [] };
  const mayStart = (turn: Turn) => running.now + running.ahead < limit && (turn === 'now' || running.ahead < aheadLimit);
  const next = () => {
    const turn: Turn | undefined = waiting.now.length > 0 && mayStart('now') ? 'now' : waiting.ahead.length > 0 && mayStart('ahead') ? 'ahead' : undefined;
    if (!turn) return;
    running[turn] += 1;
    waiting[turn].shift()?.();
  };
  return async <T>(task: () => Promise<T>, turn: Turn = 'now'): Promise<T> => {
    if (mayStart(turn) && waiting.now.length === 0 && (turn === 'now' || waiting.ahead.length === 0)) running[turn] += 1;
    else await new Promise<void>((resolve) => waiting[turn].push(resolve));
    try {
      return await task();
    } finally {
      running[turn] -= 1;
      next();
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
  const gate = createPriorityGate(MAKERS, AHEAD_MAKERS);
  const pathOf = (key: string) => join(folder, key.slice(0, 2), `${key}.webp`);

  async function makeAndKeep(key: string, make: () => Promise<Buffer>, turn: Turn): Promise<Buffer> {
    const bytes = await gate(make, turn);
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
    async get(key, make, options) {
      const pending = making.get(key);
      if (pending) return { bytes: await pending, made: false };
      try {
        return { bytes: await readFile(pathOf(key)), made: false };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const again = making.get(key);
      if (again) return { bytes: await again, made: false };
      const made = makeAndKeep(key, make, options?.ahead ? 'ahead' : 'now').finally(() => making.delete(key));
      making.set(key, made);
      return { bytes: await made, made: true };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
