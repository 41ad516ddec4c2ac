import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { processMemory as memory, resetPeak, startChild, stopChild as stop } from './children.ts';
import { MIB, download, mib, send, startUploadService } from './upload.ts';

/** Files in the artifact; `BENCH_ARTIFACT_FILES` overrides. */
const FILES = Number(process.env.BENCH_ARTIFACT_FILES ?? 1000);
/** Total size in MiB (1 GiB by default); `BENCH_ARTIFACT_MIB` overrides. */
const TOTAL_MIB = Number(process.env.BENCH_ARTIFACT_MIB ?? 1024);
const FILE_BYTES = Math.floor((TOTAL_MIB * MIB) / FILES);
/** Files in flight at once on every side (the SDK uploads and downloads an artifact's files in parallel). */
const PARALLEL = 4;
/** Alternating rounds; the best throughput of each side is reported. */
const ROUNDS = Number(process.env.BENCH_ARTIFACT_ROUNDS ?? 1);
const SDK_HEADERS = { 'x-comet-debug-sdk-version': '3.54.0', 'user-agent': 'python-requests/2.32.3' };

/** One file's bytes (a random block, different per file so nothing dedupes). */
const fileBytes = (index: number, block: Buffer) => Buffer.concat([Buffer.from(`file ${index}\n`), block]).subarray(0, FILE_BYTES);

/** Runs `work(i)` for i in 0..FILES-1, PARALLEL at a time, and answers MiB/s of the artifact's whole size. */
async function timed(work: (index: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < FILES) await work(next++);
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return (FILES * FILE_BYTES) / MIB / ((performance.now() - started) / 1000);
}

