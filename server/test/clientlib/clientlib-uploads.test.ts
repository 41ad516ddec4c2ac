import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { sdkUpload, startSdkRun, uploadQuery, type SdkPart } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { pythonHeaders, rest } from '../support/sdk-requests.ts';

let server: TestServer;
let small: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  small = await startTestServer({ uploadLimitBytes: 1024 });
});
afterAll(async () => {
  await server.close();
  await small.close();
});

/** The parts of a file upload as the SDK sends them: part `file` named `file`, optional part `metadata`. */
const fileParts = (bytes: string | Buffer, metadata?: unknown): SdkPart[] => [
  { name: 'file', value: bytes, filename: 'file' },
  ...(metadata === undefined ? [] : [{ name: 'metadata', value: JSON.stringify(metadata), filename: 'metadata' }]),
];
const uploadAsset = (key: string, query: Record<string, unknown>, parts: SdkPart[], target = server) =>
  sdkUpload(target.url, { path: 'asset/upload', query: uploadQuery(key, query), parts, experimentKey: key });
const assetsOf = async (experimentKey: string, type?: string) => (await server.call('listAssets', { query: { experimentKey, type } })).body.assets;
const download = async (experimentKey: string, assetId: string) => {
  const reply = await fetch(`${server.url}${rest(`experiment/asset/get-asset?assetId=${assetId}&experimentKey=${experimentKey}`)}`, { headers: pythonHeaders(TEST_ADMIN_KEY) });
  return { status: reply.status, text: await reply.text(), type: reply.headers.get('content-type') };
};
/** An asset record without what differs between two experiments' copies of the same upload. */
const comparable = ({ assetId: _id, link: _link, compressedAssetLink: _c, curlDownload: _curl, createdAt: _at, ...rest }: Record<string, unknown>) => rest;
const assetId = (n: number) => `${'c0ffee'.repeat(4)}${String(n).padStart(8, '0')}`;

