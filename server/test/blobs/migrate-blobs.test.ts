/** `migrate --from <data dir> --blobs-to s3://…` (the real CLI) into moto_server (s3-server.ts), then a service using the copies. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobFiles } from '../assets/assets-fixtures.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';
import { runCli, startChildServer } from '../support/child-server.ts';
import { startTestServer, TEST_ADMIN_KEY } from '../support/harness.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let s3: TestS3Server;
let dataDir: string;
const uploaded: { experimentKey: string; assetId: string; bytes: Buffer }[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-migrate-blobs-'));
  const server = await startTestServer({ dataDir, backend: 'sqlite' });
  const experimentKey = await newExperiment(server, 'moving');
  for (const bytes of [randomBytes(6 * 1024 * 1024 + 1), Buffer.from('a small note')]) {
    const saved = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm(bytes, 'file.bin') });
    expect(saved.status).toBe(200);
    uploaded.push({ experimentKey, assetId: saved.body.assetId, bytes });
  }
  await server.close();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const migrate = () => runCli(['migrate', '--from', dataDir, '--blobs-to', `s3://${s3.bucket}/moved`], s3.env);
const objectSha = async (Key: string) => sha(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }))).Body!.transformToByteArray());

describe('migrate --blobs-to', () => {
  it('copies every blob under its name, verified, skips verified copies on a re-run and re-copies a wrong one', async () => {
    const blobs = blobFiles(dataDir).sort();
    const first = await migrate();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/: 2 blobs \(\d+ bytes\) copied to s3:\/\/trackdesk-test\/moved, 0 already there; all verified by size and SHA-256\./);
    expect((await s3.keys()).sort()).toEqual(blobs.map((blob) => `moved/${blob}`));
    for (const blob of blobs) expect(await objectSha(`moved/${blob}`)).toBe(sha(readFileSync(join(dataDir, 'blobs', blob.slice(0, 2), blob))));

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/: 0 blobs \(0 bytes\) copied to .*, 2 already there;/);

    // A copy that went wrong outside the tool (another writer, a truncated transfer) is found and replaced.
    const broken = blobs[0] as string;
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `moved/${broken}`, Body: 'not the bytes' }));
    const repair = await migrate();
    expect(repair.stdout).toMatch(/: 1 blobs \(\d+ bytes\) copied to .*, 1 already there;/);
    expect(await objectSha(`moved/${broken}`)).toBe(sha(readFileSync(join(dataDir, 'blobs', broken.slice(0, 2), broken))));
  });

  it('a service started on the data dir with TRACKDESK_BLOB_STORE serves the copies, with the data dir blobs gone', async () => {
    rmSync(join(dataDir, 'blobs'), { recursive: true });
    const service = await startChildServer(dataDir, { ...s3.env, TRACKDESK_BLOB_STORE: `s3://${s3.bucket}/moved` });
    try {
      for (const { experimentKey, assetId, bytes } of uploaded) {
        const reply = await fetch(`${service.url}/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${assetId}`, { headers: { authorization: TEST_ADMIN_KEY } });
        expect(reply.status).toBe(200);
        expect(sha(new Uint8Array(await reply.arrayBuffer()))).toBe(sha(bytes));
      }
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });

  it('says how to call it when --from or a target is missing', async () => {
    const reply = await runCli(['migrate', '--blobs-to', 's3://b/p']);
    expect(reply.code).not.toBe(0);
    expect(reply.stderr).toContain('migrate --from <data dir> --blobs-to s3://bucket/prefix');
  });

  it('the service refuses a --blob-store that is not s3://, and stops saying what to check when the store cannot be reached', async () => {
    const wrong = await runCli(['--port', '0', '--data-dir', dataDir, '--blob-store', 'http://bucket/prefix']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--blob-store: The blob store must be an s3://bucket/prefix URL, got "http://bucket/prefix".');
    const unreachable = await runCli(['--port', '0', '--data-dir', dataDir], { ...s3.env, AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9', TRACKDESK_BLOB_STORE: 's3://trackdesk-test/moved' });
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toContain('The blob store s3://trackdesk-test/moved could not list unfinished uploads (ECONNREFUSED)');
  });
});
