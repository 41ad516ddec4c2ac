import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment, WORKSPACE } from '../registry/registry-fixtures.ts';
import { rest, sdkSend } from '../support/sdk-requests.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An artifact `name` with versions 1.0.0 (CLOSED, alias prod, one file), 1.1.0 (CLOSED) and 2.0.0 (left as `last`). */
async function artifactWithVersions(name: string, last: 'OPEN' | 'ERROR' | 'CLOSED') {
  const producer = await newExperiment(server, 'artifacts');
  const versions: string[] = [];
  for (const [version, alias] of [['1.0.0', ['prod']], ['1.1.0', []], ['2.0.0', []]] as const) {
    const created = await server.call('upsertArtifact', {
      body: { experimentKey: producer, artifactName: name, artifactType: 'dataset', version, alias: [...alias], versionTags: ['v'], versionMetadata: '{"rows":3}' },
    });
    versions.push(created.body.artifactVersionId);
  }
  const [first = '', second = '', third = ''] = versions;
  await server.call('uploadAsset', { query: { experimentKey: producer, artifactVersionId: first, fileName: 'train.csv' }, form: fileForm('a,b\n1,2\n', 'file') });
  for (const [id, state] of [[first, 'CLOSED'], [second, 'CLOSED'], [third, last]] as const) {
    if (state !== 'OPEN') await server.call('setArtifactState', { body: { experimentKey: producer, artifactVersionId: id, state } });
  }
  return { producer, versions };
}

const getVersion = (query: string) => sdkSend(server, 'GET', rest(`artifacts/version?${query}`));

describe('A.5 artifacts/version', () => {
  it('finds a version by number, alias, versionOrAlias or id, and the newest CLOSED one by default; records the consumer', async () => {
    const { producer, versions } = await artifactWithVersions('images', 'CLOSED');
    const consumer = await newExperiment(server, 'artifacts');
    const byNumber = await getVersion(`workspace=${WORKSPACE}&artifactName=images&version=1.0.0&consumerExperimentKey=${consumer}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.type).toBe('application/json');
    expect(byNumber.json).toMatchObject({
      artifactVersionId: versions[0],
      artifactVersion: '1.0.0',
      alias: ['prod'],
      tags: ['v'],
      metadata: '{"rows":3}',
      sizeInBytes: 8,
      experimentKey: producer,
      artifact: { artifactName: 'images', artifactType: 'dataset', tags: [], workspaceName: WORKSPACE },
    });
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=images&alias=prod`)).json.artifactVersion).toBe('1.0.0');
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=images&versionOrAlias=prod`)).json.artifactVersion).toBe('1.0.0');
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=images&versionOrAlias=1.1.0`)).json.artifactVersion).toBe('1.1.0');
    expect((await getVersion(`versionId=${versions[1]}`)).json.artifactVersion).toBe('1.1.0');
    expect((await getVersion(`artifactName=images&experimentKey=${consumer}`)).json.artifactVersion).toBe('2.0.0');

    const lineage = await sdkSend(server, 'GET', rest(`get/artifacts?experimentKey=${consumer}&filter=all`));
    expect(lineage.json.artifacts).toEqual([expect.objectContaining({ artifactName: 'images', version: '1.0.0', artifactVersionId: versions[0], direction: 'input' })]);
    const produced = await sdkSend(server, 'GET', rest(`get/artifacts?experimentKey=${producer}&filter=output`));
    expect((produced.json.artifacts as { version: string; direction: string }[]).map((item) => [item.version, item.direction])).toEqual([
      ['1.0.0', 'output'],
      ['1.1.0', 'output'],
      ['2.0.0', 'output'],
    ]);
    expect((await sdkSend(server, 'GET', rest(`get/artifacts?experimentKey=${producer}&filter=input`))).json.artifacts).toEqual([]);
  });

  it('answers 624523 for unknown versions and 90403/90402 for versions not final (OPEN/ERROR)', async () => {
    await artifactWithVersions('open-one', 'OPEN');
    await artifactWithVersions('failed-one', 'ERROR');
    const unknown = await getVersion(`workspace=${WORKSPACE}&artifactName=open-one&version=9.9.9`);
    expect(unknown).toMatchObject({ status: 404, json: { sdk_error_code: SdkError.noArtifactVersion } });
    expect((await getVersion('versionId=nope')).json.sdk_error_code).toBe(SdkError.noArtifactVersion);
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=nothing`)).json.sdk_error_code).toBe(SdkError.noArtifact);
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=open-one&version=2.0.0`)).json).toMatchObject({ code: 400, sdk_error_code: 90403 });
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=failed-one&version=2.0.0`)).json).toMatchObject({ code: 400, sdk_error_code: 90402 });
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=open-one`)).json.artifactVersion).toBe('1.1.0');
    expect((await getVersion(`workspace=${WORKSPACE}&artifactName=failed-one&version=1.1.0`)).status).toBe(200);
  });
});

