import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { addRunBody, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const addRun = (body: Record<string, unknown>, key: string | null = TEST_ADMIN_KEY) =>
  sdkCall(server.url, { path: 'logger/add/run', body, key, experimentKey: String(body.experimentKey) });
const metadataOf = (experimentKey: string) => server.call('getExperimentMetadata', { query: { experimentKey } });

describe('clientlib handshake: logger/add/run', () => {
  it('creates the experiment under the client key and answers everything the SDK reads', async () => {
    const key = sdkExperimentKey();
    const reply = await addRun(addRunBody(key, 'proj', 'admin'));
    expect(reply.status).toBe(200);
    const metadata = (await metadataOf(key)).body;
    expect(metadata).toMatchObject({ experimentKey: key, workspaceName: 'admin', projectName: 'proj', running: true });
    expect(reply.json).toMatchObject({
      experimentKey: key,
      project_id: metadata.projectId,
      projectId: metadata.projectId,
      focusUrl: `${server.url}/admin/proj/`,
      lastOffset: 0,
      s3DirectAccessEnabled: false,
      featureToggles: [],
      name: expect.stringMatching(/^[a-z]+-[a-z]+-1$/),
      cometRestApiAssetUrl: `${server.url}/api/rest/v2/experiment/asset/get-asset`,
      cometWebImageUrl: `${server.url}/api/rest/v2/experiment/asset/get-asset`,
    });
    expect(reply.json.runId).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.json.upload_file_size_limit_in_mb).toBeGreaterThan(0);
    expect(reply.json.asset_upload_file_size_limit_in_mb).toBeGreaterThan(0);
    // The experiment accepts REST writes at once.
    const written = await server.call('logOther', { body: { experimentKey: key, key: 'Name', value: 'first' } });
    expect(written.status).toBe(200);
  });

  it("puts null project and workspace in the caller's default workspace, project Uncategorized", async () => {
    const key = sdkExperimentKey();
    expect((await addRun(addRunBody(key, null, null))).status).toBe(200);
    expect((await metadataOf(key)).body).toMatchObject({ workspaceName: 'admin', projectName: 'Uncategorized' });
  });

  it('answers 90999 for an existing key, and resumes it with getOrCreateEnabled (the probe of comet_ml.start)', async () => {
    const key = sdkExperimentKey();
    const probe = await addRun(addRunBody(key, 'probe', 'admin'));
    expect(probe.status).toBe(200);
    const again = await addRun(addRunBody(key, 'probe', 'admin'));
    expect(again.status).toBe(400);
    expect(again.json.sdk_error_code).toBe(SdkError.experimentExists);
    const resumed = await addRun(addRunBody(key, 'probe', 'admin', { getOrCreateEnabled: true }));
    expect(resumed.status).toBe(200);
    expect(resumed.json.projectId).toBe(probe.json.projectId);
    expect(resumed.json.runId).not.toBe(probe.json.runId);
  });

  it('answers the documented error codes with 400', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [addRunBody(sdkExperimentKey(), 'p', 'no-such-workspace'), SdkError.noSuchWorkspace],
      [addRunBody(sdkExperimentKey(), '  ', 'admin'), SdkError.noProjectName],
      [addRunBody(sdkExperimentKey(), 'x'.repeat(251), 'admin'), 1341241],
      [addRunBody('not-a-key', 'p', 'admin'), SdkError.validation],
    ];
    for (const [body, code] of cases) {
      const reply = await addRun(body);
      expect(reply.status, JSON.stringify(reply.json)).toBe(400);
      expect(reply.json).toMatchObject({ code: 400, sdk_error_code: code });
    }
  });

  it('takes the key from the body or the query when no header is sent; a missing, unknown or differing key is 400 with 90212 (the SDK raises InvalidAPIKey)', async () => {
    const bodyOnly = sdkExperimentKey();
    expect((await addRun(addRunBody(bodyOnly, 'keys', 'admin'), null)).status).toBe(200);
    const queryOnly = sdkExperimentKey();
    const { apiKey: _dropped, ...noKey } = addRunBody(queryOnly, 'keys', 'admin');
    const viaQuery = await sdkCall(server.url, { path: 'logger/add/run', body: noKey, key: null, query: { apiKey: TEST_ADMIN_KEY } });
    expect(viaQuery.status).toBe(200);
    const none = await sdkCall(server.url, { path: 'logger/add/run', body: noKey, key: null });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ code: 400, sdk_error_code: SdkError.keyNotRegistered });
    const differing = await addRun({ ...addRunBody(sdkExperimentKey(), 'keys', 'admin'), apiKey: 'another-key-0123456789' });
    expect(differing.status).toBe(400);
    expect(differing.json.sdk_error_code).toBe(SdkError.keyNotRegistered);
    for (const key of ['unknown-key-0123456789', null]) {
      const unknown = await addRun({ ...addRunBody(sdkExperimentKey(), 'keys', 'admin'), apiKey: 'unknown-key-0123456789' }, key);
      expect(unknown.status).toBe(400);
      expect(unknown.json).toMatchObject({ code: 400, sdk_error_code: SdkError.keyNotRegistered });
      expect(unknown.json.msg).toMatch(/not registered/);
    }
  });
});

