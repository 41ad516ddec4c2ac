import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blobFiles, tempFiles } from '../assets/assets-fixtures.ts';
import { newExperiment } from '../registry/registry-fixtures.ts';
import { type ChildServer, startChildServer } from '../support/child-server.ts';
import { callEndpoint, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { databaseFlags, freshPostgresDatabase, storageOn, testBackends } from '../support/test-database.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';

const MIB = 1024 * 1024;
/** Seconds an instance may stay silent (the CLI's --instance-timeout): it beats, and sweeps, every half second. */
const TIMEOUT_SECONDS = 3;
const BOUNDARY = 'trackdesk-crash-boundary';

const children: ChildServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await child.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI as a child process on `storage`, with a short instance timeout. */
async function start(storage: StorageLocation): Promise<ChildServer> {
  const args = [...databaseFlags(storage), '--instance-timeout', String(TIMEOUT_SECONDS)];
  const child = await startChildServer(storage.dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, args);
  children.push(child);
  return child;
}

const on = (instance: ChildServer): Pick<TestServer, 'call'> => ({ call: (name, input) => callEndpoint(instance.url, name, input) });

/** SIGKILL: the process ends without running anything of its own. */
async function crash(instance: ChildServer): Promise<void> {
  instance.child.kill('SIGKILL');
  expect(await instance.exited).toBe('SIGKILL');
}

/** An asset upload streamed by hand: `send` adds file bytes, `finish` sends the rest and reads the answer. */
interface StreamedUpload {
  send(bytes: number): Promise<void>;
  finish(): Promise<IncomingMessage>;
}

/** Begins an upload of a `size`-byte file to `instance` (the request's length says the whole size from the start). */
function beginUpload(instance: ChildServer, experimentKey: string, size: number): StreamedUpload {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const upload: ClientRequest = request(`${instance.url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}`, {
    method: 'POST',
    headers: { authorization: TEST_ADMIN_KEY, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(head.length + size + tail.length) },
  });
  upload.on('error', () => undefined);
  const answered = once(upload, 'response').then(([response]) => response as IncomingMessage);
  // An upload to a process killed meanwhile never gets its answer: only the ones a test finishes are awaited.
  answered.catch(() => undefined);
  upload.write(head);
  let sent = 0;
  const send = async (bytes: number) => {
    for (const end = Math.min(size, sent + bytes); sent < end; ) {
      const chunk = Buffer.alloc(Math.min(MIB, end - sent), 7);
      sent += chunk.length;
      if (!upload.write(chunk)) await once(upload, 'drain');
    }
  };
  return {
    send,
    async finish() {
      await send(size - sent);
      upload.end(tail);
      return answered;
    },
  };
}

/** The temp files under `dataDir` with their sizes, by path under blobs/tmp. */
const tempSizes = (dataDir: string) => new Map(tempFiles(dataDir).map((path) => [path, statSync(join(dataDir, 'blobs', 'tmp', path)).size]));

/** Waits until one temp file of at least `bytes` is there besides `others`, and returns its path under blobs/tmp. */
async function tempFileOf(dataDir: string, bytes: number, others: string[] = []): Promise<string> {
  return vi.waitFor(
    () => {
      const found = [...tempSizes(dataDir)].find(([path, size]) => !others.includes(path) && size >= bytes);
      expect(found).toBeDefined();
      return found?.[0] as string;
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe.each(testBackends())('an upload killed mid-way on %s', (backend) => {
  it('leaves nothing in blobs/tmp once the service is restarted, at once, after each of two crashes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-crash-'));
    dirs.push(dataDir);
    const storage = await storageOn(backend, dataDir);
    let instance = await start(storage);
    const experimentKey = await newExperiment(on(instance), 'crashes');
    for (let round = 0; round < 2; round += 1) {
      const upload = beginUpload(instance, experimentKey, 200 * MIB);
      await upload.send(24 * MIB);
      await tempFileOf(dataDir, 16 * MIB);
      await crash(instance);
      // The crash left the half-written file behind (nothing of the dead process removed it).
      expect([...tempSizes(dataDir).values()].reduce((sum, size) => sum + size, 0)).toBeGreaterThanOrEqual(16 * MIB);

      instance = await start(storage);
      // Neither the file nor the dead instance's folder: the new instance makes its own at its first upload.
      expect(readdirSync(join(dataDir, 'blobs', 'tmp'))).toEqual([]);
    }
    expect(blobFiles(dataDir)).toEqual([]);
    expect((await on(instance).call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
    // A graceful stop takes its own folder along.
    expect((await beginUpload(instance, experimentKey, MIB).finish()).statusCode).toBe(200);
    expect(readdirSync(join(dataDir, 'blobs', 'tmp'))).toHaveLength(1);
    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    expect(readdirSync(join(dataDir, 'blobs', 'tmp'))).toEqual([]);
  }, 60_000);
});

describe('two instances on one PostgreSQL database and one data dir', () => {
  it("the live one sweeps a crashed one's upload within a beat, and a silent one's after the timeout, never its own in progress", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-crash-two-'));
    dirs.push(dataDir);
    const storage = { dataDir, databaseUrl: await freshPostgresDatabase() };
    const [live, crashing, silent] = await Promise.all([start(storage), start(storage), start(storage)]);
    const experimentKey = await newExperiment(on(live), 'crashes');

    const own = beginUpload(live, experimentKey, 24 * MIB);
    await own.send(8 * MIB);
    const ownFile = await tempFileOf(dataDir, 4 * MIB);
    const doomed = beginUpload(crashing, experimentKey, 200 * MIB);
    await doomed.send(24 * MIB);
    const doomedFile = await tempFileOf(dataDir, 16 * MIB, [ownFile]);
    await crash(crashing);

    // A process of this machine that is gone is dead at once: its folder goes at the live instance's next beat.
    await vi.waitFor(() => expect(tempFiles(dataDir)).not.toContain(doomedFile), { timeout: 2000, interval: 20 });
    expect(tempFiles(dataDir)).toEqual([ownFile]);

    // A process that still runs but stopped answering (stopped, hung, cut off) is dead once silent for the timeout.
    const stalled = beginUpload(silent, experimentKey, 200 * MIB);
    await stalled.send(24 * MIB);
    const stalledFile = await tempFileOf(dataDir, 16 * MIB, [ownFile]);
    silent.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    await sleep(1000);
    expect(tempFiles(dataDir)).toContain(stalledFile);
    await vi.waitFor(() => expect(tempFiles(dataDir)).not.toContain(stalledFile), { timeout: TIMEOUT_SECONDS * 1000 + 3000, interval: 20 });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual((TIMEOUT_SECONDS - 1) * 1000);
    expect(tempFiles(dataDir)).toEqual([ownFile]);

    // The live instance's own upload, in progress all along, completes; the stopped one, resumed, takes uploads again.
    const answer = await own.finish();
    expect(answer.statusCode).toBe(200);
    const assets = (await on(live).call('listAssets', { query: { experimentKey } })).body.assets;
    expect(assets.map((asset) => asset.fileSize)).toEqual([24 * MIB]);
    silent.child.kill('SIGCONT');
    const resumed = beginUpload(silent, experimentKey, MIB);
    expect((await resumed.finish()).statusCode).toBe(200);
    expect(tempFiles(dataDir)).toEqual([]);
  }, 60_000);
});
