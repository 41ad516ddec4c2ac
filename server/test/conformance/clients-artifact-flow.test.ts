import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { sdkCall, sdkUpload, startSdkRun, uploadQuery } from '../support/clientlib-sdk.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { rest, sdkSend } from '../support/sdk-requests.ts';
import { WORKSPACE } from '../registry/registry-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NAME = 'flow-set';
const fileId = (n: number) => `${'ab'.repeat(12)}${String(n).padStart(8, '0')}`;

/** Experiment.log_artifact as the Python SDK runs it: upsert, the producer's read by ids, the uploads, then CLOSED. */
async function logArtifact(producer: string, version: string | null, alias: string[], files: Record<string, string>, remote: string[] = []) {
  const upsert = await sdkSend(server, 'POST', rest('write/artifacts/upsert'), {
    artifactName: NAME,
    artifactType: 'dataset',
    experimentKey: producer,
    versionMetadata: '{"source":"flow"}',
    version,
    alias,
    versionTags: ['flow'],
  });
  expect(upsert.status, upsert.text).toBe(200);
  const { artifactId, artifactVersionId } = upsert.json as { artifactId: string; artifactVersionId: string };
  const read = await sdkSend(server, 'GET', rest(`artifacts/version?artifactId=${artifactId}&versionId=${artifactVersionId}`));
  expect(read.status, read.text).toBe(200);
  expect(read.json).toMatchObject({ artifactVersionId, state: 'OPEN', artifactVersion: upsert.json.currentVersion });
  for (const [fileName, text] of Object.entries(files)) {
    const query = uploadQuery(producer, { assetId: fileId(Object.keys(files).indexOf(fileName) + alias.length * 10), fileName, extension: 'csv', overwrite: 'False', artifactVersionId });
    const upload = await sdkUpload(server.url, { path: 'asset/upload', query, parts: [{ name: 'file', value: text, filename: 'file' }], experimentKey: producer });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  }
  if (remote.length > 0) {
    const remoteArtifactAssetRequests = remote.map((link, n) => ({
      link, type: 'asset', metadata: null, assetId: fileId(900 + n + alias.length * 10), fileName: link.split('/').pop(), isRemote: true,
      overwrite: false, step: 0, context: null, runId: 'r', artifactVersionId,
    }));
    const batch = await sdkCall(server.url, { path: '/clientlib/rest/v2/write/artifact/assets/remote/batch', query: { experimentKey: producer }, body: { remoteArtifactAssetRequests }, gzip: true, experimentKey: producer });
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
  }
  return upsert.json as { artifactId: string; artifactVersionId: string; currentVersion: string; previousVersion: string | null };
}

const closeVersion = (experimentKey: string, artifactVersionId: string, state = 'CLOSED') =>
  sdkSend(server, 'POST', rest('write/artifacts/state'), { experimentKey, artifactVersionId, state });
const getArtifact = (query: string) => sdkSend(server, 'GET', rest(`artifacts/version?workspace=${WORKSPACE}&artifactName=${NAME}&${query}`));