describe('clientlib asset/upload (clients.md B.7), as the Python SDK sends it', () => {
  it('stores a plain asset under the client assetId exactly as E44 stores the same upload', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const query = { assetId: assetId(1), fileName: 'file.txt', extension: 'txt', overwrite: 'False', step: 1, epoch: 2, context: 'train' };
    const reply = await uploadAsset(key, query, fileParts('hello asset', { owner: 'me' }));
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const [asset] = await assetsOf(key);
    expect(asset).toMatchObject({ assetId: assetId(1), fileName: 'file.txt', fileSize: 11, step: 1, epoch: 2, runContext: 'train', type: 'asset', metadata: '{"owner":"me"}' });
    expect(await download(key, assetId(1))).toMatchObject({ status: 200, text: 'hello asset' });

    const rest = await startSdkRun(server.url, 'uploads');
    const form = new FormData();
    form.append('file', new Blob(['hello asset']), 'file.txt');
    form.append('metadata', '{"owner":"me"}');
    const { assetId: _id, overwrite: _o, ...e44Query } = query;
    expect((await server.call('uploadAsset', { query: { experimentKey: rest, ...e44Query, overwrite: false }, form })).status).toBe(200);
    const [viaRest] = await assetsOf(rest);
    expect(comparable(asset ?? {})).toEqual(comparable(viaRest ?? {}));
  });

  it('stores every type the SDK uploads: source code with its metadata, text samples named by the service, audio with its sample rate', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const script = await uploadAsset(key, { assetId: assetId(2), fileName: '/home/u/train.py', extension: 'py', type: 'source_code', overwrite: 'False' }, fileParts('print(1)\n', { source_code_type: 'experiment_creation' }));
    expect(script.status).toBe(200);
    const text = await uploadAsset(key, { assetId: assetId(3), fileName: 'auto-generated-in-the-backend', extension: 'txt', type: 'text-sample', step: 3, overwrite: 'False' }, fileParts('a sample'));
    expect(text.status).toBe(200);
    const audio = await uploadAsset(key, { assetId: assetId(4), fileName: 'beep.wav', extension: 'wav', type: 'audio', sampleRate: 22050, step: 5, overwrite: 'False' }, fileParts('RIFF....WAVE', { note: 'a' }));
    expect(audio.status).toBe(200);
    const matrix = await uploadAsset(key, { assetId: assetId(5), fileName: 'confusion-matrix.json', extension: 'json', type: 'confusion-matrix', overwrite: 'False' }, fileParts('{"matrix":[[1]]}'));
    expect(matrix.status).toBe(200);

    const byId = Object.fromEntries((await assetsOf(key)).map((asset) => [asset.assetId, asset]));
    expect(byId[assetId(2)]).toMatchObject({ fileName: '/home/u/train.py', type: 'source_code', metadata: '{"source_code_type":"experiment_creation"}', canView: true });
    expect(byId[assetId(3)]).toMatchObject({ fileName: 'text-sample.txt', type: 'text-sample', step: 3 });
    expect(byId[assetId(4)]).toMatchObject({ fileName: 'beep.wav', type: 'audio', audio: true, step: 5 });
    expect(JSON.parse(byId[assetId(4)]?.metadata ?? 'null')).toEqual({ note: 'a', sampleRate: 22050 });
    expect(byId[assetId(5)]).toMatchObject({ type: 'confusion-matrix', fileName: 'confusion-matrix.json' });
    expect((await download(key, assetId(3))).text).toBe('a sample');
    expect((await assetsOf(key, 'text-sample')).map((asset) => asset.assetId)).toEqual([assetId(3)]);
  });

  it('answers 400 for audio metadata nested deeper than a JSON body may be (adding its sample rate would overflow the stack), keeping nothing', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const deep = `{"levels": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const query = { assetId: assetId(40), fileName: 'deep.wav', extension: 'wav', type: 'audio', sampleRate: 8000, overwrite: 'False' };
    const reply = await uploadAsset(key, query, [...fileParts('RIFF....WAVE'), { name: 'metadata', value: deep, filename: 'metadata' }]);
    expect(reply.status, JSON.stringify(reply.json)).toBe(400);
    expect(reply.json).toMatchObject({ code: 400 });
    expect(String(reply.json.msg)).toContain('more than 1000 levels deep');
    expect(await assetsOf(key)).toEqual([]);
  });

  it('groups model-element files into an experiment model (groupingName) and lists and zips them', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    for (const [n, name] of [[6, 'weights.bin'], [7, 'config.json']] as const) {
      const reply = await uploadAsset(key, { assetId: assetId(n), fileName: name, type: 'model-element', groupingName: 'my-model', overwrite: 'False' }, fileParts(`${name} bytes`));
      expect(reply.status).toBe(200);
    }
    const models = (await server.call('listExperimentModels', { query: { experimentKey: key } })).body.models;
    expect(models.map((model) => model.modelName)).toEqual(['my-model']);
    const files = (await server.call('listExperimentModelAssets', { query: { experimentKey: key, modelName: 'my-model' } })).body.assets;
    expect(files.map((file) => [file.assetId, file.fileName, file.groupingName])).toEqual([
      [assetId(6), 'weights.bin', 'my-model'],
      [assetId(7), 'config.json', 'my-model'],
    ]);
    const missing = await uploadAsset(key, { type: 'model-element', fileName: 'x.bin' }, fileParts('x'));
    expect(missing.status).toBe(400);
  });

  it('records remote assets (isRemote=True, part link) and replaces same-named assets with overwrite=True', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const remote = await uploadAsset(key, { assetId: assetId(8), fileName: 'data.csv', isRemote: 'True', overwrite: 'False' }, [
      { name: 'link', value: 's3://bucket/data.csv', filename: 'link' },
      { name: 'metadata', value: '{"rows":3}', filename: 'metadata' },
    ]);
    expect(remote.status, JSON.stringify(remote.json)).toBe(200);
    const [listed] = await assetsOf(key);
    expect(listed).toMatchObject({ assetId: assetId(8), fileName: 'data.csv', remote: true, link: 's3://bucket/data.csv', metadata: '{"rows":3}', fileSize: 0 });

    expect((await uploadAsset(key, { assetId: assetId(9), fileName: 'notes.md', overwrite: 'False' }, fileParts('v1'))).status).toBe(200);
    expect((await uploadAsset(key, { assetId: assetId(10), fileName: 'notes.md', overwrite: 'True' }, fileParts('v2'))).status).toBe(200);
    const notes = (await assetsOf(key)).filter((asset) => asset.fileName === 'notes.md');
    expect(notes.map((asset) => asset.assetId)).toEqual([assetId(10)]);
    expect((await download(key, assetId(10))).text).toBe('v2');
    // A retried upload (same assetId) stays one asset.
    expect((await uploadAsset(key, { assetId: assetId(10), fileName: 'notes.md', overwrite: 'False' }, fileParts('v2'))).status).toBe(200);
    expect((await assetsOf(key)).filter((asset) => asset.fileName === 'notes.md')).toHaveLength(1);
  });

  it('adds artifact files (artifactVersionId), read back through the artifact version; a retry after closing is "already uploaded"', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const created = await server.call('upsertArtifact', { body: { experimentKey: key, artifactName: 'live-data', artifactType: 'dataset', version: '1.0.0' } });
    const { artifactVersionId, artifactId } = created.body;
    const query = { assetId: assetId(11), fileName: 'rows.csv', extension: 'csv', type: 'asset', artifactVersionId, overwrite: 'False' };
    expect((await uploadAsset(key, query, fileParts('a,b\n1,2\n'))).status).toBe(200);
    expect((await server.call('setArtifactState', { body: { experimentKey: key, artifactVersionId, state: 'CLOSED' } })).status).toBe(200);
    const files = (await server.call('listArtifactVersionFiles', { query: { artifact_id: artifactId, version: '1.0.0' } })).body.files;
    expect(files).toMatchObject([{ assetId: assetId(11), fileName: 'rows.csv', fileSize: 8, remote: false }]);

    const retried = await uploadAsset(key, query, fileParts('a,b\n1,2\n'));
    expect(retried.status).toBe(409);
    expect(retried.json.sdk_error_code).toBe(SdkError.alreadyUploaded);
    const late = await uploadAsset(key, { ...query, assetId: assetId(12), fileName: 'late.csv' }, fileParts('x'));
    expect(late.status).toBe(400);
    expect(late.json.sdk_error_code).toBe(SdkError.stateImmutable);
  });

  it('takes the key from the header or the query, and answers 401, 404 and the size limit as the SDK reads them', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const queryOnly = await sdkUpload(server.url, { path: 'asset/upload', query: uploadQuery(key, { fileName: 'q.txt' }), parts: fileParts('q'), key: null });
    expect(queryOnly.status).toBe(200);
    const badKey = await sdkUpload(server.url, { path: 'asset/upload', query: uploadQuery(key, { apiKey: 'not-a-key-0123456789' }), parts: fileParts('q'), key: null });
    expect(badKey.status).toBe(401);
    expect(badKey.json.sdk_error_code).toBe(SdkError.keyNotRegistered);
    expect((await uploadAsset('0'.repeat(32), { fileName: 'q.txt' }, fileParts('q'))).status).toBe(404);

    const smallKey = await startSdkRun(small.url, 'uploads');
    const tooLarge = await uploadAsset(smallKey, { fileName: 'big.bin' }, fileParts(Buffer.alloc(4096, 1)), small);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ code: 413, sdk_error_code: SdkError.uploadMessage });
    expect(tooLarge.json.msg).toMatch(/larger than this service accepts/);
    expect((await small.call('listAssets', { query: { experimentKey: smallKey } })).body.assets).toEqual([]);
  });
});

describe('clientlib git-patch/upload (clients.md B.7, A.6)', () => {
  it('keeps the zip holding git_diff.patch verbatim, served by experiment/git/patch as E45 serves it', async () => {
    const key = await startSdkRun(server.url, 'uploads');
    const zip = await new Promise<Buffer>((resolve, reject) => {
      const file = new yazl.ZipFile();
      file.addBuffer(Buffer.from('diff --git a/x b/x\n+naïve\n'), 'git_diff.patch');
      file.end();
      const chunks: Buffer[] = [];
      file.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    });
    const { runId: _run, ...query } = uploadQuery(key);
    const reply = await sdkUpload(server.url, { path: 'git-patch/upload', query, parts: [{ name: 'file', value: zip, filename: 'file' }], experimentKey: key });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const served = await fetch(`${server.url}${rest(`experiment/git/patch?experimentKey=${key}`)}`, { headers: pythonHeaders(TEST_ADMIN_KEY) });
    expect(served.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await served.arrayBuffer()).equals(zip)).toBe(true);
    const empty = await sdkUpload(server.url, { path: 'git-patch/upload', query, parts: [{ name: 'metadata', value: '{}' }], experimentKey: key });
    expect(empty.status).toBe(400);
  });
});
