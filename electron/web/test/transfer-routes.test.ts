import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../../../shared/ipc/index.ts';
import { call, callError, startBackend, tempDir } from '../../backend/test/helpers.ts';
import { startWebShell, type WebShell } from '../web-shell.ts';

const token = 'transfer-token-0123456789abcdefghijklmnopqr';
let backend: Awaited<ReturnType<typeof startBackend>>;
let shell: WebShell;
let experimentKey: string;
const progress: TransferProgress[] = [];

beforeAll(async () => {
  backend = await startBackend();
  const rendererDir = await tempDir('trackdesk-renderer-');
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Trackdesk</title>');
  shell = await startWebShell({ backend, rendererDir, port: 0, token });
  backend.events.subscribe((name, payload) => {
    if (name === 'transfers.progress') progress.push(payload as TransferProgress);
  });
  ({ experimentKey } = (await call(backend, 'api.call', {
    endpoint: 'createExperiment',
    body: { workspaceName: 'admin', projectName: 'browser-transfers' },
  })) as { experimentKey: string });
  return () => shell.close();
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Starts a request to the shell as the page would send it (token header, own origin); the caller writes the body. */
function open(method: string, path: string, headers: Record<string, string> = {}): { req: ClientRequest; answer: Promise<Answer> } {
  let req!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port: shell.port,
        method,
        path,
        // A header given as '' is left out (e.g. the token, for a request that must not carry it).
        headers: Object.fromEntries(
          Object.entries({ host: `127.0.0.1:${shell.port}`, origin: `http://127.0.0.1:${shell.port}`, 'x-trackdesk-token': token, 'sec-fetch-site': 'same-origin', ...headers }).filter(([, value]) => value !== ''),
        ),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
  });
  return { req, answer };
}

function uploadPath(transferId: string, fileName: string, query: Record<string, unknown>, fields?: Record<string, string>): string {
  const params = new URLSearchParams({ transferId, endpoint: 'uploadAsset', fileName, query: JSON.stringify(query) });
  if (fields) params.set('fields', JSON.stringify(fields));
  return `/transfers/upload?${params}`;
}

async function uploadWhole(transferId: string, fileName: string, bytes: Buffer, query: Record<string, unknown>, fields?: Record<string, string>) {
  const { req, answer } = open('POST', uploadPath(transferId, fileName, query, fields), {
    'content-type': 'application/octet-stream',
    'content-length': String(bytes.byteLength),
  });
  req.end(bytes);
  const { status, body } = await answer;
  expect(status).toBe(200);
  return JSON.parse(body.toString('utf8')) as { ok: boolean; data?: { assetId: string }; error?: { code: string; message: string; status?: number } };
}

/** Asks the shell for a download (as the page does) and answers its envelope. */
async function askDownload(request: Record<string, unknown>): Promise<{ ok: boolean; data?: { url: string }; error?: { code: string; message: string; status?: number } }> {
  const { req, answer } = open('POST', '/transfers/download', { 'content-type': 'application/json' });
  req.end(JSON.stringify(request));
  const { status, body } = await answer;
  expect(status).toBe(200);
  return JSON.parse(body.toString('utf8')) as { ok: boolean; data?: { url: string } };
}

/** Fetches a download address as the browser's own download does: no token header. */
async function fetchTicket(url: string): Promise<Answer> {
  const { req, answer } = open('GET', url, { 'x-trackdesk-token': '' });
  req.end();
  return answer;
}

const eventsOf = (transferId: string) => progress.filter((p) => p.transferId === transferId);
const listed = async () =>
  ((await call(backend, 'api.call', { endpoint: 'listAssets', query: { experimentKey } })) as { assets: { assetId: string; fileName: string; fileSize: number; step: number | null; metadata: string | null }[] }).assets;

/** Resolves once a progress event of the transfer matches. */
function progressWhere(transferId: string, test: (event: TransferProgress) => boolean): Promise<TransferProgress> {
  return new Promise((resolve) => {
    const stop = backend.events.subscribe((name, payload) => {
      const event = payload as TransferProgress;
      if (name === 'transfers.progress' && event.transferId === transferId && test(event)) {
        stop();
        resolve(event);
      }
    });
  });
}

