import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkCall, sdkExperimentKey, addRunBody, statusBody } from '../support/clientlib-sdk.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

const BEAT = 10_000;
const clock = { now: Date.UTC(2025, 0, 1) };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now });
});
afterAll(() => server.close());

/** A run started by the Python SDK's handshake in project `state`, with its first heartbeat sent. */
async function startRun(): Promise<{ key: string; runId: string }> {
  const key = sdkExperimentKey();
  const reply = await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, 'state', 'admin') });
  const runId = String(reply.json.runId);
  await heartbeat(key, runId, true);
  return { key, runId };
}
const heartbeat = (key: string, runId: string, isAlive: boolean) =>
  sdkCall(server.url, { path: 'status-report/update', body: statusBody(key, runId, isAlive), experimentKey: key });
const metadataOf = async (experimentKey: string) => (await server.call('getExperimentMetadata', { query: { experimentKey } })).body;
const reportStatus = (experimentKey: string, isAlive: boolean, hasCrashed: boolean) =>
  server.call('updateStatus', { body: { experimentKey, isAlive, hasCrashed } });

describe('how a run ended: running, finished or crashed', () => {
  it('reads finished when its client ends it (the SDK end, E3, a status report), however long after', async () => {
    const ended = await startRun();
    const stopped = await startRun();
    const reported = await startRun();
    clock.now += 1_000;
    expect((await heartbeat(ended.key, ended.runId, false)).status).toBe(200);
    expect((await server.call('stopExperiment', { query: { experimentKey: stopped.key } })).status).toBe(200);
    expect((await reportStatus(reported.key, false, false)).status).toBe(200);
    clock.now += 10 * BEAT;
    for (const { key } of [ended, stopped, reported]) {
      expect(await metadataOf(key)).toMatchObject({ running: false, hasCrashed: false, state: 'finished', endedBy: 'client' });
    }
  });

  it('reads crashed by silence once heartbeats stop past the timeout, with when it was last heard from; running again when they resume', async () => {
    const { key } = await startRun();
    const lastHeard = clock.now;
    clock.now += BEAT;
    expect(await metadataOf(key)).toMatchObject({ running: true, state: 'running', endedBy: null, lastHeardAt: lastHeard });
    clock.now += 1;
    expect(await metadataOf(key)).toMatchObject({ running: false, hasCrashed: true, state: 'crashed', endedBy: 'silence', lastHeardAt: lastHeard });
    // Stopping a run already lost does not make its end a clean one.
    expect((await server.call('stopExperiment', { query: { experimentKey: key } })).status).toBe(200);
    expect(await metadataOf(key)).toMatchObject({ state: 'crashed', endedBy: 'silence' });
    const other = await startRun();
    clock.now += BEAT + 1;
    expect(await metadataOf(other.key)).toMatchObject({ state: 'crashed', endedBy: 'silence' });
    await heartbeat(other.key, other.runId, true);
    expect(await metadataOf(other.key)).toMatchObject({ running: true, hasCrashed: false, state: 'running', endedBy: null, lastHeardAt: clock.now });
  });

  it('reads finished when its own client ends it late, after a silence (the SDK heartbeat or a status report)', async () => {
    const byHeartbeat = await startRun();
    const byReport = await startRun();
    clock.now += 3 * BEAT;
    expect(await metadataOf(byHeartbeat.key)).toMatchObject({ state: 'crashed', endedBy: 'silence' });
    await heartbeat(byHeartbeat.key, byHeartbeat.runId, false);
    await reportStatus(byReport.key, false, false);
    for (const { key } of [byHeartbeat, byReport]) {
      expect(await metadataOf(key)).toMatchObject({ running: false, state: 'finished', endedBy: 'client', lastHeardAt: clock.now, endTimeMillis: clock.now });
    }
  });

  it('reads crashed when its client reports a crash (the SDK set_state crashed), and never heard from for a REST-made run', async () => {
    const { key } = await startRun();
    clock.now += 1_000;
    expect((await reportStatus(key, false, true)).status).toBe(200);
    clock.now += 10 * BEAT;
    expect(await metadataOf(key)).toMatchObject({ running: false, hasCrashed: true, state: 'crashed', endedBy: 'crash' });
    const { experimentKey } = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'state' } })).body;
    clock.now += 10 * BEAT;
    expect(await metadataOf(experimentKey)).toMatchObject({ state: 'finished', endedBy: null, lastHeardAt: null });
  });

  it('reads as the last report says: a crash reported, then the run resumed by its client and ended cleanly, reads finished', async () => {
    const resumed = await startRun();
    const reported = await startRun();
    const closed = await startRun();
    clock.now += 1_000;
    for (const run of [resumed, reported, closed]) expect((await reportStatus(run.key, false, true)).status).toBe(200);
    // The SDK's ExistingExperiment resumes the run, which heart-beats and ends as every SDK run ends.
    const again = await sdkCall(server.url, { path: 'logger/get/run', body: { apiKey: server.adminKey, previousExperiment: resumed.key, local_timestamp: clock.now } });
    expect(again.status).toBe(200);
    expect(await metadataOf(resumed.key)).toMatchObject({ running: true, state: 'running', hasCrashed: false });
    clock.now += 1_000;
    await heartbeat(resumed.key, String(again.json.runId), false);
    // set_state("finished") after set_state("crashed").
    await reportStatus(reported.key, false, false);
    // Only the SDK's closing heartbeat after the crash report: it says nothing of a crash, so the crash stands.
    await heartbeat(closed.key, closed.runId, false);
    clock.now += 10 * BEAT;
    expect(await metadataOf(resumed.key)).toMatchObject({ running: false, hasCrashed: false, state: 'finished', endedBy: 'client' });
    expect(await metadataOf(reported.key)).toMatchObject({ running: false, hasCrashed: false, state: 'finished', endedBy: 'client' });
    expect(await metadataOf(closed.key)).toMatchObject({ running: false, hasCrashed: true, state: 'crashed', endedBy: 'crash' });
    // A stop (E3) on a run that reported a crash does not make its end a clean one either.
    await server.call('stopExperiment', { query: { experimentKey: closed.key } });
    expect(await metadataOf(closed.key)).toMatchObject({ state: 'crashed', endedBy: 'crash' });
  });

  it('finds runs by state in the experiment search, as the metadata reads them', async () => {
    const running = await startRun();
    const projectId = (await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'state' } })).body.projectId;
    const search = async (state: string) => {
      const rulesTree = { condition: 'AND', rules: [{ id: 'state', field: 'state', operator: 'equal', value: state, source: 'metadata', type: 'string' }] };
      const reply = await server.call('searchExperiments', { body: { projectId, rulesTree, deleted: false } });
      expect(reply.status, reply.body.msg).toBe(200);
      return reply.body.experiments.map((experiment) => experiment.experimentKey);
    };
    const listed = (await server.call('listExperiments', { query: { projectId } })).body.experiments;
    for (const state of ['running', 'finished', 'crashed'] as const) {
      const expected = listed.filter((experiment) => experiment.state === state).map((experiment) => experiment.experimentKey);
      expect((await search(state)).sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(0);
    }
    expect(await search('running')).toContain(running.key);
  });

  it('tells the change feed when a run goes silent and when it comes back, without a write in between', async () => {
    const { key, runId } = await startRun();
    const projectId = (await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'state' } })).body.projectId;
    const first = (await server.call('getExperimentChanges', { query: { projectId } })).body;
    clock.now += BEAT + 1;
    const silent = (await server.call('getExperimentChanges', { query: { projectId, since: first.cursor ?? '' } })).body;
    expect(silent.changed.find((entry) => entry.experiment.experimentKey === key)?.experiment).toMatchObject({ state: 'crashed', endedBy: 'silence' });
    await heartbeat(key, runId, true);
    const back = (await server.call('getExperimentChanges', { query: { projectId, since: silent.cursor ?? '' } })).body;
    expect(back.changed.find((entry) => entry.experiment.experimentKey === key)?.experiment).toMatchObject({ state: 'running' });
  });
});
