import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryString, startTestServer, type TestServer } from '../support/harness.ts';
import { blobFiles } from './assets-fixtures.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const upload = (experimentKey: string, bytes: string, query: Record<string, string | number | boolean> = {}, fileName = 'notes.txt') =>
  server.call('uploadAsset', { query: { experimentKey, ...query }, form: fileForm(bytes, fileName) });

const list = async (experimentKey: string, type?: string) => {
  const reply = await server.call('listAssets', { query: { experimentKey, type } });
  expect(reply.status).toBe(200);
  return reply.body.assets;
};

describe('asset upload, list and download (E44 and the reads)', () => {
  it('stores an upload with its query fields and lists it with a link usable with the key', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const saved = await upload(experimentKey, 'hello, assets', { fileName: 'greeting', extension: '.txt', step: 3, epoch: 1, context: 'train', metadata: '{"a":1}' });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Saved');

    const [asset] = await list(experimentKey);
    expect(asset).toMatchObject({
      assetId: saved.body.assetId,
      fileName: 'greeting',
      fileSize: 13,
      step: 3,
      epoch: 1,
      runContext: 'train',
      metadata: '{"a":1}',
      type: 'asset',
      image: false,
      canView: true,
      remote: false,
      tags: [],
    });
    const download = await fetch(asset?.link ?? '', { headers: { authorization: server.adminKey } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-length')).toBe('13');
    expect(await download.text()).toBe('hello, assets');
    expect((await fetch(asset?.link ?? '')).status).toBe(401);
  });

  it('serves byte ranges and refuses unsatisfiable ones with 416', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const { body } = await upload(experimentKey, '0123456789', {}, 'digits.bin');
    const get = (range: string) => server.call('downloadAsset', { query: { experimentKey, assetId: body.assetId }, headers: { range } });
    const first = await get('bytes=0-3');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-3/10');
    expect(first.bytes.toString()).toBe('0123');
    expect((await get('bytes=7-')).bytes.toString()).toBe('789');
    expect((await get('bytes=-2')).bytes.toString()).toBe('89');
    const outside = await get('bytes=10-20');
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10');
    const whole = await server.call('downloadAsset', { query: { experimentKey, assetId: body.assetId } });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.bytes.toString()).toBe('0123456789');
  });

  it('derives flags from the type, filters the list by type, and overwrites by file name on request', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    await upload(experimentKey, 'png bytes', { type: 'image' }, 'cat.png');
    await upload(experimentKey, 'wav bytes', { type: 'audio' }, 'meow.wav');
    await upload(experimentKey, 'hist', { type: 'histogram3d' }, 'weights.json');
    expect((await list(experimentKey, 'image')).map((asset) => [asset.fileName, asset.image, asset.dir])).toEqual([['cat.png', true, 'images']]);
    expect((await list(experimentKey, 'audio')).map((asset) => asset.audio)).toEqual([true]);
    expect((await list(experimentKey, 'histogram_combined_3d')).map((asset) => asset.histogram)).toEqual([true]);
    expect(await list(experimentKey, 'all')).toHaveLength(3);

    const before = blobFiles(server.dataDir).length;
    await upload(experimentKey, 'second cat', { type: 'image' }, 'cat.png');
    expect((await list(experimentKey, 'image')).map((asset) => asset.fileSize)).toEqual([9, 10]);
    const replaced = await upload(experimentKey, 'third cat!', { type: 'image', overwrite: 'True' }, 'cat.png');
    const images = await list(experimentKey, 'image');
    expect(images.map((asset) => [asset.assetId, asset.fileSize])).toEqual([[replaced.body.assetId, 10]]);
    expect(blobFiles(server.dataDir)).toHaveLength(before);
  });

  it('keeps file names as data: no name can write outside the blob directory', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const before = blobFiles(server.dataDir).length;
    for (const fileName of ['../../escape.txt', '/etc/passwd', '..\\..\\win.txt']) {
      const saved = await upload(experimentKey, `bytes of ${fileName}`, { fileName });
      expect(saved.status).toBe(200);
    }
    expect((await list(experimentKey)).map((asset) => asset.fileName)).toEqual(['../../escape.txt', '/etc/passwd', '..\\..\\win.txt']);
    expect(blobFiles(server.dataDir)).toHaveLength(before + 3);
    expect(existsSync(join(server.dataDir, 'blobs', '..', '..', 'escape.txt'))).toBe(false);
    expect(existsSync(join(server.dataDir, '..', 'escape.txt'))).toBe(false);
    const [first] = await list(experimentKey);
    const download = await server.call('downloadAsset', { query: { experimentKey, assetId: first?.assetId ?? '' } });
    expect(download.headers.get('content-disposition')).toContain('filename="escape.txt"');
  });

  it('answers 401 without a key, 400 without the file part, 404 for an unknown experiment or asset', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    expect((await server.call('uploadAsset', { key: null, query: { experimentKey }, form: fileForm('x', 'x.txt') })).status).toBe(401);
    expect((await server.call('listAssets', { key: null, query: { experimentKey } })).status).toBe(401);
    const noFile = new FormData();
    noFile.append('metadata', '{}');
    expect((await server.call('uploadAsset', { query: { experimentKey }, form: noFile })).status).toBe(400);
    expect((await server.call('uploadAsset', { query: { experimentKey, type: 'model-element' }, form: fileForm('x', 'm.bin') })).status).toBe(400);
    const noKeyField = await server.fetch('/api/rest/v2/write/experiment/upload-asset', { method: 'POST', headers: { authorization: server.adminKey }, body: fileForm('x', 'x.txt') });
    expect(noKeyField.status).toBe(400);
    expect((await upload('no-such-experiment', 'x')).status).toBe(404);
    expect((await server.call('downloadAsset', { query: { experimentKey, assetId: 'nope' } })).status).toBe(404);
  });
});