describe('A.5 artifacts/version/files', () => {
  it('lists a version\'s files with a link that downloads them from the source experiment', async () => {
    const { producer, versions } = await artifactWithVersions('tables', 'CLOSED');
    const artifactId = (await getVersion(`versionId=${versions[0]}`)).json.artifact as { artifactId: string };
    const files = await sdkSend(server, 'GET', rest(`artifacts/version/files?artifact_id=${artifactId.artifactId}&version=1.0.0`));
    expect(files.status).toBe(200);
    const [file] = files.json.files as { assetId: string; fileName: string; fileSize: number; link: string; remote: boolean; experimentKey: string }[];
    expect(file).toMatchObject({ fileName: 'train.csv', fileSize: 8, remote: false, type: 'asset', experimentKey: producer });
    const link = new URL(file?.link ?? '');
    expect(link.searchParams.get('experimentKey')).toBe(producer);
    const download = await fetch(`${link.href}&allow301=False`, { headers: { Authorization: server.adminKey } });
    expect(await download.text()).toBe('a,b\n1,2\n');
    const byName = await sdkSend(server, 'GET', rest(`artifacts/version/files?workspace=${WORKSPACE}&artifactName=tables&alias=prod`));
    expect((byName.json.files as unknown[]).length).toBe(1);
    expect((await sdkSend(server, 'GET', rest(`artifacts/version/files?workspace=${WORKSPACE}&artifactName=tables&version=1.1.0`))).json.files).toEqual([]);
  });
});

describe('A.5 writes: artifact details and version labels', () => {
  it('details set the artifact type and tags and a version\'s metadata; labels replace aliases, tags, metadata (null: unchanged)', async () => {
    const { versions } = await artifactWithVersions('labelled', 'CLOSED');
    const first = versions[0] ?? '';
    const artifactId = ((await getVersion(`versionId=${first}`)).json.artifact as { artifactId: string }).artifactId;
    const details = await sdkSend(server, 'POST', rest('write/artifacts/details'), {
      artifactId,
      artifactType: 'images',
      versionMetadata: '{"rows":4}',
      version: '1.1.0',
      tags: ['curated', 'curated', 'v2'],
    });
    expect(details).toMatchObject({ status: 200, type: 'application/json' });
    const second = await getVersion(`versionId=${versions[1]}`);
    expect(second.json).toMatchObject({ metadata: '{"rows":4}', artifact: { artifactType: 'images', tags: ['curated', 'v2'] } });
    expect((await sdkSend(server, 'POST', rest('write/artifacts/details'), { artifactId, versionMetadata: '{}' })).status).toBe(400);
    expect((await sdkSend(server, 'POST', rest('write/artifacts/details'), { artifactId: 'nope', tags: [] })).json.sdk_error_code).toBe(SdkError.noArtifact);

    const labels = rest('write/artifacts/version/labels');
    expect((await sdkSend(server, 'POST', labels, { artifactVersionId: versions[1], alias: ['prod', 'best'], versionMetadata: null, versionTags: null })).status).toBe(200);
    expect((await getVersion(`versionId=${versions[1]}`)).json).toMatchObject({ alias: ['prod', 'best'], tags: ['v'], metadata: '{"rows":4}' });
    expect((await getVersion(`versionId=${first}`)).json.alias).toEqual([]);
    expect((await sdkSend(server, 'POST', labels, { artifactVersionId: first, alias: null, versionMetadata: '{"rows":1}', versionTags: ['old'] })).status).toBe(200);
    expect((await getVersion(`versionId=${first}`)).json).toMatchObject({ alias: [], tags: ['old'], metadata: '{"rows":1}' });
    const unknown = await sdkSend(server, 'POST', labels, { artifactVersionId: 'nope', alias: [] });
    expect(unknown).toMatchObject({ status: 404, json: { sdk_error_code: SdkError.noArtifactVersion } });
  });
});