describe('Experiment.log_artifact and get_artifact, replayed as the Python SDK runs them (issue 44)', () => {
  it('logs versions 1.0.0 then 2.0.0 without a version, gets them by alias, latest and version, downloads them and records the consumer once', async () => {
    const producer = await startSdkRun(server.url, 'artifact-flow');
    const first = await logArtifact(producer, null, [], { 'train.csv': 'a,b\n1,2\n' }, ['s3://bucket/big.parquet']);
    expect(first).toMatchObject({ currentVersion: '1.0.0', previousVersion: null });
    expect((await closeVersion(producer, first.artifactVersionId)).status).toBe(200);
    const second = await logArtifact(producer, null, ['prod'], { 'test.csv': 'c\n3\n' });
    expect(second).toMatchObject({ artifactId: first.artifactId, currentVersion: '2.0.0', previousVersion: '1.0.0' });
    expect((await closeVersion(producer, second.artifactVersionId)).status).toBe(200);

    // A version given that exists is refused; a closed version takes no more files.
    const again = await sdkSend(server, 'POST', rest('write/artifacts/upsert'), { artifactName: NAME, artifactType: 'dataset', experimentKey: producer, version: '2.0.0', alias: [], versionTags: [] });
    expect(again).toMatchObject({ status: 400, json: { sdk_error_code: SdkError.artifactVersionExists } });
    const late = await sdkUpload(server.url, {
      path: 'asset/upload',
      query: uploadQuery(producer, { assetId: fileId(77), fileName: 'late.csv', extension: 'csv', overwrite: 'False', artifactVersionId: second.artifactVersionId }),
      parts: [{ name: 'file', value: 'late', filename: 'file' }],
      experimentKey: producer,
    });
    expect(late.json).toMatchObject({ code: 400, sdk_error_code: SdkError.stateImmutable });

    // A third version takes the alias prod and stays OPEN: latest is still 2.0.0.
    const third = await logArtifact(producer, '3.0.0', ['prod'], {});
    expect(third).toMatchObject({ currentVersion: '3.0.0', previousVersion: '2.0.0' });
    const openAgain = await sdkSend(server, 'POST', rest('write/artifacts/upsert'), { artifactName: NAME, artifactType: 'dataset', experimentKey: producer, version: '3.0.0', alias: [], versionTags: [] });
    expect(openAgain).toMatchObject({ status: 400, json: { sdk_error_code: SdkError.artifactVersionExists } });

    const consumer = await startSdkRun(server.url, 'artifact-flow');
    const byLatest = await getArtifact(`versionOrAlias=latest&consumerExperimentKey=${consumer}`);
    expect(byLatest.json).toMatchObject({ artifactVersionId: second.artifactVersionId, artifactVersion: '2.0.0', alias: [], tags: ['flow'], experimentKey: producer });
    expect((await getArtifact(`alias=latest`)).json.artifactVersion).toBe('2.0.0');
    expect((await getArtifact(`consumerExperimentKey=${consumer}`)).json.artifactVersion).toBe('2.0.0');
    expect((await getArtifact(`version=1.0.0&consumerExperimentKey=${consumer}`)).json).toMatchObject({ artifactVersion: '1.0.0', sizeInBytes: 8 });
    const byAlias = await getArtifact(`alias=prod&consumerExperimentKey=${consumer}`);
    expect(byAlias.json).toMatchObject({ code: 400, sdk_error_code: SdkError.artifactVersionOpen });
    const openById = await sdkSend(server, 'GET', rest(`artifacts/version?versionId=${third.artifactVersionId}&consumerExperimentKey=${consumer}`));
    expect(openById.json).toMatchObject({ code: 400, sdk_error_code: SdkError.artifactVersionOpen });
    expect((await closeVersion(producer, third.artifactVersionId, 'ERROR')).status).toBe(200);
    expect((await getArtifact(`version=3.0.0&consumerExperimentKey=${consumer}`)).json).toMatchObject({ code: 400, sdk_error_code: SdkError.artifactVersionFailed });
    const producersRead = await sdkSend(server, 'GET', rest(`artifacts/version?artifactId=${third.artifactId}&versionId=${third.artifactVersionId}`));
    expect(producersRead.json).toMatchObject({ artifactVersion: '3.0.0', state: 'ERROR', alias: ['prod'] });
    const otherArtifact = await sdkSend(server, 'GET', rest(`artifacts/version?artifactId=nope&versionId=${third.artifactVersionId}`));
    expect(otherArtifact).toMatchObject({ status: 404, json: { sdk_error_code: SdkError.noArtifactVersion } });

    const lineage = await sdkSend(server, 'GET', rest(`get/artifacts?experimentKey=${consumer}&filter=input`));
    expect((lineage.json.artifacts as { version: string }[]).map((item) => item.version).sort()).toEqual(['1.0.0', '2.0.0']);

    const files = await sdkSend(server, 'GET', rest(`artifacts/version/files?workspace=${WORKSPACE}&artifactName=${NAME}&version=1.0.0`));
    const listed = files.json.files as { assetId: string; fileName: string; remote: boolean; link: string }[];
    expect(listed.map((file) => [file.fileName, file.remote])).toEqual([['train.csv', false], ['big.parquet', true]]);
    expect(listed[1]?.link).toBe('s3://bucket/big.parquet');
    const local = listed[0];
    const download = await sdkSend(server, 'GET', rest(`experiment/asset/get-asset?assetId=${local?.assetId}&experimentKey=${producer}&artifactVersionId=${first.artifactVersionId}&allow301=False`));
    expect(download).toMatchObject({ status: 200, text: 'a,b\n1,2\n' });
    const latestFiles = await sdkSend(server, 'GET', rest(`artifacts/version/files?workspace=${WORKSPACE}&artifactName=${NAME}`));
    expect((latestFiles.json.files as { fileName: string }[]).map((file) => file.fileName)).toEqual(['test.csv']);
  });
});
