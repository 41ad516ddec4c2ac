import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { blobFiles, tempFiles } from './assets-fixtures.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';

const MIB = 1024 * 1024;
const BOUNDARY = 'trackdesk-text-part-boundary';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** What a raw upload got: the answer, and whether the whole body was taken off the connection by the server. */
interface RawUpload {
  status: number;
  msg: string;
  wholeBodySent: Promise<boolean>;
}

/**
 * POSTs an upload whose `metadata` part is sent as a file of `metadataBytes` bytes, and resolves once
 * the answer arrives. With `finish`, the body is completed (a `file` part and the closing boundary);
 * without, the request is left open, so only an answer given part-way arrives (else: rejected after 5 s).
 */
function uploadWithMetadataFile(experimentKey: string, metadataBytes: number, finish: boolean): Promise<RawUpload> {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="metadata"; filename="metadata.json"\r\nContent-Type: application/json\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="data.txt"\r\n\r\nthe bytes\r\n--${BOUNDARY}--\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(metadataBytes, 0x20), ...(finish ? [Buffer.from(tail)] : [])]);
  return new Promise((resolve, reject) => {
    const upload = request(`${server.url}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}`, {
      method: 'POST',
      headers: {
        authorization: server.adminKey,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(finish ? body.length : body.length + MIB),
      },
    });
    const wholeBodySent = new Promise<boolean>((done) => {
      upload.on('finish', () => done(true));
      setTimeout(() => done(false), 10_000).unref();
    });
    const timer = setTimeout(() => {
      reject(new Error('no answer while the request was still open'));
      upload.destroy();
    }, 5_000);
    upload.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, msg: (JSON.parse(Buffer.concat(chunks).toString()) as { msg: string }).msg, wholeBodySent });
        if (!finish) upload.destroy();
      });
    });
    upload.on('error', reject);
    if (finish) upload.end(body);
    else upload.write(body);
  });
}

describe('text parts sent as files (metadata, link, ...)', () => {
  it('refuses a metadata part sent as a file of a few MiB with 400 naming the part, and keeps no asset', async () => {
    const experimentKey = await newExperiment(server, 'text-parts');
    const before = blobFiles(server.dataDir).length;
    const form = new FormData();
    form.append('metadata', new Blob([Buffer.alloc(3 * MIB, 0x20)]), 'metadata.json');
    form.append('file', new Blob(['the bytes']), 'data.txt');
    const refused = await server.call('uploadAsset', { query: { experimentKey }, form });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, sdk_error_code: SdkError.validation });
    expect(refused.body.msg).toContain('"metadata"');
    expect((await server.call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
    expect(blobFiles(server.dataDir)).toHaveLength(before);
    expect(tempFiles(server.dataDir)).toEqual([]);

    const small = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('the bytes', 'data.txt', { metadata: '{"ok":true}' }) });
    expect(small.status).toBe(200);
  });

  it('refuses a metadata field (no file name) over 1 MiB with 400 instead of keeping it cut at 1 MiB', async () => {
    const experimentKey = await newExperiment(server, 'text-parts');
    const refused = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('the bytes', 'data.txt', { metadata: `"${'m'.repeat(2 * MIB)}"` }) });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`The part "metadata" is larger than ${MIB} bytes.`);
    expect((await server.call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
    const justUnder = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('the bytes', 'data.txt', { metadata: `"${'m'.repeat(MIB - 2)}"` }) });
    expect(justUnder.status).toBe(200);
  });

  it('answers 400 as soon as the part passes 1 MiB, without waiting for the rest of it', async () => {
    const experimentKey = await newExperiment(server, 'text-parts');
    const refused = await uploadWithMetadataFile(experimentKey, 2 * MIB, false);
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('"metadata"');
    expect((await server.call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
  });

  it('still takes in the rest of a refused body, so a client that sends it all before reading gets the 400', async () => {
    const experimentKey = await newExperiment(server, 'text-parts');
    const refused = await uploadWithMetadataFile(experimentKey, 64 * MIB, true);
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('"metadata"');
    expect(await refused.wholeBodySent).toBe(true);
    expect((await server.call('listAssets', { query: { experimentKey } })).body.assets).toEqual([]);
  });
});
