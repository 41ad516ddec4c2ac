import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { readZip } from '../assets/assets-zip.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';
import { cometrHeaders, pythonHeaders, rest } from '../support/sdk-requests.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A multipart POST as the clients send it (no Content-Type of our own: fetch writes the boundary). */
const postForm = (path: string, form: FormData, headers: Record<string, string> = pythonHeaders(server.adminKey)) =>
  server.fetch(path, { method: 'POST', headers, body: form });
const assetsOf = async (experimentKey: string, type?: string) =>
  (await server.call('listAssets', { query: { experimentKey, type } })).body.assets;
const zipOf = (name: string, text: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(text), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });

describe('uploads as the clients send them (A.6)', () => {
  it('APIExperiment.log_image: type=image, extension with a dot, the local path as part name, junk query metadata beside the part', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const form = new FormData();
    form.append('file', new Blob(['png bytes']), '/home/ada/plots/cat.png');
    form.append('metadata', new Blob(['{"label":"cat"}']), 'metadata');
    const query = `experimentKey=${experimentKey}&type=image&extension=.png&step=2&overwrite=False&context=train&metadata=label`;
    const reply = await postForm(rest(`write/experiment/upload-asset?${query}`), form);
    expect(reply.status).toBe(200);
    const [image] = await assetsOf(experimentKey, 'image');
    expect(image).toMatchObject({ fileName: 'cat.png', type: 'image', image: true, step: 2, runContext: 'train', metadata: '{"label":"cat"}' });
  });

  it('a client-chosen assetId becomes the asset id; sent again it replaces that asset; another experiment cannot take it', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const assetId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const send = (key: string, bytes: string) =>
      postForm(rest(`write/experiment/upload-asset?experimentKey=${key}&fileName=data.csv&extension=csv&assetId=${assetId}&overwrite=False`), fileForm(bytes, 'file'));
    expect((await send(experimentKey, 'a,b\n1,2\n')).status).toBe(200);
    expect((await send(experimentKey, 'a,b\n3,4\n')).status).toBe(200);
    const assets = await assetsOf(experimentKey);
    expect(assets.map((asset) => [asset.assetId, asset.fileName])).toEqual([[assetId, 'data.csv']]);
    const download = await server.call('downloadAsset', { query: { experimentKey, assetId } });
    expect(download.bytes.toString()).toBe('a,b\n3,4\n');
    const other = await newExperiment(server, 'clients');
    const taken = await send(other, 'x');
    expect(taken.status).toBe(409);
    expect(await assetsOf(other)).toEqual([]);
  });

  it('a remote link comes as a file part named link (Python) or as a plain field (cometr)', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const python = new FormData();
    python.append('link', new Blob(['s3://bucket/data/train.csv']), 'link');
    expect((await postForm(rest(`write/experiment/upload-asset?experimentKey=${experimentKey}&isRemote=True&fileName=train.csv`), python)).status).toBe(200);
    const cometr = new FormData();
    cometr.append('link', 'https://example.com/files/test.csv');
    const viaR = await postForm(rest(`write/experiment/upload-asset?experimentKey=${experimentKey}&isRemote=TRUE`), cometr, cometrHeaders(server.adminKey));
    expect(viaR.status).toBe(200);
    const links = (await assetsOf(experimentKey)).map((asset) => [asset.fileName, asset.remote, asset.link]);
    expect(links).toEqual([
      ['train.csv', true, 's3://bucket/data/train.csv'],
      ['test.csv', true, 'https://example.com/files/test.csv'],
    ]);
  });
});

describe('A.1 experiment/asset/get-by-name', () => {
  it('lists the assets with exactly that file name, narrowed by type when given; {"assets":[]} when none', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    await server.call('uploadAsset', { query: { experimentKey, fileName: 'model.pkl' }, form: fileForm('v1', 'file') });
    await server.call('uploadAsset', { query: { experimentKey, fileName: 'model.pkl', type: 'model-element', groupingName: 'm' }, form: fileForm('v2', 'file') });
    await server.call('uploadAsset', { query: { experimentKey, fileName: 'model.pkl.bak' }, form: fileForm('v3', 'file') });
    const byName = (query: string) => server.fetch(rest(`experiment/asset/get-by-name?experimentKey=${experimentKey}&${query}`), { headers: pythonHeaders(server.adminKey) });
    const all = await byName('assetName=model.pkl');
    expect(all.headers.get('content-type')).toBe('application/json');
    const body = (await all.json()) as { assets: { type: string; fileName: string; assetId: string }[] };
    expect(body.assets.map((asset) => [asset.fileName, asset.type])).toEqual([['model.pkl', 'asset'], ['model.pkl', 'model-element']]);
    const typed = (await (await byName('assetName=model.pkl&type=model-element')).json()) as typeof body;
    expect(typed.assets.map((asset) => asset.type)).toEqual(['model-element']);
    const download = await server.call('downloadAsset', { query: { experimentKey, assetId: typed.assets[0]?.assetId } });
    expect(download.bytes.toString()).toBe('v2');
    expect(await (await byName('assetName=absent.txt')).text()).toBe('{"assets":[]}');
  });
});

