/**
 * One contract for both blob stores: the data dir, and an S3-compatible object store (moto_server on 127.0.0.1, see
 * s3-server.ts for what it does not cover). Every test runs against each.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreUnavailableError, BlobTooLargeError, createBlobStore, type BlobStore } from '../../src/blobs/blob-store.ts';
import { createS3BlobStore } from '../../src/blobs/s3-blob-store.ts';
import { startS3Server, testS3Client, type TestS3Server } from '../support/s3-server.ts';

const MiB = 1024 * 1024;
/** Parts of 5 MiB (S3's minimum), so a 12 MiB blob is a three-part upload. */
const PART = 5 * MiB;

/** A store under test and what the test needs to look behind it. */
interface Subject {
  store: BlobStore;
  /** The names of the complete blobs stored. */
  stored(): Promise<string[]>;
  /** Unfinished writes left behind (temp files, multipart uploads). */
  leftovers(): Promise<number>;
  /** A store over the same bytes that takes everything there now for older than the safe age. */
  aged(): Promise<BlobStore>;
}

type Kind = 'data dir' | 's3';
const subjects = new Map<Kind, Subject>();
let s3: TestS3Server;
let dir: string;

const filesUnder = (path: string): string[] =>
  readdirSync(path, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)]));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trackdesk-contract-'));
  const root = join(dir, 'blobs');
  const shardFiles = () => readdirSync(root).filter((name) => name !== 'tmp').flatMap((shard) => filesUnder(join(root, shard)));
  subjects.set('data dir', {
    store: createBlobStore(dir),
    stored: async () => shardFiles().map((path) => path.slice(-36)),
    leftovers: async () => filesUnder(join(root, 'tmp')).length,
    aged: async () => {
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const path of shardFiles()) utimesSync(path, old, old);
      return createBlobStore(dir);
    },
  });
  s3 = await startS3Server();
  const location = { bucket: s3.bucket, prefix: 'team/blobs', forcePathStyle: true };
  subjects.set('s3', {
    store: createS3BlobStore(location, { client: s3.client, partSize: PART }),
    stored: async () => (await s3.keys()).map((key) => key.slice('team/blobs/'.length)),
    leftovers: async () => (await s3.uploads()).length,
    // Object times have whole seconds: "older than a minute from now" takes in everything there.
    aged: async () => createS3BlobStore(location, { client: s3.client, partSize: PART, safeAgeMs: -60_000 }),
  });
}, 60_000);

afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** `bytes` as a stream of 64 KiB chunks, as a request body arrives. */
const chunked = (bytes: Buffer) => Readable.from((function* () {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
})());

describe.each<Kind>(['data dir', 's3'])('the blob store contract: %s', (kind) => {
  const subject = () => subjects.get(kind) as Subject;

  it('stores a multi-part blob and reads it back whole, by size and by ranges across part boundaries', async () => {
    const { store } = subject();
    const bytes = randomBytes(12 * MiB + 3);
    const { blob, size } = await store.write(chunked(bytes), 20 * MiB);
    expect(size).toBe(bytes.length);
    expect(await store.size(blob)).toBe(bytes.length);
    expect(sha(await read(store.read(blob)))).toBe(sha(bytes));
    for (const [start, end] of [[0, 3], [PART - 10, PART + 10], [bytes.length - 1, bytes.length - 1]] as const) {
      expect(await read(store.read(blob, { start, end }))).toEqual(bytes.subarray(start, end + 1));
    }
    await store.remove(blob);
  });

  it('shows a blob only once it is complete', async () => {
    const { store, stored } = subject();
    const source = new PassThrough();
    const writing = store.write(source, 20 * MiB);
    source.write(randomBytes(PART + MiB));
    await sleep(500);
    expect(await stored()).toEqual([]);
    source.end(randomBytes(MiB));
    const { blob } = await writing;
    expect(await stored()).toEqual([blob]);
    await store.remove(blob);
  });

  it('refuses a blob over the limit and leaves nothing behind', async () => {
    const { store, stored, leftovers } = subject();
    await expect(store.write(chunked(randomBytes(7 * MiB)), 6 * MiB)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await stored()).toEqual([]);
    expect(await leftovers()).toBe(0);
  });

  it('fails with the source when it breaks mid-way and leaves nothing behind', async () => {
    const { store, stored, leftovers } = subject();
    const source = new PassThrough();
    const writing = store.write(source, 20 * MiB);
    source.write(randomBytes(PART + MiB));
    await sleep(300);
    source.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(await stored()).toEqual([]);
    expect(await leftovers()).toBe(0);
  });

  it('removes a blob (a missing one is fine), after which size and read fail', async () => {
    const { store, stored } = subject();
    const { blob } = await store.write(Readable.from([Buffer.from('bye')]), 10);
    await store.remove(blob);
    await store.remove(blob);
    expect(await stored()).toEqual([]);
    await expect(store.size(blob)).rejects.toThrow();
    // A missing blob is the service's fault, not the store's: not "unavailable, try again".
    await expect(store.size(blob)).rejects.not.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(read(store.read(blob))).rejects.toThrow();
  });

  it('writes under a given name (a restore) and refuses a name already stored', async () => {
    const { store, stored } = subject();
    const blob = crypto.randomUUID();
    expect(await store.writeAs(blob, Readable.from([Buffer.from('restored')]), 100)).toEqual({ blob, size: 8 });
    expect((await read(store.read(blob))).toString()).toBe('restored');
    await expect(store.writeAs(blob, Readable.from([Buffer.from('again')]), 100)).rejects.toThrow(`blob ${blob} is already stored`);
    expect(await stored()).toEqual([blob]);
    await store.remove(blob);
  });

  it('sweeps unreferenced blobs only once older than the safe age, never referenced ones', async () => {
    const { store, stored, aged } = subject();
    const kept = await store.write(Readable.from([Buffer.from('kept')]), 10);
    await store.write(Readable.from([Buffer.from('orphan')]), 10);
    const isReferenced = (blob: string) => blob === kept.blob;
    expect(await store.sweepOrphans(isReferenced)).toBe(0);
    expect(await (await aged()).sweepOrphans(isReferenced)).toBe(1);
    expect(await stored()).toEqual([kept.blob]);
    expect(await (await aged()).sweepOrphans(() => false)).toBe(1);
  });
});

describe('the S3 blob store only', () => {
  it('aborts a multipart upload left by a killed writer once untouched for the safe age, not before', async () => {
    const Key = `team/blobs/${crypto.randomUUID()}`;
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
    await s3.client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: 1, Body: randomBytes(PART) }));
    const subject = subjects.get('s3') as Subject;
    expect(await subject.store.sweepTemp(() => true)).toBe(0);
    expect(await (await subject.aged()).sweepTemp(() => true)).toBe(1);
    expect(await s3.uploads()).toEqual([]);
  });

  it('says the store cannot be reached, with what to do, when nothing listens at its endpoint', async () => {
    const client = testS3Client('http://127.0.0.1:9', { maxAttempts: 1 });
    const store = createS3BlobStore({ bucket: s3.bucket, prefix: '', forcePathStyle: true }, { client });
    const failure = store.write(chunked(randomBytes(MiB)), 10 * MiB);
    await expect(failure).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(failure).rejects.toThrow(/s3:\/\/trackdesk-test\/ could not take the upload \(ECONNREFUSED\): try again/);
    await expect(store.size(crypto.randomUUID())).rejects.toBeInstanceOf(BlobStoreUnavailableError);
  });
});
