import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The blob files on disk (temp files excluded). */
export const blobFiles = (dataDir: string): string[] =>
  readdirSync(join(dataDir, 'blobs'))
    .filter((shard) => shard !== 'tmp')
    .flatMap((shard) => readdirSync(join(dataDir, 'blobs', shard)));

/** The temporary files of uploads in progress. */
export const tempFiles = (dataDir: string): string[] => readdirSync(join(dataDir, 'blobs', 'tmp'));
