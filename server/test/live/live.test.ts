import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let clock = Date.UTC(2025, 0, 1);
const BEAT = 10_000;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

async function createExperiment(projectName: string, experimentName?: string): Promise<string> {
  const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName, experimentName } });
  expect(created.status).toBe(200);
  return created.body.experimentKey;
}
const projectIdOf = async (projectName: string) =>
  (await server.call('getProject', { query: { workspaceName: 'admin', projectName } })).body.projectId;
async function changes(projectId: string, query: { since?: string; before?: number; limit?: number } = {}) {
  const reply = await server.call('getExperimentChanges', { query: { projectId, ...query } });
  expect(reply.status).toBe(200);
  return reply.body;
}
const keysOf = (reply: { changed: { experiment: { experimentKey: string } }[] }) => reply.changed.map((entry) => entry.experiment.experimentKey);

describe('ext.experimentChanges: a project list read by changes', () => {
  it('pages a first read newest change first, then answers only what changed since the cursor', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) keys.push(await createExperiment('paged', `run-${i}`));
    const projectId = await projectIdOf('paged');
    const first = await changes(projectId, { limit: 2 });
    expect(keysOf(first)).toEqual([keys[4], keys[3]]);
    expect(first.next).not.toBeNull();
    const second = await changes(projectId, { before: first.next ?? 0, limit: 2 });
    expect(keysOf(second)).toEqual([keys[2], keys[1]]);
    expect(second.cursor).toBeNull();
    const third = await changes(projectId, { before: second.next ?? 0, limit: 2 });
    expect(keysOf(third)).toEqual([keys[0]]);
    expect(third.next).toBeNull();

    const cursor = first.cursor ?? '';
    expect((await changes(projectId, { since: cursor })).changed).toEqual([]);
    await server.call('addTags', { body: { experimentKey: keys[1] ?? '', addedTags: ['best'] } });
    await server.call('archiveExperiment', { query: { experimentKey: keys[2] ?? '' } });
    const later = await changes(projectId, { since: cursor });
    expect(keysOf(later)).toEqual([keys[1], keys[2]]);
    expect(later.changed[0]?.tags).toEqual(['best']);
    expect(later.changed[1]?.experiment.archived).toBe(true);
    expect((await changes(projectId, { since: later.cursor ?? '' })).changed).toEqual([]);
  });

  it('reports trashing, moving away, unlinking and purging, and a symlinked experiment as listed', async () => {
    const stays = await createExperiment('source', 'stays');
    const moves = await createExperiment('source', 'moves');
    const linked = await createExperiment('elsewhere', 'linked');
    await createExperiment('target');
    const projectId = await projectIdOf('source');
    const start = (await changes(projectId)).cursor ?? '';

    await server.call('symlinkExperiment', { query: { experimentKey: linked, projectName: 'source' } });
    await server.call('moveExperiments', { body: { experimentKeys: [moves], targetWorkspaceName: 'admin', targetProjectName: 'target', symlink: false } });
    await server.call('deleteExperiment', { query: { experimentKey: stays } });
    const after = await changes(projectId, { since: start });
    expect(keysOf(after).sort()).toEqual([linked, stays].sort());
    expect(after.changed.find((entry) => entry.experiment.experimentKey === stays)?.trashed).toBe(true);
    expect(after.removed).toEqual([moves]);

    await server.call('purgeExperiment', { body: { experimentKey: stays } });
    const purged = await changes(projectId, { since: after.cursor ?? '' });
    expect(purged.removed).toEqual([stays]);
    expect(purged.changed).toEqual([]);
  });

  it('cuts a forward read at the limit and says there is more', async () => {
    const projectId = await projectIdOf('paged');
    const start = (await changes(projectId)).cursor ?? '';
    const experiments = (await changes(projectId)).changed.map((entry) => entry.experiment.experimentKey);
    for (const key of experiments) await server.call('keepAlive', { query: { experimentKey: key } });
    const cut = await changes(projectId, { since: start, limit: 3 });
    expect(cut.changed).toHaveLength(3);
    expect(cut.more).toBe(true);
    const rest = await changes(projectId, { since: cut.cursor ?? '', limit: 3 });
    expect(rest.more).toBe(false);
    expect([...keysOf(cut), ...keysOf(rest)].sort()).toEqual([...experiments].sort());
  });

  it('answers a run that stopped by silence once its last beat is older than the beat duration', async () => {
    const key = await createExperiment('silent');
    const projectId = await projectIdOf('silent');
    const first = await changes(projectId);
    expect(first.changed[0]?.experiment.running).toBe(true);
    clock += BEAT / 2;
    expect((await changes(projectId, { since: first.cursor ?? '' })).changed).toEqual([]);
    clock += BEAT;
    const stopped = await changes(projectId, { since: first.cursor ?? '' });
    expect(keysOf(stopped)).toEqual([key]);
    expect(stopped.changed[0]?.experiment.running).toBe(false);
  });

  it('refuses a made-up cursor and an unknown project in the service shape', async () => {
    const projectId = await projectIdOf('paged');
    const bad = await server.call('getExperimentChanges', { query: { projectId, since: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/since/);
    const unknown = await server.call('getExperimentChanges', { query: { projectId: 'no-such-project' } });
    expect(unknown.status).toBe(404);
  });
});

describe('ext.experimentLive: what one experiment logged since a cursor', () => {
  it('answers new points with their summary, new output lines, and the running state', async () => {
    const experimentKey = await createExperiment('live', 'training');
    await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1, step: 0 } });
    const start = (await server.call('getExperimentLive', { query: { experimentKey } })).body;
    expect(start.metrics).toEqual([]);
    expect(start.experiment.running).toBe(true);

    for (let step = 1; step <= 3; step += 1) {
      await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1 / (step + 1), step } });
    }
    await server.call('logMetric', { body: { experimentKey, metricName: 'sys.cpu.percent', metricValue: 'n/a' } });
    await server.call('logOutput', { body: { experimentKey, outputLines: [{ output: 'epoch 1\n' }, { output: 'warn\n', stderr: true }] } });
    const next = (await server.call('getExperimentLive', { query: { experimentKey, since: start.cursor } })).body;
    const loss = next.metrics.find((metric) => metric.summary.name === 'loss');
    expect(loss).toMatchObject({ reset: false, steps: [1, 2, 3], values: [0.5, 1 / 3, 0.25] });
    expect(loss?.summary.valueCurrent).toBe('0.25');
    expect(next.metrics.find((metric) => metric.summary.name === 'sys.cpu.percent')).toMatchObject({ steps: [null], values: ['n/a'] });
    expect(next.output).toEqual([
      { output: 'epoch 1\n', stderr: false },
      { output: 'warn\n', stderr: true },
    ]);

    // A point that arrives below the highest step seen is still found.
    await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 9, step: 2 } });
    const late = (await server.call('getExperimentLive', { query: { experimentKey, since: next.cursor } })).body;
    expect(late.metrics).toHaveLength(1);
    expect(late.metrics[0]).toMatchObject({ steps: [2], values: [9] });
    expect(late.output).toEqual([]);

    await server.call('stopExperiment', { query: { experimentKey } });
    const ended = (await server.call('getExperimentLive', { query: { experimentKey, since: late.cursor } })).body;
    expect(ended.experiment.running).toBe(false);
    expect(ended.metrics).toEqual([]);
  });

  it('refuses a cursor it did not make', async () => {
    const experimentKey = await createExperiment('live');
    const reply = await server.call('getExperimentLive', { query: { experimentKey, since: Buffer.from('{"o":"x"}').toString('base64url') } });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(/since/);
  });
});