describe('clientlib handshake: logger/get/run', () => {
  it('resumes an ended run: running again, same project, lastOffset after its output', async () => {
    const key = sdkExperimentKey();
    const started = await addRun(addRunBody(key, 'resume', 'admin'));
    await server.call('logOutput', { body: { experimentKey: key, outputLines: [{ output: 'a\n', offset: 7 }] } });
    const ended = await sdkCall(server.url, {
      path: 'status-report/update',
      body: { apiKey: TEST_ADMIN_KEY, runId: started.json.runId, experimentKey: key, projectId: started.json.project_id, is_alive: false },
    });
    expect(ended.status).toBe(200);
    expect((await metadataOf(key)).body.running).toBe(false);
    const body = { apiKey: TEST_ADMIN_KEY, previousExperiment: key, libVersion: '3.54.0', local_timestamp: Date.now() };
    const resumed = await sdkCall(server.url, { path: 'logger/get/run', body });
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ project_id: started.json.project_id, lastOffset: 7 });
    expect((await metadataOf(key)).body.running).toBe(true);
  });

  it('answers 400 with 90210 for an unknown experiment key, and 400 with 90212 for an unknown API key', async () => {
    const body = { apiKey: TEST_ADMIN_KEY, previousExperiment: sdkExperimentKey(), libVersion: '3.54.0', local_timestamp: Date.now() };
    const reply = await sdkCall(server.url, { path: 'logger/get/run', body });
    expect(reply.status).toBe(400);
    expect(reply.json.sdk_error_code).toBe(SdkError.noWriteAccess);
    const badKey = await sdkCall(server.url, { path: 'logger/get/run', body: { ...body, apiKey: 'unknown-key-0123456789' }, key: 'unknown-key-0123456789' });
    expect(badKey.status).toBe(400);
    expect(badKey.json).toMatchObject({ code: 400, sdk_error_code: SdkError.keyNotRegistered });
    // Other clientlib routes keep 401 for a bad key.
    const heartbeat = await sdkCall(server.url, { path: 'status-report/update', body: { experimentKey: body.previousExperiment, is_alive: true }, key: 'unknown-key-0123456789' });
    expect(heartbeat.status).toBe(401);
  });
});

describe('clientlib ping and 3-D limits', () => {
  it('answers health/ping with 200, with or without a key', async () => {
    expect((await sdkCall(server.url, { path: 'health/ping' })).status).toBe(200);
    expect((await sdkCall(server.url, { path: 'health/ping', key: null })).status).toBe(200);
  });

  it('answers asset/3d-limits with JSON limits, whatever the experiment', async () => {
    const reply = await sdkCall(server.url, { path: 'asset/3d-limits', body: { apiKey: TEST_ADMIN_KEY, experimentKey: sdkExperimentKey() } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ maxPoints: 1_000_000, maxBoxes: 250_000 });
  });
});