describe('get-asset: imageId, allow301, artifactVersionId (A.6)', () => {
  it('accepts imageId for assetId, refuses a redirect with allow301=False, and checks the artifact version', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const image = await server.call('uploadAsset', { query: { experimentKey, type: 'image' }, form: fileForm('pixels', 'dog.png') });
    const get = (query: string) =>
      server.fetch(rest(`experiment/asset/get-asset?experimentKey=${experimentKey}&${query}`), { headers: pythonHeaders(server.adminKey), redirect: 'manual' });
    const byImageId = await get(`imageId=${image.body.assetId}`);
    expect(byImageId.status).toBe(200);
    expect(byImageId.headers.get('content-type')).toBe('image/png');
    expect(await byImageId.text()).toBe('pixels');
    expect((await get('allow301=False')).status).toBe(400);

    const remoteForm = new FormData();
    remoteForm.append('link', 'https://example.com/big.bin');
    const remote = await server.call('uploadAsset', { query: { experimentKey, isRemote: true }, form: remoteForm });
    expect((await get(`assetId=${remote.body.assetId}&allow301=False`)).status).toBe(400);
    const redirected = await get(`assetId=${remote.body.assetId}&allow301=True`);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://example.com/big.bin');
    expect((await get(`assetId=${remote.body.assetId}`)).status).toBe(302);
    expect((await get(`assetId=${image.body.assetId}&artifactVersionId=not-its-version&allow301=False`)).status).toBe(404);
  });
});

describe('clientlib visualizations/upload (Experiment.log_image / log_figure, B.7)', () => {
  it('stores images as type image under the client imageId, named figName or figure_<counter>.<ext>, listed and downloadable', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const imageId = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const form = new FormData();
    form.append('file', new Blob(['PNG DATA']), 'file');
    form.append('metadata', new Blob(['{"annotations":[]}']), 'metadata');
    const query = `experimentId=${experimentKey}&imageId=${imageId}&figName=loss%20curve&figCounter=3&overwrite=False&step=4&context=train&extension=png&projectId=p&runId=r&apiKey=${server.adminKey}`;
    // The live SDK sends the key in the header; its query also carries apiKey, which must be enough on its own.
    const reply = await server.fetch(`/clientlib/visualizations/upload?${query}`, { method: 'POST', headers: { 'User-Agent': 'python-requests/2.32.3' }, body: form });
    expect(reply.status).toBe(200);
    const unnamed = new FormData();
    unnamed.append('file', new Blob(['<svg/>']), 'file');
    const second = await postForm(`/clientlib/visualizations/upload?experimentId=${experimentKey}&imageId=ffff0000ffff0000ffff0000ffff0000&figCounter=4&extension=svg`, unnamed);
    expect(second.status).toBe(200);

    const images = await assetsOf(experimentKey, 'image');
    expect(images.map((asset) => [asset.assetId, asset.fileName, asset.image, asset.step, asset.runContext])).toEqual([
      [imageId, 'loss curve', true, 4, 'train'],
      ['ffff0000ffff0000ffff0000ffff0000', 'figure_4.svg', true, null, null],
    ]);
    expect(images[0]?.metadata).toBe('{"annotations":[]}');
    const download = await fetch(`${server.url}${rest(`experiment/asset/get-asset?imageId=${imageId}&experimentKey=${experimentKey}`)}`, { headers: pythonHeaders(server.adminKey) });
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(await download.text()).toBe('PNG DATA');

    const badKey = await server.fetch(`/clientlib/visualizations/upload?experimentId=${experimentKey}&apiKey=not-a-key-at-all-0000`, { method: 'POST', body: unnamed });
    expect(badKey.status).toBe(401);
    expect((await postForm(`/clientlib/visualizations/upload?experimentId=unknown-key&figCounter=1`, unnamed)).status).toBe(404);
  });
});

describe('git patch stored and served verbatim (A.6)', () => {
  it('serves the Python SDK\'s zip as application/zip, byte for byte, holding git_diff.patch as sent', async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const patch = 'diff --git a/train.py b/train.py\n-lr = 0.1\n+lr = 0.01 # naïve\n';
    const zip = await zipOf('git_diff.patch', patch);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(zip)]), 'file');
    expect((await postForm(rest(`write/experiment/git/patch?experimentKey=${experimentKey}`), form)).status).toBe(200);
    const reply = await server.fetch(rest(`experiment/git/patch?experimentKey=${experimentKey}`), { headers: pythonHeaders(server.adminKey) });
    expect(reply.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(bytes.equals(zip)).toBe(true);
    expect(readZip(bytes).map((entry) => [entry.name, entry.data.toString('utf8')])).toEqual([['git_diff.patch', patch]]);
  });

  it("serves cometr's plain patch as text/plain; none is 200 with a body starting exactly {\"msg\"", async () => {
    const experimentKey = await newExperiment(server, 'clients');
    const none = await server.fetch(rest(`experiment/git/patch?experimentKey=${experimentKey}`), { headers: cometrHeaders(server.adminKey) });
    expect(none.status).toBe(200);
    expect((await none.text()).startsWith('{"msg"')).toBe(true);
    const form = new FormData();
    form.append('file', new Blob(['--- a/x\n+++ b/x\n']), 'patch.patch');
    expect((await postForm(rest(`write/experiment/git/patch?experimentKey=${experimentKey}`), form, cometrHeaders(server.adminKey))).status).toBe(200);
    const text = await server.fetch(rest(`experiment/git/patch?experimentKey=${experimentKey}`), { headers: cometrHeaders(server.adminKey) });
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('--- a/x\n+++ b/x\n');
  });
});
