import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRunBody, sdkCall, sdkExperimentKey, statusBody } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function startRun(projectName = 'extras'): Promise<string> {
  const key = sdkExperimentKey();
  expect((await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, projectName, 'admin') })).status).toBe(200);
  return key;
}

describe('clientlib tags, symlink and notifications', () => {
  it('adds tags without duplicates (E37), seen in experiment/tags', async () => {
    const key = await startRun();
    const add = (addedTags: string[]) =>
      sdkCall(server.url, { path: 'tags/add-tags-to-experiment', body: { apiKey: TEST_ADMIN_KEY, experimentKey: key, addedTags } });
    expect((await add(['a', 'b'])).status).toBe(200);
    expect((await add(['b', 'c'])).status).toBe(200);
    expect((await server.call('getTags', { query: { experimentKey: key } })).body.tags).toEqual(['a', 'b', 'c']);
    expect((await sdkCall(server.url, { path: 'tags/add-tags-to-experiment', body: { experimentKey: sdkExperimentKey(), addedTags: ['x'] } })).status).toBe(404);
  });

  it('symlinks into another project with the key in the query only (E6)', async () => {
    const key = await startRun('home');
    await server.call('createProject', { body: { workspaceName: 'admin', projectName: 'other', projectDescription: '', isPublic: false } });
    const reply = await sdkCall(server.url, { path: 'symlink/new', key: null, query: { apiKey: TEST_ADMIN_KEY, experimentKey: key, projectName: 'other' } });
    expect(reply.status).toBe(200);
    expect(reply.json.link).toBe(`${server.url}/admin/other/${key}`);
    const listed = await server.call('listExperiments', { query: { workspaceName: 'admin', projectName: 'other' } });
    expect(listed.body.experiments.map((experiment) => experiment.experimentKey)).toEqual([key]);
    const missing = await sdkCall(server.url, { path: 'symlink/new', key: null, query: { apiKey: TEST_ADMIN_KEY, experimentKey: key, projectName: 'none' } });
    expect(missing.status).toBe(404);
    expect((await sdkCall(server.url, { path: 'symlink/new', key: null, query: { experimentKey: key, projectName: 'other' } })).status).toBe(401);
  });

  it('accepts the end-of-run notification and SDK telemetry with the snake_case api_key', async () => {
    const key = await startRun();
    const notification = {
      api_key: TEST_ADMIN_KEY,
      title: 'admin Experiment summary',
      status: 'finished',
      experiment_key: key,
      experiment_name: null,
      experiment_link: `${server.url}/admin/extras/${key}`,
      additional_data: { Metrics: { loss: 0.5 } },
    };
    expect((await sdkCall(server.url, { path: 'notification/experiment', body: notification, key: null })).status).toBe(200);
    const event = { event_name: 'sdk_experiment_end', api_key: TEST_ADMIN_KEY, run_id: 'r', experiment_key: key, project_id: null, err_msg: null, timestamp: 1 };
    expect((await sdkCall(server.url, { path: 'notify/event', body: event, key: null })).status).toBe(200);
    expect((await sdkCall(server.url, { path: 'notify/event', body: { ...event, api_key: 'unknown-key-0123456789' }, key: null })).status).toBe(401);
  });
});

describe('clientlib remote procedure calls (E54 store)', () => {
  it('registers, flags pending calls in the heartbeat until fetched, lists them with exactly the SDK keys, and saves results', async () => {
    const key = await startRun();
    const register = { apiKey: TEST_ADMIN_KEY, experimentKey: key, functionName: 'double', functionDocumentation: 'Doubles x', argumentNames: ['x'] };
    expect((await sdkCall(server.url, { path: 'rpc/register-rpc', body: register })).status).toBe(200);
    const heartbeat = async () => (await sdkCall(server.url, { path: 'status-report/update', body: statusBody(key, 'run', true) })).json.pending_rpcs;
    expect(await heartbeat()).toBe(false);
    const sent = await server.call('sendRpc', { body: { experimentKey: key, functionName: 'double', arguments: { x: 21 } } });
    expect(await heartbeat()).toBe(true);

    const pending = await sdkCall(server.url, { path: 'rpc/get-pending-rpcs', key: null, query: { apiKey: TEST_ADMIN_KEY, experimentKey: key } });
    expect(pending.status).toBe(200);
    const calls = pending.json.remoteProcedureCalls as Record<string, unknown>[];
    expect(calls).toHaveLength(1);
    const allowed = ['callId', 'userName', 'functionName', 'cometDefined', 'arguments', 'createdAt', 'experimentKey', 'projectId'];
    expect(Object.keys(calls[0] ?? {}).filter((name) => !allowed.includes(name))).toEqual([]);
    expect(calls[0]).toMatchObject({ callId: sent.body.callId, userName: 'admin', functionName: 'double', cometDefined: false, arguments: [{ name: 'x', value: 21 }] });
    expect(await heartbeat()).toBe(false);

    const result = {
      apiKey: TEST_ADMIN_KEY,
      experimentKey: key,
      callId: sent.body.callId,
      result: '42',
      errorMessage: '',
      errorStackTrace: '',
      startTimeMs: Date.now(),
      endTimeMs: Date.now(),
    };
    expect((await sdkCall(server.url, { path: 'rpc/save-rpc-result', body: result })).status).toBe(200);
    expect((await sdkCall(server.url, { path: 'rpc/save-rpc-result', body: result })).status).toBe(400);
    const listed = await server.call('listRpcCalls', { query: { experimentKey: key } });
    expect(listed.body.calls[0]).toMatchObject({ status: 'succeeded', result: '42' });

    const failing = await server.call('sendRpc', { body: { experimentKey: key, functionName: 'double', arguments: {} } });
    const failed = { ...result, callId: failing.body.callId, result: '', errorMessage: 'missing x' };
    expect((await sdkCall(server.url, { path: 'rpc/save-rpc-result', body: failed })).status).toBe(200);
    const after = await server.call('listRpcCalls', { query: { experimentKey: key } });
    expect(after.body.calls[1]).toMatchObject({ status: 'failed', error: 'missing x' });
    const unknown = { ...result, callId: 'no-such-call' };
    expect((await sdkCall(server.url, { path: 'rpc/save-rpc-result', body: unknown })).status).toBe(404);
  });

  it("turns E3's stop of a live run into the service's own stop call, fetched through the heartbeat", async () => {
    const key = await startRun();
    const heartbeat = async () => (await sdkCall(server.url, { path: 'status-report/update', body: statusBody(key, 'run', true) })).json.pending_rpcs;
    expect((await server.call('stopExperiment', { query: { experimentKey: key } })).status).toBe(200);
    expect((await server.call('getExperimentMetadata', { query: { experimentKey: key } })).body.running).toBe(false);
    expect(await heartbeat()).toBe(true);
    const pending = await sdkCall(server.url, { path: 'rpc/get-pending-rpcs', query: { experimentKey: key } });
    expect(pending.json.remoteProcedureCalls).toMatchObject([{ functionName: 'stop', cometDefined: true, arguments: [], userName: 'admin' }]);
    expect(await heartbeat()).toBe(false);
    expect((await server.call('stopExperiment', { query: { experimentKey: key } })).status).toBe(200);
    expect((await server.call('listRpcCalls', { query: { experimentKey: key } })).body.calls).toHaveLength(1);
  });
});
