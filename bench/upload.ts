import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { processMemory as memory, resetPeak, startChild, stopChild as stop } from './children.ts';

const API_KEY = 'bench-upload-key-0123456789abcdefghij';
/** One MiB in bytes. */
export const MIB = 1024 * 1024;
/** File size in MiB; `BENCH_UPLOAD_MIB` overrides the 1 GiB default. */
export const SIZE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
/** Alternating rounds; the best throughput of each side is reported. */
const ROUNDS = 3;

/** Sends `body` and resolves with the response (its body read) after the last byte was acknowledged. */
export async function send(url: string, method: string, headers: Record<string, string | number>, body: Readable): Promise<IncomingMessage> {
  const outgoing = request(url, { method, headers });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
  await pipeline(body, outgoing);
  const response = await answered;
  response.resume();
  await new Promise((resolve) => response.on('end', resolve));
  if ((response.statusCode ?? 0) >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}`);
  return response;
}

/** Downloads `url` into `file`. */
export async function download(url: string, file: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => request(url, { headers }, resolve).on('error', reject).end());
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  await pipeline(response, createWriteStream(file));
}

/** Runs `work` and returns MiB/s. */
export async function throughput(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return SIZE_MIB / ((performance.now() - started) / 1000);
}

/** Writes a file of SIZE_MIB MiB of random-looking bytes (one random MiB repeated). */
export async function makeSource(file: string): Promise<void> {
  const block = randomBytes(MIB);
  await pipeline(
    Readable.from((function* () {
      for (let i = 0; i < SIZE_MIB; i += 1) yield block;
    })()),
    createWriteStream(file),
  );
}

/** A multipart body with the file in part `file`, streamed from disk, and its length. */
export function multipart(file: string): { body: Readable; boundary: string; length: number } {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from((async function* () {
    yield head;
    yield* createReadStream(file, { highWaterMark: MIB });
    yield tail;
  })());
  return { body, boundary, length: head.length + SIZE_MIB * MIB + tail.length };
}

/** Bytes as MiB with one decimal. */
export const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
/** One figure line: the service's MiB/s, the baseline's and their ratio against the target. */
export const line = (label: string, service: number, baseline: number, target: number) =>
  `  ${label.padEnd(10)}${service.toFixed(0).padStart(10)} MiB/s${baseline.toFixed(0).padStart(12)} MiB/s${`${((service / baseline) * 100).toFixed(0)}%`.padStart(10)}   (target ≥ ${target}%)`;

/**
 * Starts the service for an upload bench (data dir `dataDir`, room for a file of twice the bench's size, more
 * arguments and environment as given) and creates the experiment the file goes to.
 */
export async function startUploadService(dataDir: string, args: string[] = [], env: Record<string, string> = {}) {
  const service = await startChild('../server/src/process/cli.ts', ['--port', '0', '--data-dir', dataDir, '--upload-limit', String(2 * SIZE_MIB * MIB), ...args], {
    ...env,
    TRACKDESK_BOOTSTRAP_API_KEY: API_KEY,
    TRACKDESK_BOOTSTRAP_PASSWORD: 'bench-password-0123',
  });
  const created = await fetch(`${service.url}/api/rest/v2/write/experiment/create`, {
    method: 'POST',
    headers: { authorization: API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceName: 'admin', projectName: 'bench' }),
  });
  const { experimentKey } = (await created.json()) as { experimentKey: string };
  return { service, experimentKey, apiKey: API_KEY };
}

/** `npm run bench -- upload`: E44 upload and asset download of a 1 GiB file vs a raw loopback copy, and the service's memory growth. */
export async function runUploadBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-upload-'));
  const source = join(dir, 'source.bin');
  const children: ChildProcess[] = [];
  try {
    await makeSource(source);
    const baseline = await startChild('./upload-baseline.ts', [join(dir, 'baseline-copy.bin')]);
    children.push(baseline.child);
    const { service, experimentKey } = await startUploadService(join(dir, 'service'));
    children.push(service.child);
    const auth = { authorization: API_KEY };

    const pid = service.child.pid ?? 0;
    const best = { rawUp: 0, serviceUp: 0, rawDown: 0, serviceDown: 0, uploadPeak: 0, downloadPeak: 0, rawPeak: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const rawBefore = memory(baseline.child.pid ?? 0).rss;
      resetPeak(baseline.child.pid ?? 0);
      best.rawUp = Math.max(best.rawUp, await throughput(() => send(`${baseline.url}/copy`, 'PUT', { 'content-length': SIZE_MIB * MIB }, createReadStream(source, { highWaterMark: MIB }))));
      best.rawPeak = Math.max(best.rawPeak, memory(baseline.child.pid ?? 0).peak - rawBefore);
      const before = memory(pid).rss;
      resetPeak(pid);
      const form = multipart(source);
      const uploadUrl = `${service.url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=big-${round}.bin`;
      const uploadHeaders = { ...auth, 'content-type': `multipart/form-data; boundary=${form.boundary}`, 'content-length': form.length };
      best.serviceUp = Math.max(best.serviceUp, await throughput(() => send(uploadUrl, 'POST', uploadHeaders, form.body)));
      best.uploadPeak = Math.max(best.uploadPeak, memory(pid).peak - before);

      best.rawDown = Math.max(best.rawDown, await throughput(() => download(`${baseline.url}/copy`, join(dir, 'baseline-down.bin'))));
      const list = await fetch(`${service.url}/api/rest/v2/experiment/asset/list?experimentKey=${experimentKey}`, { headers: auth });
      const assetId = ((await list.json()) as { assets: { assetId: string }[] }).assets[0]?.assetId ?? '';
      const downBefore = memory(pid).rss;
      resetPeak(pid);
      const downloadUrl = `${service.url}/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${assetId}`;
      best.serviceDown = Math.max(best.serviceDown, await throughput(() => download(downloadUrl, join(dir, 'service-down.bin'), auth)));
      best.downloadPeak = Math.max(best.downloadPeak, memory(pid).peak - downBefore);
      // The baseline truncates its one file at the next PUT; the service's asset goes the same way, so both
      // sides write each round's gigabyte into a new file after the last one's pages were freed.
      const deleted = await fetch(`${service.url}/api/rest/v2/write/experiment/asset/delete?experimentKey=${experimentKey}&assetId=${assetId}`, { method: 'POST', headers: auth });
      if (!deleted.ok) throw new Error(`deleting the uploaded asset answered ${deleted.status}`);
    }

    console.log(`${SIZE_MIB} MiB file over loopback, best of ${ROUNDS} alternating rounds; service and baseline in their own processes; both fsync uploads`);
    console.log(`  ${''.padEnd(10)}${'service'.padStart(16)}${'raw Node'.padStart(18)}${'ratio'.padStart(10)}`);
    console.log(line('upload', best.serviceUp, best.rawUp, 70));
    console.log(line('download', best.serviceDown, best.rawDown, 70));
    console.log(`  service peak memory growth: upload ${mib(best.uploadPeak)}, download ${mib(best.downloadPeak)} (target < 64 MiB; RSS high-water mark minus RSS before, worst round)`);
    console.log(`  raw Node copy peak memory growth (for comparison): upload ${mib(best.rawPeak)}`);
  } finally {
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