/** Calls a JSON endpoint of the service as the SDK's REST client does. */
async function rest(url: string, apiKey: string, method: 'GET' | 'POST', body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method, headers: { authorization: apiKey, ...SDK_HEADERS, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A multipart body with `bytes` in part `file`. */
function multipart(bytes: Buffer): { body: Readable; headers: Record<string, string | number> } {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Readable.from([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes.length + tail.length } };
}

const row = (label: string, value: number, baseline: number, target?: number) =>
  `  ${label.padEnd(34)}${value.toFixed(0).padStart(8)} MiB/s${`${((value / baseline) * 100).toFixed(0)}%`.padStart(8)}${target ? `   (target ≥ ${target}%)` : ''}`;

/**
 * `npm run bench -- artifacts`: a 1 GiB artifact of 1,000 files logged as the SDK does (upsert, each file through
 * /clientlib's upload with artifactVersionId, CLOSED) and downloaded (its files listed, each fetched; and the whole
 * version as one zip), next to a raw Node loopback copy of the same files and the service's plain asset path (E44 and
 * get-asset), all measured in the same run.
 */
export async function runArtifactsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-artifacts-'));
  const children: ChildProcess[] = [];
  try {
    const block = randomBytes(FILE_BYTES);
    const baseline = await startChild('./artifacts-baseline.ts', [join(dir, 'baseline')]);
    children.push(baseline.child);
    const { service, experimentKey, apiKey } = await startUploadService(join(dir, 'service'));
    children.push(service.child);
    const api = `${service.url}/api/rest/v2`;
    const auth = { authorization: apiKey };
    const pid = service.child.pid ?? 0;
    const best = { rawUp: 0, rawDown: 0, assetUp: 0, assetDown: 0, artifactUp: 0, artifactDown: 0, zipDown: 0, peak: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      best.rawUp = Math.max(best.rawUp, await timed((i) => send(`${baseline.url}/f${i}`, 'PUT', { 'content-length': FILE_BYTES }, Readable.from([fileBytes(i, block)]))));
      best.rawDown = Math.max(best.rawDown, await timed((i) => download(`${baseline.url}/f${i}`, join(dir, `raw-${i % PARALLEL}.bin`))));

      best.assetUp = Math.max(best.assetUp, await timed((i) => {
        const { body, headers } = multipart(fileBytes(i, block));
        return send(`${api}/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=plain-${round}-${i}.bin`, 'POST', { ...auth, ...headers }, body);
      }));
      const listed = (await rest(`${api}/experiment/asset/list?experimentKey=${experimentKey}`, apiKey, 'GET')) as unknown as { assets: { assetId: string; fileName: string }[] };
      const byName = new Map(listed.assets.map((asset) => [asset.fileName, asset.assetId]));
      const assetIds = Array.from({ length: FILES }, (_, i) => byName.get(`plain-${round}-${i}.bin`) ?? '');
      best.assetDown = Math.max(best.assetDown, await timed((i) => download(`${api}/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${assetIds[i]}`, join(dir, `asset-${i % PARALLEL}.bin`), auth)));

      const before = memory(pid).rss;
      resetPeak(pid);
      let artifactVersionId = '';
      best.artifactUp = Math.max(best.artifactUp, await (async () => {
        const started = performance.now();
        const upsert = await rest(`${api}/write/artifacts/upsert`, apiKey, 'POST', { artifactName: 'bench-set', artifactType: 'dataset', experimentKey, version: null, alias: [], versionTags: [], versionMetadata: null });
        artifactVersionId = String(upsert.artifactVersionId);
        await rest(`${api}/artifacts/version?artifactId=${String(upsert.artifactId)}&versionId=${artifactVersionId}`, apiKey, 'GET');
        await timed(async (i) => {
          const query = new URLSearchParams({ experimentId: experimentKey, apiKey, runId: 'bench', assetId: randomBytes(16).toString('hex'), fileName: `part-${i}.bin`, overwrite: 'False', artifactVersionId });
          const { body, headers } = multipart(fileBytes(i, block));
          await send(`${service.url}/clientlib/asset/upload?${query}`, 'POST', { ...auth, ...SDK_HEADERS, ...headers }, body);
        });
        await rest(`${api}/write/artifacts/state`, apiKey, 'POST', { experimentKey, artifactVersionId, state: 'CLOSED' });
        return (FILES * FILE_BYTES) / MIB / ((performance.now() - started) / 1000);
      })());
      best.artifactDown = Math.max(best.artifactDown, await (async () => {
        const started = performance.now();
        const { files } = (await rest(`${api}/artifacts/version/files?workspace=admin&artifactName=bench-set&version=${round + 1}.0.0`, apiKey, 'GET')) as unknown as { files: { assetId: string }[] };
        if (files.length !== FILES) throw new Error(`the artifact lists ${files.length} files, not ${FILES}`);
        await timed((i) => download(`${api}/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${files[i]?.assetId ?? ''}&artifactVersionId=${artifactVersionId}`, join(dir, `artifact-${i % PARALLEL}.bin`), auth));
        return (FILES * FILE_BYTES) / MIB / ((performance.now() - started) / 1000);
      })());
      const zipStarted = performance.now();
      await download(`${api}/artifacts/version/download?artifactVersionId=${artifactVersionId}`, join(dir, 'artifact.zip'), auth);
      best.zipDown = Math.max(best.zipDown, (FILES * FILE_BYTES) / MIB / ((performance.now() - zipStarted) / 1000));
      best.peak = Math.max(best.peak, memory(pid).peak - before);
    }
    console.log(`${FILES} files of ${mib(FILE_BYTES)} (${mib(FILES * FILE_BYTES)}) over loopback, ${PARALLEL} in flight, best of ${ROUNDS} round(s); service and baseline in their own processes; all fsync uploads`);
    console.log(`  ${''.padEnd(34)}${'figure'.padStart(14)}${'of raw'.padStart(8)}`);
    console.log(row('raw Node copy: upload', best.rawUp, best.rawUp));
    console.log(row('raw Node copy: download', best.rawDown, best.rawDown));
    console.log(row('plain assets (E44): upload', best.assetUp, best.rawUp));
    console.log(row('plain assets (get-asset): download', best.assetDown, best.rawDown));
    console.log(row('artifact, SDK path: log', best.artifactUp, best.rawUp, 70));
    console.log(row('artifact, SDK path: download', best.artifactDown, best.rawDown, 70));
    console.log(row('artifact as one zip: download', best.zipDown, best.rawDown));
    console.log(`  artifact vs plain assets: log ${((best.artifactUp / best.assetUp) * 100).toFixed(0)}%, download ${((best.artifactDown / best.assetDown) * 100).toFixed(0)}%`);
    console.log(`  service peak memory growth while logging and downloading the artifact: ${mib(best.peak)}`);
  } finally {
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
