import type { ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { startS3Server, testS3Client } from '../server/test/support/s3-server.ts';
import { processMemory as memory, resetPeak, stopChild as stop } from './children.ts';
import { download, line, makeSource, MIB, mib, multipart, send, SIZE_MIB, startUploadService, throughput } from './upload.ts';

/** Alternating rounds; the best throughput of each side is reported. */
const ROUNDS = 2;

/**
 * `npm run bench -- upload-s3`: a 1 GiB asset uploaded and downloaded through the service with `--blob-store s3://…`,
 * next to the same file sent straight to the same S3 server with the AWS SDK (same part size and parallelism) in the
 * same run, and the service's memory growth. The server is moto_server on loopback (keeps objects in memory).
 */
export async function runUploadS3Bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-s3-'));
  const source = join(dir, 'source.bin');
  const children: ChildProcess[] = [];
  const s3 = await startS3Server('trackdesk-bench');
  try {
    await makeSource(source);
    const { service, experimentKey, apiKey } = await startUploadService(join(dir, 'service'), ['--blob-store', `s3://${s3.bucket}/service`], s3.env);
    children.push(service.child);
    const auth = { authorization: apiKey };
    const client = testS3Client(s3.endpoint);
    const direct = { Bucket: s3.bucket, Key: 'direct/big.bin' };

    const pid = service.child.pid ?? 0;
    const best = { directUp: 0, serviceUp: 0, directDown: 0, serviceDown: 0, uploadPeak: 0, downloadPeak: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const sendDirect = () => new Upload({ client, params: { ...direct, Body: createReadStream(source, { highWaterMark: MIB }) }, partSize: 8 * MIB, queueSize: 4 }).done();
      best.directUp = Math.max(best.directUp, await throughput(sendDirect));
      const before = memory(pid).rss;
      resetPeak(pid);
      const form = multipart(source);
      const uploadUrl = `${service.url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=big-${round}.bin`;
      const uploadHeaders = { ...auth, 'content-type': `multipart/form-data; boundary=${form.boundary}`, 'content-length': form.length };
      best.serviceUp = Math.max(best.serviceUp, await throughput(() => send(uploadUrl, 'POST', uploadHeaders, form.body)));
      best.uploadPeak = Math.max(best.uploadPeak, memory(pid).peak - before);

      const getDirect = async () => pipeline((await client.send(new GetObjectCommand(direct))).Body as Readable, createWriteStream(join(dir, 'direct-down.bin')));
      best.directDown = Math.max(best.directDown, await throughput(getDirect));
      const list = await fetch(`${service.url}/api/rest/v2/experiment/asset/list?experimentKey=${experimentKey}`, { headers: auth });
      const assetId = ((await list.json()) as { assets: { assetId: string }[] }).assets[0]?.assetId ?? '';
      const downBefore = memory(pid).rss;
      resetPeak(pid);
      const downloadUrl = `${service.url}/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${assetId}`;
      best.serviceDown = Math.max(best.serviceDown, await throughput(() => download(downloadUrl, join(dir, 'service-down.bin'), auth)));
      best.downloadPeak = Math.max(best.downloadPeak, memory(pid).peak - downBefore);
      // Both sides free the store's copy before the next round (the service's through its garbage collection).
      const deleted = await fetch(`${service.url}/api/rest/v2/write/experiment/asset/delete?experimentKey=${experimentKey}&assetId=${assetId}`, { method: 'POST', headers: auth });
      if (!deleted.ok) throw new Error(`deleting the uploaded asset answered ${deleted.status}`);
      await client.send(new DeleteObjectCommand(direct));
    }

    console.log(`${SIZE_MIB} MiB file over loopback to moto_server, best of ${ROUNDS} alternating rounds; service and S3 server in their own processes`);
    console.log(`  ${''.padEnd(10)}${'service'.padStart(16)}${'direct SDK'.padStart(18)}${'ratio'.padStart(10)}`);
    console.log(line('upload', best.serviceUp, best.directUp, 70));
    console.log(line('download', best.serviceDown, best.directDown, 70));
    console.log(`  service peak memory growth: upload ${mib(best.uploadPeak)}, download ${mib(best.downloadPeak)} (target < 64 MiB; RSS high-water mark minus RSS before, worst round)`);
  } finally {
    for (const child of children) await stop(child);
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
