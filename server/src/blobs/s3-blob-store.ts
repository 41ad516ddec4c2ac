import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BLOB_NAME, BlobStoreUnavailableError, BlobTooLargeError, ORPHAN_AGE_MS, type BlobStore, type WrittenBlob } from './blob-store.ts';
import { noteStreamedBytes } from './young-garbage.ts';

/** Where blobs go in an object store: `s3://bucket/prefix`, and whether to address the bucket path-style. */
export interface S3Location {
  bucket: string;
  /** Key prefix without a trailing slash ('' for the bucket's root). */
  prefix: string;
  /** Path-style URLs (`endpoint/bucket/key`): the default when an endpoint is set (MinIO, Ceph, test servers). */
  forcePathStyle: boolean;
}

/** Tuning and test settings of the object store. */
export interface S3BlobStoreOptions {
  /**
   * How long an unfinished multipart upload must be untouched (default an hour) and an unreferenced object old (default a
   * day: a multipart object is dated by its upload's start) before a sweep removes it; tests set both at once.
   */
  safeAgeMs?: number;
  /** Bytes per multipart part (default 5 MiB, S3's minimum). */
  partSize?: number;
  /** Parts sent at a time per upload (default 3): an upload holds about `partSize × (queueSize + 1)` in memory. */
  queueSize?: number;
  /** A client to use instead of one configured from the environment (tests point it at a fault-injecting proxy). */
  client?: S3Client;
}

/**
 * Parses `s3://bucket/prefix[?path-style=true|false]`. Without `path-style`, path-style addressing is used when
 * `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL` names an endpoint (as S3-compatible servers need), virtual-hosted otherwise.
 */
export function parseS3Location(url: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol !== 's3:' || parsed.hostname === '') throw new Error(`The blob store must be an s3://bucket/prefix URL, got "${url}".`);
  const pathStyle = parsed.searchParams.get('path-style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`path-style in "${url}" must be true or false.`);
  const endpointSet = Boolean(env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL);
  return {
    bucket: parsed.hostname,
    prefix: decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, ''),
    forcePathStyle: pathStyle === null ? endpointSet : pathStyle === 'true',
  };
}

/** A client for `location`, configured the way the AWS SDK reads its settings (environment, shared config). */
export function createS3Client(location: S3Location): S3Client {
  return new S3Client({ forcePathStyle: location.forcePathStyle });
}

/** The object key of `blob` under the location's prefix. */
export function objectKey(location: S3Location, blob: string): string {
  if (!BLOB_NAME.test(blob)) throw new Error(`not a blob name: ${blob}`);
  return location.prefix === '' ? blob : `${location.prefix}/${blob}`;
}

/** How long an unreferenced object must be old before a sweep removes it: a multipart object's time is its upload's start. */
const OBJECT_ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Bytes per part of an upload: S3's minimum, so that an upload holds little in memory (parts in flight, one being filled). */
const PART_BYTES = 5 * 1024 * 1024;

/** How much a download or an upload buffers between the client and the store. */
const READ_BUFFER_BYTES = 1024 * 1024;

/** The SDK error's code (`NoSuchBucket`, `ECONNREFUSED`…) or message, for an operator to read. */
function describe(error: unknown): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  return code ?? (name && name !== 'Error' ? name : (message ?? String(error)));
}

/**
 * Creates a blob store over an S3-compatible object store, configured the way the AWS SDK reads it (region, endpoint,
 * credentials from the environment and shared config). A blob is one object, `<prefix>/<uuid>`, written by a multipart
 * upload that streams the source part by part (never whole in memory or on disk) and becomes visible only when
 * completed; a failed upload is aborted, and one whose writer died is aborted by `sweepTemp` once untouched for the safe age.
 */
