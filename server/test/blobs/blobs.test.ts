import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBlobStore } from '../../src/blobs/blob-store.ts';
import { blobFiles, tempFiles } from '../assets/assets-fixtures.ts';
import { payload, payloadFault, slowStream } from './blob-payloads.ts';
import { NODE, REPO_ROOT } from '../support/child-server.ts';

const WRITER = join(import.meta.dirname, 'blob-writer.ts');
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-blobs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs blob-writer.ts as another process on `dir`; resolves with the names of the blobs it wrote. */
async function writerProcess(dir: string, count: number, size: number, fill: number): Promise<string[]> {
  const child = spawn(NODE, [WRITER, dir, String(count), String(size), String(fill)], { cwd: REPO_ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`blob writer exited with ${String(code)}: ${stderr}`);
  return stdout.trim().split('\n');
}

/** Every file under the blob shards right now, by name (a file may vanish between listing and reading). */
function readBlobs(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const shard of readdirSync(join(dir, 'blobs')).filter((name) => name !== 'tmp')) {
    for (const name of readdirSync(join(dir, 'blobs', shard))) {
      try {
        found.set(name, readFileSync(join(dir, 'blobs', shard, name)));
      } catch {
        // removed by its writer after a failure: not a partial read
      }
    }
  }
  return found;
}

describe('the blob store shared by several instances', () => {
  it('two processes writing at once never expose a partial blob, and a third starting meanwhile sweeps none of their work', async () => {
    const dir = dataDir();
    const starting = createBlobStore(dir);
    const size = 256 * 1024;
    const writers = Promise.all([writerProcess(dir, 30, size, 1), writerProcess(dir, 30, size, 2)]);
    let done = false;
    writers.then(
      () => (done = true),
      () => (done = true),
    );
    const seen = new Set<string>();
    let sweptWhileWriting = 0;
    let tempFilesSeen = 0;
    while (!done) {
      for (const [name, bytes] of readBlobs(dir)) {
        expect(payloadFault(bytes), name).toBeUndefined();
        seen.add(name);
      }
      tempFilesSeen += tempFiles(dir).length;
      sweptWhileWriting += await starting.sweepOrphans(() => false);
      // The writers' folders, written to all along, look alive.
      sweptWhileWriting += await starting.sweepTemp((_owner, untouchedMs) => untouchedMs > 5000);
      await sleep(2);
    }
    const written = (await writers).flat();
    expect(written).toHaveLength(60);
    expect(new Set(written).size).toBe(60);
    expect(tempFilesSeen).toBeGreaterThan(0);
    expect(seen.size).toBeGreaterThan(0);
    expect(sweptWhileWriting).toBe(0);
    const final = readBlobs(dir);
    expect([...final.keys()].sort()).toEqual([...written].sort());
    for (const [name, bytes] of final) expect(payloadFault(bytes), name).toBeUndefined();
    expect(tempFiles(dir)).toEqual([]);
  });

  it('removes unreferenced blobs left untouched for an hour, keeps younger ones and referenced ones', async () => {
    const dir = dataDir();
    const store = createBlobStore(dir);
    const written = await Promise.all([0, 1, 2].map(async (fill) => (await store.write(slowStream(payload(1000, fill)), 1e6)).blob));
    const [referencedOld, orphanOld, orphanYoung] = written as [string, string, string];
    mkdirSync(join(dir, 'blobs', 'zz'));
    writeFileSync(join(dir, 'blobs', 'zz', 'not-a-blob'), 'stray');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const path of [join(dir, 'blobs', 'zz', 'not-a-blob'), ...[referencedOld, orphanOld].map((blob) => join(dir, 'blobs', blob.slice(0, 2), blob))]) {
      utimesSync(path, twoHoursAgo, twoHoursAgo);
    }

    // The service asks its database, asynchronously.
    expect(await store.sweepOrphans((blob) => Promise.resolve(blob === referencedOld))).toBe(2);
    expect(blobFiles(dir).sort()).toEqual([referencedOld, orphanYoung].sort());
    expect(payloadFault(readFileSync(join(dir, 'blobs', referencedOld.slice(0, 2), referencedOld)))).toBeUndefined();
  });

  it('writes temp files in its own folder and sweeps the folders and loose files that the caller calls dead, with how long they were untouched', async () => {
    const dir = dataDir();
    const mine = createBlobStore(dir);
    const other = createBlobStore(dir);
    const loose = join(dir, 'blobs', 'tmp', `${randomUUID()}.part`);
    writeFileSync(loose, 'an upload of an older version');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    utimesSync(loose, tenMinutesAgo, tenMinutesAgo);
    const source = new PassThrough();
    const writing = other.write(source, 1e6);
    source.write(Buffer.alloc(1000, 1));
    await vi.waitFor(() => expect(tempFiles(dir)).toHaveLength(2));
    expect(tempFiles(dir).filter((path) => path.startsWith(`${other.owner}/`))).toHaveLength(1);

    const seen: [string | undefined, number][] = [];
    expect(await mine.sweepTemp((owner, untouchedMs) => (seen.push([owner, untouchedMs]), owner === undefined))).toBe(1);
    expect(seen.find(([owner]) => owner === undefined)?.[1]).toBeGreaterThanOrEqual(10 * 60 * 1000 - 1000);
    expect(seen.find(([owner]) => owner === other.owner)?.[1]).toBeLessThan(10_000);
    expect(tempFiles(dir)).toHaveLength(1);

    // A dead writer's folder goes with its file; the writer itself fails and leaves no blob.
    expect(await mine.sweepTemp((owner) => owner === other.owner)).toBe(1);
    expect(tempFiles(dir)).toEqual([]);
    source.end(Buffer.alloc(1000, 1));
    await expect(writing).rejects.toThrow(/ENOENT/);
    expect(blobFiles(dir)).toEqual([]);
    // A later write makes the folder again.
    expect((await other.write(slowStream(payload(1000, 3)), 1e6)).size).toBe(1000);
  });
});
