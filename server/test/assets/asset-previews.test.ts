import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fullPath } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';

let server: TestServer;
let experimentKey: string;

beforeAll(async () => {
  server = await startTestServer();
  experimentKey = await newExperiment(server, 'previews');
});
afterAll(() => server.close());

/** A solid-colour image of the given size, encoded by sharp. */
const solid = (width: number, height: number, background = '#3366cc', format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();

const upload = async (bytes: Uint8Array | string, fileName: string, query: Record<string, string> = {}) => {
  const saved = await server.call('uploadAsset', { query: { experimentKey, type: 'image', ...query }, form: fileForm(bytes, fileName) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.assetId;
};

const preview = (assetId: string, size: 64 | 256 | 1024, headers: Record<string, string> = {}, key?: string) =>
  server.call('assetPreview', { query: { experimentKey, assetId, size }, headers, ...(key === undefined ? {} : { key }) });

/** A PNG file of these chunks (type, data), each with its length and CRC. */
const pngOf = (chunks: [string, Buffer][]) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ...chunks.flatMap(([type, data]) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const tail = Buffer.alloc(4);
      tail.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
      return [head, Buffer.from(type, 'latin1'), data, tail];
    }),
  ]);

/** A PNG declaring `width`×`height` 1-bit grey pixels whose data holds only its first `rows` rows. */
const declaredPng = (width: number, height: number, rows: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const data = deflateSync(Buffer.alloc(rows * (Math.ceil(width / 8) + 1)));
  return pngOf([['IHDR', ihdr], ['IDAT', data], ['IEND', Buffer.alloc(0)]]);
};

/** The preview files in the service's cache. */
const cachedPreviews = () => readdirSync(join(server.dataDir, 'previews'), { recursive: true }).filter((name) => String(name).endsWith('.webp'));