describe('browser shell transfer routes', () => {
  it('streams an upload body through the backend with progress events, and downloads the same bytes as an attachment, once', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const reply = await uploadWhole('web-up-1', 'résumé weights.bin', bytes, { experimentKey, step: 7 }, { metadata: '{"kind":"weights"}' });
    expect(reply).toMatchObject({ ok: true, data: { msg: 'Saved' } });
    const states = eventsOf('web-up-1').map((event) => event.state);
    expect(states[0]).toBe('queued');
    expect(states.at(-1)).toBe('done');
    expect(eventsOf('web-up-1').at(-1)).toMatchObject({ direction: 'upload', transferredBytes: bytes.byteLength, totalBytes: bytes.byteLength });
    expect(await listed()).toContainEqual(
      expect.objectContaining({ assetId: reply.data?.assetId, fileName: 'résumé weights.bin', fileSize: bytes.byteLength, step: 7, metadata: '{"kind":"weights"}' }),
    );

    const asked = await askDownload({ endpoint: 'downloadAsset', fileName: 'résumé weights.bin', query: { experimentKey, assetId: reply.data?.assetId } });
    expect(asked.data?.url).toMatch(/^\/transfers\/download\/[\w-]{43}$/);
    const download = await fetchTicket(asked.data?.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="r_sum_ weights.bin"; filename*=UTF-8''r%C3%A9sum%C3%A9%20weights.bin`);
    expect(download.headers['content-length']).toBe(String(bytes.byteLength));
    expect(createHash('sha256').update(download.body).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const again = await fetchTicket(asked.data?.url ?? '');
    expect(again.status).toBe(404);
    expect(again.body.toString('utf8')).toContain('used already or has expired');
  });

  it('answers the server message when the service refuses the upload, and keeps nothing', async () => {
    const reply = await uploadWhole('web-up-refused', 'model.bin', randomBytes(1024), { experimentKey, type: 'model-element' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', status: 400 } });
    expect(reply.error?.message).toContain('groupingName');
    expect(eventsOf('web-up-refused').at(-1)).toMatchObject({ state: 'failed' });
    expect((await listed()).map((asset) => asset.fileName)).not.toContain('model.bin');
  });

  it('cancels a running upload with transfers.cancel while the page is still sending; the service keeps nothing', async () => {
    const size = 8 * 1024 * 1024;
    const { req, answer } = open('POST', uploadPath('web-up-cancel', 'slow.bin', { experimentKey }), {
      'content-type': 'application/octet-stream',
      'content-length': String(size),
    });
    const running = progressWhere('web-up-cancel', (event) => event.state === 'running' && event.transferredBytes > 0);
    req.write(randomBytes(1024 * 1024));
    await running;
    expect(await call(backend, 'transfers.cancel', { transferId: 'web-up-cancel' })).toEqual({ cancelled: true });
    const { body } = await answer;
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    req.destroy();
    expect(eventsOf('web-up-cancel').at(-1)).toMatchObject({ state: 'cancelled' });
    expect((await listed()).map((asset) => asset.fileName)).not.toContain('slow.bin');
  });

  it('treats the page aborting its request as a cancel', async () => {
    const { req, answer } = open('POST', uploadPath('web-up-abort', 'abandoned.bin', { experimentKey }), {
      'content-type': 'application/octet-stream',
      'content-length': String(8 * 1024 * 1024),
    });
    answer.catch(() => undefined);
    const running = progressWhere('web-up-abort', (event) => event.state === 'running' && event.transferredBytes > 0);
    req.write(randomBytes(1024 * 1024));
    await running;
    const ended = progressWhere('web-up-abort', (event) => event.state !== 'running');
    req.destroy();
    expect(await ended).toMatchObject({ state: 'cancelled' });
    expect((await listed()).map((asset) => asset.fileName)).not.toContain('abandoned.bin');
  });

  it('refuses bad parameters, a download of an unknown asset, and requests without the token', async () => {
    const bad = open('POST', '/transfers/upload?transferId=x&endpoint=uploadAsset&fileName=a&query=%7Bnot-json', { 'content-type': 'application/octet-stream', 'content-length': '1' });
    bad.req.end('a');
    expect(JSON.parse((await bad.answer).body.toString('utf8'))).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const missing = await askDownload({ endpoint: 'downloadAsset', fileName: 'x', query: { experimentKey, assetId: 'nope' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(missing.error?.message).toContain('nope');
    expect((await fetchTicket('/transfers/download/made-up-ticket')).status).toBe(404);

    const stranger = open('POST', '/transfers/download', { 'content-type': 'application/json', 'x-trackdesk-token': '', cookie: `trackdesk_token=${token}` });
    stranger.req.end(JSON.stringify({ endpoint: 'downloadAsset', fileName: 'x', query: { experimentKey, assetId: 'nope' } }));
    expect((await stranger.answer).status).toBe(401);
  });
});

describe('transfers.preview', () => {
  it('answers a small asset as a data: URL and refuses one over maxBytes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const reply = await uploadWhole('web-up-png', 'dot.png', png, { experimentKey, type: 'image' });
    const query = { experimentKey, assetId: reply.data?.assetId };
    const preview = await call(backend, 'transfers.preview', { endpoint: 'downloadAsset', query });
    expect(preview).toEqual({ contentType: 'image/png', bytes: png.byteLength, dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    const refused = await callError(backend, 'transfers.preview', { endpoint: 'downloadAsset', query, maxBytes: 8 });
    expect(refused).toMatchObject({ code: 'too_large' });
  });

  it('answers many small assets in one call, in order, each failure on its own item', async () => {
    const files = ['{"x": [0, 1], "y": [0, 1], "name": "roc"}', '{"index_values": [[1041, 1]]}'];
    const ids = [];
    for (const [index, text] of files.entries()) ids.push((await uploadWhole(`web-up-many-${index}`, `file-${index}.json`, Buffer.from(text), { experimentKey, type: 'curve' })).data?.assetId);
    const queries = [...ids, 'no-such-asset'].map((assetId) => ({ experimentKey, assetId }));
    const { items } = await call(backend, 'transfers.previewMany', { endpoint: 'downloadAsset', queries, maxBytes: 1024 });
    expect(items.slice(0, 2).map((item) => item.ok && Buffer.from(item.dataUrl.slice(item.dataUrl.indexOf(',') + 1), 'base64').toString('utf8'))).toEqual(files);
    expect(items[2]).toMatchObject({ ok: false, code: 'not_found' });
    const tooLarge = await call(backend, 'transfers.previewMany', { endpoint: 'downloadAsset', queries: queries.slice(0, 1), maxBytes: 8 });
    expect(tooLarge.items).toEqual([{ ok: false, code: 'too_large', message: 'It is larger than 8 bytes.' }]);
  });
});