export function createS3BlobStore(location: S3Location, options: S3BlobStoreOptions = {}, owner: string = randomUUID()): BlobStore {
  const client = options.client ?? createS3Client(location);
  const { bucket } = location;
  const uploadAgeMs = options.safeAgeMs ?? ORPHAN_AGE_MS;
  const objectAgeMs = options.safeAgeMs ?? OBJECT_ORPHAN_AGE_MS;
  const where = `s3://${bucket}/${location.prefix}`;
  const prefix = location.prefix === '' ? '' : `${location.prefix}/`;
  const keyOf = (blob: string): string => objectKey(location, blob);
  const unavailable = (doing: string, error: unknown) =>
    new BlobStoreUnavailableError(
      `The blob store ${where} could not ${doing} (${describe(error)}): try again in a moment; if it keeps failing, ask the service's admin to check the store and its credentials.`,
      { cause: error },
    );
  /** Runs a store call; its failure becomes BlobStoreUnavailableError, but a missing object (a fault of ours, not the store's) stays a plain error. */
  const call = async <T>(doing: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const { name } = error as { name?: string };
      if (name === 'NotFound' || name === 'NoSuchKey') throw new Error(`a blob is missing from ${where} (${name})`, { cause: error });
      throw unavailable(doing, error);
    }
  };

  /** The multipart uploads under the prefix (every page). */
  async function* uploads() {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker, UploadIdMarker }));
      yield* page.Uploads ?? [];
      ({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = page);
      if (!page.IsTruncated) break;
    } while (KeyMarker !== undefined);
  }

  /** When an upload was last touched: its newest part, or its start. */
  const lastTouched = async (key: string, uploadId: string, initiated: number): Promise<number> => {
    const parts = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    return Math.max(initiated, ...(parts.Parts ?? []).map((part) => part.LastModified?.getTime() ?? 0));
  };

  /** Streams `source` into object `blob` by a multipart upload: visible only once complete, aborted on failure. */
  async function writeNamed(blob: string, source: Readable, limit: number): Promise<WrittenBlob> {
    let bytes = 0;
    let sourceError: unknown;
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      noteStreamedBytes(chunk.length);
      if (bytes > limit) source.destroy(new BlobTooLargeError(limit));
    };
    const noteSourceError = (error: unknown) => {
      sourceError ??= error;
    };
    // The SDK gets a stream of its own: when a part fails it stops reading and destroys its body, which must not be
    // taken for the client's request failing (the client's stream is drained below instead).
    const body = new PassThrough({ highWaterMark: READ_BUFFER_BYTES });
    const failBody = (error: unknown) => body.destroy(error as Error);
    source.on('data', count).on('error', noteSourceError).on('error', failBody).pipe(body);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: keyOf(blob), Body: body },
      partSize: options.partSize ?? PART_BYTES,
      queueSize: options.queueSize ?? 3,
    });
    try {
      // Upload aborts the multipart upload itself when a part or the completion fails.
      await upload.done();
      return { blob, size: bytes };
    } catch (error) {
      source.unpipe(body).resume();
      if (sourceError !== undefined) throw sourceError;
      throw unavailable('take the upload', error);
    } finally {
      source.off('data', count).off('error', noteSourceError).off('error', failBody);
    }
  }

  return {
    owner,
    write: (source, limit) => writeNamed(randomUUID(), source, limit),
    async writeAs(blob, source, limit) {
      // Looked for first, as the data dir does (a restore writes each name once; no other writer uses these names).
      const stored = await call('look for a file', () => client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(blob) }))).then(
        () => true,
        (error: unknown) => (error instanceof BlobStoreUnavailableError ? Promise.reject(error) : false),
      );
      if (stored) throw new Error(`blob ${blob} is already stored`);
      return writeNamed(blob, source, limit);
    },
    read(blob, range) {
      const Range = range && `bytes=${range.start}-${range.end}`;
      const Key = keyOf(blob);
      // Returned at once, as a file read stream is; the object's bytes flow in once the store answers.
      const out = new PassThrough({ highWaterMark: READ_BUFFER_BYTES });
      out.on('data', (chunk: Buffer) => noteStreamedBytes(chunk.length)).pause();
      call('send the file', () => client.send(new GetObjectCommand({ Bucket: bucket, Key, Range })))
        .then((reply) => pipeline(reply.Body as Readable, out))
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    size: (blob) => call('tell the file size', async () => (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(blob) }))).ContentLength ?? 0),
    remove: (blob) => call('remove a file', async () => void (await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(blob) })))),
    /**
     * Aborts the multipart uploads under the prefix untouched (no new part) for the safe age, whichever instance started
     * them: the store cannot tell a writer's instance, and a live upload sends a part long before that.
     */
    sweepTemp: () =>
      call('list unfinished uploads', async () => {
        const before = Date.now() - uploadAgeMs;
        let aborted = 0;
        for await (const { Key, UploadId, Initiated } of uploads()) {
          if (Key === undefined || UploadId === undefined) continue;
          const initiated = Initiated?.getTime() ?? 0;
          if (initiated >= before || (await lastTouched(Key, UploadId, initiated)) >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
          aborted += 1;
        }
        return aborted;
      }),
    sweepOrphans: (isReferenced) =>
      call('list files to sweep', async () => {
        const before = Date.now() - objectAgeMs;
        let removed = 0;
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
          for (const { Key, LastModified } of page.Contents ?? []) {
            const blob = Key?.slice(prefix.length) ?? '';
            if (!BLOB_NAME.test(blob) || (LastModified?.getTime() ?? Infinity) >= before || (await isReferenced(blob))) continue;
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
            removed += 1;
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken !== undefined);
        return removed;
      }),
  };
}