/** The number of cached previews once no more appear for half a second (earlier uploads' previews made ahead are done). */
async function quietCount() {
  for (let last = -1; ; ) {
    const now = cachedPreviews().length;
    if (now === last) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Waits (up to 10 s) until the cache holds `count` previews. */
async function waitForPreviews(count: number) {
  for (const until = Date.now() + 10_000; cachedPreviews().length < count && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(cachedPreviews()).toHaveLength(count);
}

describe('image previews (ext.assetPreview)', () => {
  it('answers WebP previews no larger than the size asked, never enlarged, with the same access as the download', async () => {
    const assetId = await upload(await solid(1600, 900), 'wide.png');
    for (const [size, width, height] of [[64, 64, 36], [256, 256, 144], [1024, 1024, 576]] as const) {
      const reply = await preview(assetId, size);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(reply.bytes).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    const small = await upload(await solid(40, 30, '#ff0000', 'jpeg'), 'small.jpg');
    expect(await sharp((await preview(small, 256)).bytes).metadata()).toMatchObject({ width: 40, height: 30 });

    expect((await preview(assetId, 64, {}, 'not-a-registered-key-at-all')).status).toBe(401);
    const made = await server.call('createUser', { body: { userName: 'olga', password: 'olga-password-1' } });
    expect(made.status).toBe(200);
    const signedIn = await server.call('signIn', { key: null, body: { userName: 'olga', password: 'olga-password-1', keyName: 'test' } });
    const outsider = await preview(assetId, 64, {}, signedIn.body.apiKey);
    const download = await server.call('downloadAsset', { query: { experimentKey, assetId }, key: signedIn.body.apiKey });
    expect([outsider.status, outsider.body.sdk_error_code]).toEqual([download.status, download.body.sdk_error_code]);
    expect(outsider.status).toBeGreaterThanOrEqual(400);
    const bad = await server.call('assetPreview', { query: { experimentKey, assetId, size: 100 as 64 } });
    expect(bad.status).toBe(400);
  });

  it('makes a preview once, however many ask at the same time, and answers later ones from the cache', async () => {
    const assetId = await upload(await solid(800, 600), 'once.png');
    // One instance (on PostgreSQL the harness runs two over one data dir: each may make it once, then both read the file).
    // At 1024 px: the gallery's 256 px preview is made ahead after the upload (tested below).
    const address = `${server.url}${fullPath(api.assetPreview)}?experimentKey=${experimentKey}&assetId=${assetId}&size=1024`;
    const first = await Promise.all(Array.from({ length: 6 }, () => fetch(address, { headers: { authorization: server.adminKey } })));
    expect(first.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    expect(first.filter((reply) => reply.headers.get('x-trackdesk-preview') === 'made')).toHaveLength(1);
    const bodies = await Promise.all(first.map(async (reply) => Buffer.from(await reply.arrayBuffer()).toString('base64')));
    expect(new Set(bodies).size).toBe(1);
    for (const again of [await preview(assetId, 1024), await preview(assetId, 1024)]) {
      expect(again.headers.get('x-trackdesk-preview')).toBe('cached');
      expect(again.bytes.toString('base64')).toBe(bodies[0]);
    }
    const cached = readdirSync(join(server.dataDir, 'previews'), { recursive: true }).filter((name) => String(name).endsWith('.webp'));
    expect(cached.length).toBeGreaterThan(0);
  });

  it('makes the gallery’s 256 px preview of an uploaded image ahead, so that the first request finds it made', async () => {
    const before = await quietCount();
    const assetId = await upload(await solid(640, 480, '#884422'), 'ahead.png');
    await waitForPreviews(before + 1);
    const gallery = await preview(assetId, 256);
    expect([gallery.status, gallery.headers.get('x-trackdesk-preview')]).toEqual([200, 'cached']);
    expect(await sharp(gallery.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 192 });
    // Other sizes are made when first asked for.
    expect((await preview(assetId, 64)).headers.get('x-trackdesk-preview')).toBe('made');
    // A file that is not an image gets nothing made ahead.
    const notes = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('hello', 'ahead-notes.txt') });
    expect(notes.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cachedPreviews()).toHaveLength(before + 2);
  });

  it('removes an image’s cached previews at every size once its asset is deleted', async () => {
    const before = await quietCount();
    const assetId = await upload(await solid(500, 500, '#228844'), 'gone.png');
    await waitForPreviews(before + 1);
    for (const size of [64, 1024] as const) expect((await preview(assetId, size)).status).toBe(200);
    expect(cachedPreviews()).toHaveLength(before + 3);
    const deleted = await server.call('deleteAsset', { query: { experimentKey, assetId } });
    expect(deleted.status).toBe(200);
    expect(cachedPreviews()).toHaveLength(before);
    expect((await preview(assetId, 256)).status).toBe(404);
  });

  it('sends a strong ETag with revalidation, 304 on If-None-Match, and a new ETag once the asset is overwritten', async () => {
    const assetId = await upload(await solid(300, 300), 'cat.png', { assetId: 'preview-overwrite-1' });
    const first = await preview(assetId, 64);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const unchanged = await preview(assetId, 64, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    expect((await preview(assetId, 256, { 'if-none-match': etag })).status).toBe(200);

    expect(await upload(await solid(200, 100, '#00ff00'), 'cat.png', { assetId: 'preview-overwrite-1' })).toBe(assetId);
    const fresh = await preview(assetId, 64, { 'if-none-match': etag });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect(await sharp(fresh.bytes).metadata()).toMatchObject({ width: 64, height: 32 });
  });

  it('rasterises an SVG (its script never runs: the answer is a WebP) and refuses a file that is not an image', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="red"/></svg>';
    const reply = await preview(await upload(svg, 'drawing.svg'), 64);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(reply.bytes).metadata()).toMatchObject({ width: 64, height: 32 });
    expect(reply.bytes.includes('script')).toBe(false);
    const notes = await server.call('uploadAsset', { query: { experimentKey }, form: fileForm('hello', 'notes.txt') });
    expect((await preview(notes.body.assetId, 64)).status).toBe(400);
  });

  it('refuses a decompression bomb, an image over 100 megapixels and a corrupt one with 422, and keeps serving', async () => {
    const bomb = declaredPng(50_000, 50_000, 4);
    expect(bomb.length).toBeLessThan(1024);
    const huge = declaredPng(12_000, 9_000, 9_000);
    const corrupt = (await solid(400, 300)).subarray(0, 300);
    const ids = [await upload(bomb, 'bomb.png'), await upload(huge, 'huge.png'), await upload(corrupt, 'broken.png'), await upload('not an image', 'fake.png')];
    const replies = await Promise.all(ids.map((id) => preview(id, 256)));
    for (const reply of replies) {
      expect(reply.status).toBe(422);
      expect(reply.headers.get('content-type')).toBe('application/json');
      expect(reply.body.code).toBe(422);
      expect(reply.body.msg).toMatch(/^Cannot display this image: /);
    }
    expect(replies.map((reply) => reply.body.sdk_error_code)).toEqual([41300, 41300, 40000, 40000]);
    expect(replies[0]?.body.msg).toContain('50000×50000');
    expect(replies[1]?.body.msg).toContain('100 megapixels');
    const saved = await server.call('logOther', { body: { experimentKey, key: 'after', value: 'bombs' } });
    expect(saved.status).toBe(200);
    expect((await preview(await upload(await solid(10, 10), 'fine.png'), 64)).status).toBe(200);
  });
});
