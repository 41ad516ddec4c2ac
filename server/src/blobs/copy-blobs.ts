import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { BLOB_NAME } from './blob-store.ts';
import { objectKey, type S3Location } from './s3-blob-store.ts';

/** What a copy of a data dir's blobs into an object store did. */
export interface BlobCopyReport {
  copied: number;
  /** Blobs already in the store with the same size and SHA-256 (an earlier run's): left as they are. */
  skipped: number;
  bytes: number;
}

/** The SHA-256 (hex) of a stream's bytes. */
async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The blob files of a data dir: `[name, path]` for each file under a shard of `<dataDir>/blobs` named like a blob. */
async function blobFilesOf(dataDir: string): Promise<[string, string][]> {
  const root = join(dataDir, 'blobs');
  if (!existsSync(root)) return [];
  const files: [string, string][] = [];
  for (const shard of (await readdir(root)).filter((name) => name !== 'tmp').sort()) {
    for (const name of (await readdir(join(root, shard))).sort()) if (BLOB_NAME.test(name)) files.push([name, join(root, shard, name)]);
  }
  return files;
}

/** The object's size and recorded SHA-256, or undefined when there is none. */
async function stored(client: S3Client, Bucket: string, Key: string): Promise<{ size: number; sha256?: string } | undefined> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
    return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return undefined;
    throw error;
  }
}

/**
 * Copies every blob of `dataDir` into the object store at `location` under the same name, each streamed (multipart)
 * with its SHA-256 recorded as object metadata, then read back and verified by size and SHA-256; a mismatch removes the
 * object and fails. Safe to re-run: a blob already stored with the same size and recorded SHA-256 is skipped.
 */
export async function copyBlobsToS3(dataDir: string, location: S3Location, client: S3Client, log: (line: string) => void): Promise<BlobCopyReport> {
  const report: BlobCopyReport = { copied: 0, skipped: 0, bytes: 0 };
  const Bucket = location.bucket;
  for (const [blob, path] of await blobFilesOf(dataDir)) {
    const Key = objectKey(location, blob);
    const { size } = await stat(path);
    const sha256 = await sha256Of(createReadStream(path));
    const there = await stored(client, Bucket, Key);
    if (there?.size === size && there.sha256 === sha256) {
      report.skipped += 1;
      continue;
    }
    await new Upload({ client, params: { Bucket, Key, Body: createReadStream(path), Metadata: { sha256 } } }).done();
    const copy = await client.send(new GetObjectCommand({ Bucket, Key }));
    const copySha = await sha256Of(copy.Body as Readable);
    if (copy.ContentLength !== size || copySha !== sha256) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
      throw new Error(`The copy of blob ${blob} in s3://${Bucket}/${Key} does not match ${path} (${String(copy.ContentLength)} bytes, SHA-256 ${copySha}; expected ${size}, ${sha256}): it was removed; run the migration again.`);
    }
    report.copied += 1;
    report.bytes += size;
    log(`copied ${blob} (${size} bytes, SHA-256 verified)`);
  }
  return report;
}
