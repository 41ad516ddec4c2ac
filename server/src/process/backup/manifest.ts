import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The manifest's file name in a backup folder; written last, so a folder without it is an interrupted backup. */
export const MANIFEST_FILE = 'backup.json';

const BLOB_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const checksum = z.object({ size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/** What `backup` wrote: the database snapshot and every blob its rows reference, each with size and SHA-256. */
export const manifestSchema = z.object({
  format: z.literal('trackdesk-backup'),
  version: z.literal(1),
  /** When the database snapshot was taken (ISO 8601). */
  snapshotAt: z.string(),
  database: checksum.extend({ kind: z.enum(['sqlite', 'postgres']), file: z.enum(['trackdesk.sqlite', 'database.pgdump']) }),
  blobs: z.array(checksum.extend({ blob: z.string().regex(BLOB_NAME) })),
  /** Blobs the snapshot's rows referenced but the service deleted (with their rows) before they were copied. */
  droppedBlobs: z.array(z.string().regex(BLOB_NAME)),
});

/** A backup's manifest. */
export type Manifest = z.infer<typeof manifestSchema>;

/** A file's size and SHA-256 (hex). */
export type Checksum = z.infer<typeof checksum>;

/** Where a blob's copy lives in a backup folder (sharded like the data dir). */
export const backupBlobPath = (folder: string, blob: string): string => join(folder, 'blobs', blob.slice(0, 2), blob);

/** Reads and checks the manifest of the backup in `folder`; the error says what is wrong and what to do. */
export function readManifest(folder: string): Manifest {
  const file = join(folder, MANIFEST_FILE);
  if (!existsSync(folder)) throw new Error(`No backup at ${folder}: pass the folder a backup was written to (--from).`);
  if (!existsSync(file)) throw new Error(`${folder} holds no ${MANIFEST_FILE}: it is not a backup, or its backup was interrupted. Restore from another backup.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}): the backup is damaged; restore from another backup.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new Error(`${file} is not a Trackdesk backup manifest this version reads (${result.error.issues[0]?.message ?? 'invalid'}): restore from another backup, or with the Trackdesk version that wrote it.`);
  return result.data;
}