describe('asset deletion, tags, remote assets, text samples and git patches (E31, E45–E49)', () => {
  it('deletes an asset with its bytes (E47) and adds and removes tags (E48, E49)', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const { body } = await upload(experimentKey, 'to be deleted');
    const tagged = await server.call('addAssetTags', { body: { experimentKey, assetId: body.assetId, tags: ['best', 'v2', 'best'] } });
    expect(tagged.status).toBe(200);
    expect((await list(experimentKey))[0]?.tags).toEqual(['best', 'v2']);
    expect((await server.call('deleteAssetTag', { query: { experimentKey, assetId: body.assetId, tag: 'v2' } })).status).toBe(200);
    expect((await list(experimentKey))[0]?.tags).toEqual(['best']);

    const before = blobFiles(server.dataDir).length;
    const deleted = await server.call('deleteAsset', { query: { experimentKey, assetId: body.assetId } });
    expect(deleted.status).toBe(200);
    expect(await list(experimentKey)).toEqual([]);
    expect(blobFiles(server.dataDir)).toHaveLength(before - 1);
    expect((await server.call('deleteAsset', { query: { experimentKey, assetId: body.assetId } })).status).toBe(404);
    expect((await server.call('addAssetTags', { body: { experimentKey, assetId: body.assetId, tags: ['x'] } })).status).toBe(404);
  });

  it('deletes an asset (E47) by GET with the same query as well as by POST', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const first = await upload(experimentKey, 'deleted by GET', {}, 'get.txt');
    const second = await upload(experimentKey, 'deleted by POST', {}, 'post.txt');
    const deleteBy = (method: string, assetId: string) =>
      server.fetch(`/api/rest/v2/write/experiment/asset/delete${queryString({ experimentKey, assetId })}`, { method, headers: { authorization: server.adminKey } });

    const byGet = await deleteBy('GET', first.body.assetId);
    expect(byGet.status).toBe(200);
    expect(await byGet.json()).toMatchObject({ msg: 'Deleted' });
    expect((await list(experimentKey)).map((asset) => asset.fileName)).toEqual(['post.txt']);
    expect((await deleteBy('GET', first.body.assetId)).status).toBe(404);
    expect((await server.fetch(`/api/rest/v2/write/experiment/asset/delete${queryString({ experimentKey, assetId: second.body.assetId })}`)).status).toBe(401);

    expect((await deleteBy('POST', second.body.assetId)).status).toBe(200);
    expect(await list(experimentKey)).toEqual([]);
  });

  it('answers the download of a remote asset with 302 to its link', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const form = new FormData();
    form.append('link', 's3://bucket/data/train.csv');
    const single = await server.call('uploadAsset', { query: { experimentKey, isRemote: true }, form });
    const batch = await server.call('uploadRemoteAssets', { body: { experimentKey, remoteAssets: [{ link: 'https://example.com/a/model.bin' }] } });
    const download = (assetId: string) =>
      server.fetch(`/api/rest/v2/experiment/asset/get-asset${queryString({ experimentKey, assetId })}`, { headers: { authorization: server.adminKey }, redirect: 'manual' });
    const remotes: [string, string][] = [
      [single.body.assetId, 's3://bucket/data/train.csv'],
      [batch.body.assetIds[0] ?? '', 'https://example.com/a/model.bin'],
    ];
    for (const [assetId, link] of remotes) {
      const reply = await download(assetId);
      expect(reply.status, link).toBe(302);
      expect(reply.headers.get('location'), link).toBe(link);
    }
  });

  it('registers remote assets one by one (isRemote=true) and in a batch (E46)', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const form = new FormData();
    form.append('link', 's3://bucket/data/train.csv');
    const single = await server.call('uploadAsset', { query: { experimentKey, isRemote: true, type: 'dataset' }, form });
    expect(single.status).toBe(200);
    const batch = await server.call('uploadRemoteAssets', {
      body: {
        experimentKey,
        remoteAssets: [
          { link: 'https://example.com/a/model.bin', metadata: '{"k":"v"}' },
          { link: 'gs://bucket/b.txt', fileName: 'b-renamed.txt', type: 'asset' },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.assetIds).toHaveLength(2);
    const assets = await list(experimentKey);
    expect(assets.map((asset) => [asset.fileName, asset.link, asset.remote, asset.fileSize])).toEqual([
      ['train.csv', 's3://bucket/data/train.csv', true, 0],
      ['model.bin', 'https://example.com/a/model.bin', true, 0],
      ['b-renamed.txt', 'gs://bucket/b.txt', true, 0],
    ]);
    const bad = await server.call('uploadRemoteAssets', { body: { experimentKey, remoteAssets: [{ link: 'not a url' }] } });
    expect(bad.status).toBe(400);
    expect(await list(experimentKey)).toHaveLength(3);
  });

  it('stores text samples (E31) as text-sample assets', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const saved = await server.call('uploadTextSample', { body: { experimentKey, content: 'the cat sat', step: 5, context: 'eval', metadata: { label: 'cat' } } });
    expect(saved.status).toBe(200);
    const [sample] = await list(experimentKey, 'text-sample');
    expect(sample).toMatchObject({ assetId: saved.body.assetId, step: 5, runContext: 'eval', metadata: '{"label":"cat"}', canView: true });
    const bytes = await server.call('downloadAsset', { query: { experimentKey, assetId: saved.body.assetId } });
    expect(bytes.bytes.toString()).toBe('the cat sat');
    expect((await server.call('uploadTextSample', { body: { experimentKey } as never })).status).toBe(400);
  });

  it('accepts the API key of E31 in the body field apiKey instead of the header', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const inBody = await server.call('uploadTextSample', { key: null, body: { experimentKey, apiKey: server.adminKey, content: 'keyed by body' } });
    expect(inBody.status).toBe(200);
    const both = await server.call('uploadTextSample', { body: { experimentKey, apiKey: server.adminKey, content: 'keyed twice' } });
    expect(both.status).toBe(200);
    const unknown = await server.call('uploadTextSample', { key: null, body: { experimentKey, apiKey: 'not-a-key-0123456789', content: 'x' } });
    expect(unknown).toMatchObject({ status: 401, body: { msg: expect.stringMatching(/not registered/) } });
    const mismatch = await server.call('uploadTextSample', { body: { experimentKey, apiKey: 'not-a-key-0123456789', content: 'x' } });
    expect(mismatch).toMatchObject({ status: 401, body: { msg: expect.stringMatching(/not the API key sent in the Authorization header/) } });
    expect((await server.call('uploadTextSample', { key: null, body: { experimentKey, content: 'x' } })).status).toBe(401);
    expect((await list(experimentKey, 'text-sample')).map((asset) => asset.assetId).sort()).toEqual([inBody.body.assetId, both.body.assetId].sort());
  });

  it('stores a git patch (E45) and serves the last one verbatim; none is 200 {"msg"...}', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    const none = await server.call('downloadGitPatch', { query: { experimentKey } });
    expect(none.status).toBe(200);
    expect(none.bytes.toString().startsWith('{"msg"')).toBe(true);
    const patch = 'diff --git a/x b/x\n+added line\n';
    expect((await server.call('uploadGitPatch', { query: { experimentKey }, form: fileForm(patch, 'patch.diff') })).status).toBe(200);
    const second = `${patch}+another\n`;
    expect((await server.call('uploadGitPatch', { query: { experimentKey }, form: fileForm(second, 'patch.diff') })).status).toBe(200);
    const text = await server.call('downloadGitPatch', { query: { experimentKey } });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.bytes.toString()).toBe(second);
  });

  it('frees the bytes of an experiment that is purged', async () => {
    const experimentKey = await newExperiment(server, 'assets');
    await upload(experimentKey, 'asset bytes');
    await server.call('uploadGitPatch', { query: { experimentKey }, form: fileForm('patch', 'p.diff') });
    const before = blobFiles(server.dataDir).length;
    expect((await server.call('deleteExperiment', { query: { experimentKey } })).status).toBe(200);
    expect((await server.call('purgeExperiment', { body: { experimentKey } })).status).toBe(200);
    expect(blobFiles(server.dataDir)).toHaveLength(before - 2);
  });
});
