import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The blob files on disk (temp files excluded). */
export const blobFiles = (dataDir: string): string[] =>
  readdirSync(join(dataDir, 'blobs'))
    .filter((shard) => shard !== 'tmp')
    .flatMap((shard) => readdirSync(join(dataDir, 'blobs', shard)));

/** The temporary files of uploads in progress (in the instances' folders, or loose), as paths under `blobs/tmp`. */
export const tempFiles = (dataDir: string): string[] =>
  readdirSync(join(dataDir, 'blobs', 'tmp'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(join(dataDir, 'blobs', 'tmp'), join(entry.parentPath, entry.name)));
