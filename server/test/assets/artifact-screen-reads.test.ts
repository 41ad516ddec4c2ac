import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment, sdkRequest, WORKSPACE } from '../registry/registry-fixtures.ts';
import { readZip } from './assets-zip.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Adds a version to artifact `name` with the given files, and leaves it in `state`. */
async function logVersion(experimentKey: string, name: string, files: Record<string, string>, state: 'OPEN' | 'CLOSED' | 'ERROR', alias: string[] = []) {
  const created = await server.call('upsertArtifact', { body: { experimentKey, artifactName: name, artifactType: 'dataset', alias } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { artifactVersionId } = created.body;
  for (const [fileName, text] of Object.entries(files)) {
    expect((await server.call('uploadAsset', { query: { experimentKey, artifactVersionId, fileName }, form: fileForm(text, fileName) })).status).toBe(200);
  }
  if (state !== 'OPEN') await server.call('setArtifactState', { body: { experimentKey, artifactVersionId, state } });
  return created.body;
}

const listed = async (name: string) => (await server.call('listArtifacts', { query: { workspace: WORKSPACE } })).body.artifacts.find((artifact) => artifact.artifactName === name);

describe("the artifact reads the app's Artifacts screen uses (issue 44)", () => {
  it('lists latestVersion as the newest CLOSED version, with aliases, tags and sizes', async () => {
    const producer = await newExperiment(server, 'screen');
    await logVersion(producer, 'shots', { 'a.txt': '12345' }, 'CLOSED', ['stable']);
    await logVersion(producer, 'shots', { 'b.txt': '123' }, 'OPEN', ['next']);
    expect(await listed('shots')).toMatchObject({ latestVersion: '1.0.0', numberOfVersions: 2, aliases: ['stable', 'next'], tags: [], sizeInBytes: 8 });
    await logVersion(producer, 'shots', {}, 'ERROR');
    expect((await listed('shots'))?.latestVersion).toBe('1.0.0');
    await logVersion(producer, 'none-closed', { 'c.txt': 'c' }, 'OPEN');
    expect((await listed('none-closed'))?.latestVersion).toBeNull();
    const artifact = await server.call('getArtifact', { query: { workspace: WORKSPACE, artifactName: 'shots' } });
    expect(artifact.body.versions.map((version) => [version.version, version.state, version.sizeInBytes])).toEqual([
      ['1.0.0', 'CLOSED', 5],
      ['2.0.0', 'OPEN', 3],
      ['3.0.0', 'ERROR', 0],
    ]);
  });

  it("answers a version's producer and its consumers (each once, with names), and 404 for an unknown version", async () => {
    const producer = await newExperiment(server, 'screen');
    const { artifactVersionId } = await logVersion(producer, 'lineage-set', { 'x.csv': 'x' }, 'CLOSED');
    const first = await newExperiment(server, 'consumers');
    const second = await newExperiment(server, 'consumers');
    for (const consumer of [first, second, first]) {
      const read = await sdkRequest(server, 'GET', 'artifacts/version', { query: { workspace: WORKSPACE, artifactName: 'lineage-set', consumerExperimentKey: consumer } });
      expect(read.status).toBe(200);
    }
    const lineage = await server.call('getArtifactVersionLineage', { query: { artifactVersionId } });
    expect(lineage.body).toMatchObject({
      producer: { experimentKey: producer, projectName: 'screen' },
      consumers: [
        { experimentKey: first, projectName: 'consumers' },
        { experimentKey: second, projectName: 'consumers' },
      ],
    });
    expect(lineage.body.consumers).toHaveLength(2);
    const unknown = await server.call('getArtifactVersionLineage', { query: { artifactVersionId: 'nope' } });
    expect(unknown).toMatchObject({ status: 404, body: { sdk_error_code: SdkError.noArtifactVersion } });
  });

  it("downloads a version's uploaded files as one streamed zip, remote files left out", async () => {
    const producer = await newExperiment(server, 'screen');
    const { artifactVersionId } = await logVersion(producer, 'zipped', { 'one.txt': 'first', 'dir/two.txt': 'second' }, 'OPEN');
    await server.call('uploadRemoteAssets', { body: { experimentKey: producer, remoteAssets: [{ link: 's3://bucket/far.bin', artifactVersionId }] } });
    const reply = await sdkRequest(server, 'GET', 'artifacts/version/download', { query: { artifactVersionId } });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('application/zip');
    expect(readZip(reply.bytes).map((entry) => [entry.name, entry.data.toString()])).toEqual([
      ['one.txt', 'first'],
      ['dir/two.txt', 'second'],
    ]);
    expect((await sdkRequest(server, 'GET', 'artifacts/version/download', { query: { artifactVersionId: 'nope' } })).status).toBe(404);
  });
});
