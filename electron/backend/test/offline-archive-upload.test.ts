import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../../../server/test/support/harness.ts';
import { cometUpload } from '../src/offline-import/comet-upload.ts';
import { readOfflineArchive, type OfflineArchive } from '../src/offline-import/offline-archive.ts';

/** The archive the real SDK (comet_ml 3.54.0) wrote with `OfflineExperiment` (README beside it). */
const FIXTURE = new URL('../../../server/test/fixtures/sdk-offline/offline-run.zip', import.meta.url);

let server: TestServer;
let archive: OfflineArchive;
beforeAll(async () => {
  server = await startTestServer();
  archive = readOfflineArchive(await readFile(FIXTURE));
});
afterAll(() => server.close());

const sdkKey = () => randomBytes(16).toString('hex');
const sdkHeaders = (experimentKey: string) => ({ authorization: TEST_ADMIN_KEY, 'x-comet-debug-sdk-version': '3.54.0', 'x-comet-debug-experiment-key': experimentKey });

/** One live SDK call (clients.md §0): JSON with charset, gzip for batches and output; GET without a body. */
async function sdkCall(experimentKey: string, path: string, body?: unknown, gzip = false): Promise<Record<string, unknown>> {
  const json = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const response = await fetch(`${server.url}${path.startsWith('/') ? path : `/clientlib/${path}`}`, {
    method: json ? 'POST' : 'GET',
    headers: { ...sdkHeaders(experimentKey), ...(json ? { 'content-type': 'application/json;charset=utf-8' } : {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    ...(json ? { body: new Uint8Array(gzip ? gzipSync(json) : json) } : {}),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** One live SDK upload (clients.md B.7): the file in part `file`, the rest in the query. */
async function sdkUpload(experimentKey: string, path: string, query: Record<string, unknown>, bytes: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'file');
  const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
  const response = await fetch(`${server.url}/clientlib/${path}?${search}`, { method: 'POST', headers: sdkHeaders(experimentKey), body: form });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

/** Logs the archive's run online, as the live SDK sends it (clients.md B.1): its items under a fresh key, in `project`. */
async function logOnline(source: OfflineArchive, project: string): Promise<string> {
  const key = sdkKey();
  const call = (path: string, body?: unknown, gzip = false) => sdkCall(key, path, body, gzip);
  await call('isAlive/ver');
  const handshake = { apiKey: TEST_ADMIN_KEY, experimentKey: key, projectName: project, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0', local_timestamp: Date.now() };
  const run = await call('logger/add/run', handshake);
  const runId = String(run.runId);
  const status = (isAlive: boolean) => ({ apiKey: TEST_ADMIN_KEY, runId, experimentKey: key, projectId: null, is_alive: isAlive, local_timestamp: Date.now(), offline: false });
  await call('status-report/update', status(true));
  await call('tags/add-tags-to-experiment', { apiKey: TEST_ADMIN_KEY, experimentKey: key, addedTags: source.tags });
  // The live run has no `offline_experiment` other: only an archive's upload logs it.
  for (const other of source.messages.log_other.filter((item) => item.key !== 'offline_experiment')) {
    await call('/api/rest/v2/write/experiment/log-other', { experimentKey: key, key: other.key, value: other.value });
  }
  const parameters = source.messages.parameter_msg.map(({ param, local_timestamp }) => ({
    parameterName: param.paramName,
    parameterValue: param.paramValue,
    step: param.step,
    source: param.source,
    context: null,
    timestamp: local_timestamp,
  }));
  await call('batch/logger/experiment/parameter', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: parameters }, true);
  const metrics = source.messages.metric_msg.map(({ metric, local_timestamp }) => ({ ...metric, context: null, timestamp: local_timestamp }));
  await call('batch/logger/experiment/metric', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: metrics }, true);
  for (const upload of source.messages.file_upload) {
    const live = Object.fromEntries(
      Object.entries(upload.additional_params ?? {})
        .filter(([, value]) => value !== null)
        .map(([name, value]) => [name, typeof value === 'boolean' ? (value ? 'True' : 'False') : value]),
    );
    const path = upload.upload_type === 'visualization' ? 'visualizations/upload' : 'asset/upload';
    // Asset ids are the client's: the same run logged again gets fresh ones.
    const ids = Object.fromEntries(['assetId', 'imageId'].filter((name) => name in live).map((name) => [name, sdkKey()]));
    await sdkUpload(key, path, { ...live, ...ids, experimentId: key, apiKey: TEST_ADMIN_KEY, runId }, source.files.get(upload.file_path) ?? Buffer.alloc(0));
  }
  for (const stderr of [false, true]) {
    const lines = source.messages.standard_output.filter((line) => line.stderr === stderr).map((line, offset) => ({ output: line.output, stderr, localTimestamp: line.local_timestamp, offset }));
    await call('/clientlib/rest/v2/write/experiment/output', { experimentKey: key, runContext: null, outputLines: lines }, true);
  }
  await call('status-report/update', status(false));
  return key;
}

/** What a run holds, read back through the REST API, without what differs by nature between two runs (ids, keys, wall-clock times). */
async function runContents(experimentKey: string) {
  const query = { query: { experimentKey } };
  const tags = (await server.call('getTags', query)).body.tags;
  const parameters = (await server.call('getParameters', query)).body.values.map(({ name, valueCurrent, valueMin, valueMax }) => ({ name, valueCurrent, valueMin, valueMax }));
  const others = (await server.call('getOthers', query)).body.values.map(({ name, valueCurrent }) => ({ name, valueCurrent })).filter((other) => other.name !== 'offline_experiment');
  const metricNames = (await server.call('getMetricSummaries', query)).body.values.map((summary) => summary.name).sort();
  const metrics = Object.fromEntries(
    await Promise.all(metricNames.map(async (metricName) => [metricName, (await server.call('getMetric', { query: { experimentKey, metricName } })).body.metrics.map(({ metricValue, step, epoch, timestamp }) => ({ metricValue, step, epoch, timestamp }))])),
  ) as Record<string, unknown>;
  const assets = (await server.call('listAssets', query)).body.assets
    .map(({ fileName, type, step, fileSize, metadata, runContext }) => ({ fileName, type, step, fileSize, metadata, runContext }))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  const { running, hasCrashed, projectName, experimentName } = (await server.call('getExperimentMetadata', query)).body;
  const output = (await server.call('getOutput', query)).body.output;
  return { tags, parameters: parameters.sort((a, b) => a.name.localeCompare(b.name)), others, metrics, assets, state: { running, hasCrashed }, projectName, experimentName, output };
}

describe('an offline archive the SDK wrote, uploaded as `comet upload` sends it', () => {
  it('lands equal to the same run logged online: parameters, metrics, assets, others, tags and state', async () => {
    const result = await cometUpload({ baseUrl: server.url, apiKey: TEST_ADMIN_KEY }, archive);
    expect(result).toMatchObject({ experimentKey: archive.experimentKey, projectName: 'offline-demo', alreadyImported: false, failures: [] });
    expect(result.sent).toEqual({ metrics: 41, parameters: 24, others: 3, outputLines: 24, files: 3 });
    const online = await logOnline(archive, 'offline-demo');

    const imported = await runContents(archive.experimentKey);
    expect(imported).toEqual(await runContents(online));
    expect(imported.metrics.loss).toHaveLength(20);
    expect(imported.assets.map((asset) => asset.type).sort()).toEqual(['asset', 'image', 'text-sample']);
    expect(imported.others).toContainEqual({ name: 'dataset', valueCurrent: 'demo' });
    expect(imported.tags).toEqual(['offline']);
    const metadata = (await server.call('getExperimentMetadata', { query: { experimentKey: archive.experimentKey } })).body;
    expect(metadata).toMatchObject({ startTimeMillis: archive.startTime, endTimeMillis: archive.stopTime, running: false, hasCrashed: false });
  });

  it('says a second upload of the same archive is already imported, and adds nothing', async () => {
    const again = await cometUpload({ baseUrl: server.url, apiKey: TEST_ADMIN_KEY }, archive);
    expect(again).toMatchObject({ alreadyImported: true, failures: [] });
    const loss = (await server.call('getMetric', { query: { experimentKey: archive.experimentKey, metricName: 'loss' } })).body.metrics;
    expect(loss).toHaveLength(20);
  });
});
