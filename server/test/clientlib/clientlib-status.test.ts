import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRunBody, sdkCall, sdkExperimentKey, statusBody } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

const clock = { now: Date.UTC(2025, 0, 1) };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now });
});
afterAll(() => server.close());

async function startRun(): Promise<{ key: string; runId: string; projectId: string }> {
  const key = sdkExperimentKey();
  const reply = await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, 'status', 'admin') });
  return { key, runId: String(reply.json.runId), projectId: String(reply.json.project_id) };
}
const beat = (key: string, runId: string, isAlive: boolean, projectId: string | null = null) =>
  sdkCall(server.url, { path: 'status-report/update', body: statusBody(key, runId, isAlive, projectId), experimentKey: key });
const metadataOf = async (experimentKey: string) => (await server.call('getExperimentMetadata', { query: { experimentKey } })).body;

describe('clientlib status reports', () => {
  it('answers the snake_case intervals, keeps the run running while beats arrive, and ends it on is_alive=false', async () => {
    const { key, runId, projectId } = await startRun();
    const first = await beat(key, runId, true, projectId);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      is_alive_beat_duration_millis: 10_000,
      gpu_monitor_interval_millis: 60_000,
      cpu_monitor_interval_millis: 60_000,
      parameter_update_interval_millis: 60_000,
      pending_rpcs: false,
    });
    const started = clock.now;
    for (let n = 0; n < 3; n += 1) {
      clock.now += 9_000;
      expect((await beat(key, runId, true)).status).toBe(200);
      expect((await metadataOf(key)).running).toBe(true);
    }
    clock.now += 2_000;
    expect((await beat(key, runId, false)).status).toBe(200);
    const ended = await metadataOf(key);
    expect(ended).toMatchObject({ running: false, hasCrashed: false, startTimeMillis: started, endTimeMillis: clock.now });
    clock.now += 60_000;
    expect(await metadataOf(key)).toMatchObject({ running: false, hasCrashed: false });
  });

  it('shows a run whose beats stopped without an end report (a killed script) as crashed', async () => {
    const { key, runId } = await startRun();
    await beat(key, runId, true);
    const lastBeat = clock.now;
    expect(await metadataOf(key)).toMatchObject({ running: true, hasCrashed: false });
    clock.now += 10_001;
    expect(await metadataOf(key)).toMatchObject({ running: false, hasCrashed: true, endTimeMillis: lastBeat });
    // A run that never sent a heartbeat (made through the REST API) is not crashed by silence.
    const { experimentKey } = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'status' } })).body;
    clock.now += 60_000;
    expect(await metadataOf(experimentKey)).toMatchObject({ running: false, hasCrashed: false });
  });

  it('sets the start and end times of an offline archive (E10 rules)', async () => {
    const { key, runId } = await startRun();
    const body = { apiKey: TEST_ADMIN_KEY, runId, experimentKey: key, startTimestamp: 1_700_000_000_000, endTimestamp: 1_700_000_360_000 };
    expect((await sdkCall(server.url, { path: 'status-report/offline-metadata', body })).status).toBe(200);
    expect(await metadataOf(key)).toMatchObject({ startTimeMillis: 1_700_000_000_000, endTimeMillis: 1_700_000_360_000, durationMillis: 360_000 });
    const resumed = { ...body, startTimestamp: null, endTimestamp: 1_700_000_720_000 };
    expect((await sdkCall(server.url, { path: 'status-report/offline-metadata', body: resumed })).status).toBe(200);
    expect(await metadataOf(key)).toMatchObject({ startTimeMillis: 1_700_000_000_000, endTimeMillis: 1_700_000_720_000 });
    const backwards = { ...body, endTimestamp: 1 };
    expect((await sdkCall(server.url, { path: 'status-report/offline-metadata', body: backwards })).status).toBe(400);
  });

  it('answers 404 for an unknown experiment and 400 without is_alive', async () => {
    expect((await beat(sdkExperimentKey(), 'run', true)).status).toBe(404);
    const { key, runId } = await startRun();
    const { is_alive: _dropped, ...noFlag } = statusBody(key, runId, true);
    const reply = await sdkCall(server.url, { path: 'status-report/update', body: noFlag });
    expect(reply.status).toBe(400);
    expect(reply.json.msg).toContain('is_alive');
  });
});
