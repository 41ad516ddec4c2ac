import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';

/** The service's keep-alive window in these tests (the default). */
const BEAT_MS = 10_000;

let server: TestServer;
let project: SearchProject;
let now = Date.now();

const columns = [
  { kind: 'metric' as const, name: 'acc' },
  { kind: 'param' as const, name: 'lr' },
];

/** Reads the analysis runs of the seeded project, from `since` when given; fails on a non-200. */
async function read(query: string, since?: string) {
  const reply = await server.call('getAnalysisRuns', { body: { projectId: project.projectId, query, columns, ...(since ? { since } : {}) } });
  expect(reply.status, reply.body.msg).toBe(200);
  return reply.body;
}

/** Succeeds or fails the test with the service's message. */
async function ok(reply: Promise<{ status: number; body: { msg?: string } }>) {
  const { status, body } = await reply;
  expect(status, body.msg).toBe(200);
}

/**
 * Moves the service's clock past every keep-alive window. A read answers the runs alive at the previous read (their
 * summaries may have moved since), so a read after this one answers only the real changes.
 */
const quiet = () => (now += 6 * BEAT_MS);

describe.each(testBackends())('the analysis view read of what changed on %s', (backend) => {
  beforeAll(async () => {
    ({ server } = await startSearchServer(backend, { now: () => now }));
    project = await seedSearchProject(server);
  });
  afterAll(() => server.close());

  it('answers a cursor with every read, and nothing when nothing changed since it', async () => {
    quiet();
    const full = await read('');
    expect(full.delta).toBe(false);
    expect(full.removed).toEqual([]);
    expect(full.cursor).toMatch(/^\d+\.\d+\.\d+$/);
    const same = await read('', full.cursor);
    expect(same).toMatchObject({ delta: true, keys: [], names: [], tags: [], removed: [] });
    expect(same.columns.map((column) => [column.kind, column.name, column.last])).toEqual([['metric', 'acc', []], ['param', 'lr', []]]);
  });

  it('answers a new run, a new name on a run, and the summaries of a run that beats, with their values', async () => {
    quiet();
    const before = (await read('')).cursor;
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'search' } });
    const fresh = created.body.experimentKey;
    await ok(server.call('logParameter', { body: { experimentKey: fresh, parameterName: 'lr', parameterValue: 0.3 } }));
    await ok(server.call('logParameter', { body: { experimentKey: project.keys.gamma, parameterName: 'lr', parameterValue: 0.7 } }));
    await ok(server.call('keepAlive', { query: { experimentKey: project.keys.alpha } }));
    await ok(server.call('logMetric', { body: { experimentKey: project.keys.alpha, metricName: 'acc', metricValue: 0.2, step: 2 } }));
    const changes = await read('', before);
    expect(changes.delta).toBe(true);
    expect([...changes.keys].sort()).toEqual([project.keys.alpha, project.keys.gamma, fresh].sort());
    const at = (key: string) => changes.keys.indexOf(key);
    const [acc, lr] = changes.columns;
    expect([acc?.last[at(project.keys.alpha)], acc?.min[at(project.keys.alpha)], acc?.max[at(project.keys.alpha)]]).toEqual([0.2, 0.2, 0.95]);
    expect(lr?.last[at(project.keys.gamma)]).toBe(0.7);
    expect(lr?.last[at(fresh)]).toBe(0.3);
    expect(changes.keys.at(-1)).toBe(fresh);
    expect(changes.tags[at(project.keys.alpha)]).toEqual(['best', 'gpu']);
    expect(changes.removed).toEqual([]);
  });

  it('answers the keys of runs trashed, unlinked or moved away, and of runs that stopped passing the filter', async () => {
    quiet();
    const passing = await read('lr > 0.02');
    expect(passing.keys).toContain(project.keys.beta);
    await ok(server.call('deleteExperiment', { query: { experimentKey: project.keys.beta } }));
    await ok(server.call('moveExperiments', { body: { targetWorkspaceName: 'admin', targetProjectName: 'elsewhere', experimentKeys: [project.keys.gamma], symlink: false } }));
    const before = await read('lr > 0.02', passing.cursor);
    expect([...(before.removed ?? [])].sort()).toEqual([project.keys.beta, project.keys.gamma].sort());
    expect(before.keys).toEqual([]);
    await ok(server.call('keepAlive', { query: { experimentKey: project.keys.linked } }));
    await ok(server.call('logParameter', { body: { experimentKey: project.keys.linked, parameterName: 'lr', parameterValue: 0.001 } }));
    const after = await read('lr > 0.02', before.cursor);
    expect(after).toMatchObject({ delta: true, keys: [], removed: [project.keys.linked] });
    await ok(server.call('restoreExperiment', { query: { experimentKey: project.keys.beta } }));
    const back = await read('lr > 0.02', after.cursor);
    expect(back.keys).toEqual([project.keys.beta]);
    expect(back.removed).not.toContain(project.keys.beta);
    expect(back.columns[1]?.last).toEqual([0.1]);
  });

  it('refuses a cursor it did not answer', async () => {
    const reply = await server.call('getAnalysisRuns', { body: { projectId: project.projectId, query: '', columns, since: 'yesterday' } });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toContain('must be a cursor this read answered');
  });
});
