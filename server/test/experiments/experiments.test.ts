import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let clock = Date.UTC(2025, 0, 1);
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

async function createExperiment(projectName: string, experimentName?: string) {
  const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName, experimentName } });
  expect(created.status).toBe(200);
  return created.body.experimentKey;
}
const metadata = async (experimentKey: string) => (await server.call('getExperimentMetadata', { query: { experimentKey } })).body;
const keysIn = async (projectName: string, archived?: boolean) =>
  (await server.call('listExperiments', { query: { workspaceName: 'admin', projectName, archived } })).body.experiments.map((e) => e.experimentKey);

describe('creating and reading experiments', () => {
  it('creates the project on the fly and lists the experiment (E2)', async () => {
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'fresh', experimentName: 'first' } });
    expect(created.body).toMatchObject({ workspaceName: 'admin', projectName: 'fresh' });
    expect(created.body.experimentKey).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body.link).toBe(`${server.url}/admin/fresh/${created.body.experimentKey}`);
    const project = (await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'fresh' } })).body;
    expect(project.numberOfExperiments).toBe(1);
    const listed = await server.call('listExperiments', { query: { projectId: project.projectId } });
    expect(listed.body.experiments).toHaveLength(1);
    expect(listed.body.experiments[0]).toMatchObject({
      experimentKey: created.body.experimentKey,
      experimentName: 'first',
      workspaceName: 'admin',
      projectName: 'fresh',
      projectId: project.projectId,
      archived: false,
      running: true,
      throttle: false,
      throttleMessage: null,
      throttleReasons: [],
      userName: 'admin',
      startTimeMillis: clock,
    });
  });

  it("shows its project's new name after E13 renames the project", async () => {
    const key = await createExperiment('before');
    expect((await metadata(key)).projectName).toBe('before');
    await server.call('updateProject', { body: { workspaceName: 'admin', projectName: 'before', newProjectName: 'after' } });
    expect((await metadata(key)).projectName).toBe('after');
    expect(await keysIn('after')).toEqual([key]);
  });

  it('answers 404 (90211) for an unknown key and 403 for another user', async () => {
    const unknown = await server.call('getExperimentMetadata', { query: { experimentKey: 'f'.repeat(32) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, sdk_error_code: 90211 });
    const key = await createExperiment('private');
    const eve = await issueApiKey({ ...server.storage, userName: 'eve' });
    const foreign = await server.call('stopExperiment', { key: eve.apiKey, query: { experimentKey: key } });
    expect(foreign.status).toBe(403);
    expect((await metadata(key)).running).toBe(true);
  });
});

describe('running, keep-alive and stop (E3, E9)', () => {
  it('counts as running until no keep-alive arrives within the beat, or until stopped', async () => {
    const key = await createExperiment('alive');
    const beat = await server.call('keepAlive', { query: { experimentKey: key } });
    expect(beat.body).toEqual({ isAliveBeatDurationMillis: 10_000, gpuMonitorIntervalMillis: 60_000, cpuMonitorIntervalMillis: 60_000 });
    clock += 10_000;
    expect((await metadata(key)).running).toBe(true);
    clock += 1;
    expect((await metadata(key)).running).toBe(false);
    await server.call('keepAlive', { query: { experimentKey: key } });
    expect((await metadata(key)).running).toBe(true);
    for (let i = 0; i < 2; i += 1) expect((await server.call('stopExperiment', { query: { experimentKey: key } })).body.msg).toBe('Stop Requested');
    await server.call('keepAlive', { query: { experimentKey: key } });
    const stopped = await metadata(key);
    expect(stopped.running).toBe(false);
    expect(stopped.endTimeMillis).toBe(clock);
  });
});

describe('start and end time (E10)', () => {
  it('derives the missing end or start one second away, and refuses end before start', async () => {
    const key = await createExperiment('times');
    const set = (body: { startTimeMillis?: number; endTimeMillis?: number }) =>
      server.call('setStartEndTime', { body: { experimentKey: key, ...body } });
    expect((await set({ endTimeMillis: 50_000 })).body.msg).toBe('Saved');
    expect(await metadata(key)).toMatchObject({ startTimeMillis: 49_000, endTimeMillis: 50_000, durationMillis: 1000 });
    const other = await createExperiment('times');
    await server.call('setStartEndTime', { body: { experimentKey: other, startTimeMillis: 7_000 } });
    expect(await metadata(other)).toMatchObject({ startTimeMillis: 7_000, endTimeMillis: 8_000 });
    await set({ startTimeMillis: 10_000, endTimeMillis: 90_000 });
    expect(await metadata(key)).toMatchObject({ startTimeMillis: 10_000, endTimeMillis: 90_000, durationMillis: 80_000 });
    expect((await set({ startTimeMillis: 5, endTimeMillis: 4 })).status).toBe(400);
    expect((await set({})).status).toBe(400);
    expect((await set({ startTimeMillis: -1 })).status).toBe(400);
  });
});

describe('archive, trash, restore and purge (E4, E7, E8)', () => {
  it('hides archived experiments from the default list and restores them', async () => {
    const key = await createExperiment('shelf');
    for (let i = 0; i < 2; i += 1) expect((await server.call('archiveExperiment', { query: { experimentKey: key } })).body.msg).toBe('Archived');
    expect(await keysIn('shelf')).toEqual([]);
    expect(await keysIn('shelf', true)).toEqual([key]);
    expect((await metadata(key)).archived).toBe(true);
    expect((await server.call('restoreExperiment', { query: { experimentKey: key } })).body.msg).toBe('Restore');
    expect(await keysIn('shelf')).toEqual([key]);
  });

  it('moves deleted experiments to the trash, restores them, and purges only on request', async () => {
    const key = await createExperiment('bin');
    for (let i = 0; i < 2; i += 1) expect((await server.call('deleteExperiment', { query: { experimentKey: key } })).body.msg).toBe('Deleted');
    expect(await keysIn('bin')).toEqual([]);
    expect((await server.call('getExperimentMetadata', { query: { experimentKey: key } })).status).toBe(404);
    const trash = await server.call('listTrashedExperiments', { query: { workspaceName: 'admin' } });
    expect(trash.body.experiments.map((e) => e.experimentKey)).toContain(key);
    expect((await server.call('restoreExperiment', { query: { experimentKey: key } })).body.msg).toBe('Restore');
    expect(await keysIn('bin')).toEqual([key]);

    expect((await server.call('purgeExperiment', { body: { experimentKey: key } })).status).toBe(400);
    await server.call('deleteExperiment', { query: { experimentKey: key } });
    expect((await server.call('purgeExperiment', { body: { experimentKey: key } })).body.msg).toBe('Purged');
    expect((await server.call('restoreExperiment', { query: { experimentKey: key } })).status).toBe(404);
    expect((await server.call('listTrashedExperiments', { query: { workspaceName: 'admin' } })).body.experiments.map((e) => e.experimentKey)).not.toContain(key);
  });
});

describe('move and symlink (E5, E6)', () => {
  it('symlinks one experiment: listed in both projects, the same experiment', async () => {
    const key = await createExperiment('home');
    await server.call('createProject', { body: { workspaceName: 'admin', projectName: 'shared', projectDescription: '', isPublic: false } });
    const linked = await server.call('symlinkExperiment', { query: { exerimentKey: key, projectName: 'shared' } });
    expect(linked.body.link).toBe(`${server.url}/admin/shared/${key}`);
    expect(await keysIn('home')).toEqual([key]);
    expect(await keysIn('shared')).toEqual([key]);
    await server.call('setStartEndTime', { body: { experimentKey: key, startTimeMillis: 1_000, endTimeMillis: 2_000 } });
    const [viaShared] = (await server.call('listExperiments', { query: { workspaceName: 'admin', projectName: 'shared' } })).body.experiments;
    expect(viaShared).toMatchObject({ experimentKey: key, projectName: 'home', startTimeMillis: 1_000 });
    expect((await server.call('symlinkExperiment', { query: { experimentKey: key, projectName: 'shared' } })).status).toBe(200);
    expect(await keysIn('shared')).toEqual([key]);
    expect((await server.call('symlinkExperiment', { query: { experimentKey: key, projectName: 'absent' } })).status).toBe(404);
  });

  it('moves or symlinks a list of experiments', async () => {
    const a = await createExperiment('from');
    const b = await createExperiment('from');
    await server.call('createWorkspace', { body: { name: 'elsewhere' } });
    await server.call('createProject', { body: { workspaceName: 'elsewhere', projectName: 'to', projectDescription: '', isPublic: false } });
    const target = { targetWorkspaceName: 'elsewhere', targetProjectName: 'to' };
    const symlinked = await server.call('moveExperiments', { body: { ...target, experimentKeys: [a, b], symlink: true } });
    expect(symlinked.status).toBe(200);
    const inTarget = async () => (await server.call('listExperiments', { query: { workspaceName: 'elsewhere', projectName: 'to' } })).body.experiments;
    expect((await inTarget()).map((e) => e.experimentKey).sort()).toEqual([a, b].sort());
    expect((await keysIn('from')).sort()).toEqual([a, b].sort());

    const moved = await server.call('moveExperiments', { body: { ...target, experimentKeys: [a], symlink: false } });
    expect(moved.status).toBe(200);
    expect(await keysIn('from')).toEqual([b]);
    expect(await metadata(a)).toMatchObject({ workspaceName: 'elsewhere', projectName: 'to' });
    expect((await inTarget()).map((e) => e.experimentKey).sort()).toEqual([a, b].sort());

    const unknown = await server.call('moveExperiments', { body: { ...target, experimentKeys: [b, 'f'.repeat(32)], symlink: false } });
    expect(unknown.status).toBe(404);
    expect(await keysIn('from')).toEqual([b]);
  });
});

describe('deleting a project (E12)', () => {
  it('sends its experiments to "Uncategorized" when deleteAllExperiments is false', async () => {
    const key = await createExperiment('doomed');
    const deleted = await server.call('deleteProject', { body: { workspaceName: 'admin', projectName: 'doomed', deleteAllExperiments: false } });
    expect(deleted.body.msg).toBe('Deleted');
    expect((await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'doomed' } })).status).toBe(404);
    expect(await keysIn('Uncategorized')).toContain(key);
    expect((await metadata(key)).projectName).toBe('Uncategorized');
  });

  it('trashes its experiments when deleteAllExperiments is true; a restore lands in "Uncategorized"', async () => {
    const key = await createExperiment('gone');
    await server.call('deleteProject', { body: { workspaceName: 'admin', projectName: 'gone', deleteAllExperiments: true } });
    expect((await server.call('getExperimentMetadata', { query: { experimentKey: key } })).status).toBe(404);
    const trash = (await server.call('listTrashedExperiments', { query: { workspaceName: 'admin' } })).body.experiments;
    expect(trash.map((e) => e.experimentKey)).toContain(key);
    await server.call('restoreExperiment', { query: { experimentKey: key } });
    expect((await metadata(key)).projectName).toBe('Uncategorized');
    const again = await createExperiment('gone');
    expect((await metadata(again)).projectName).toBe('gone');
  });
});

describe("a project's tags in one read (ext.experimentTags)", () => {
  it('answers the tags of home, symlinked and archived experiments by key, leaving out untagged ones', async () => {
    const [home, archived, untagged, elsewhere] = [await createExperiment('tagged'), await createExperiment('tagged'), await createExperiment('tagged'), await createExperiment('other')];
    for (const [experimentKey, addedTags] of [[home, ['b', 'a']], [archived, ['x']], [elsewhere, ['linked']]] as const) {
      await server.call('addTags', { body: { experimentKey, addedTags: [...addedTags] } });
    }
    await server.call('archiveExperiment', { query: { experimentKey: archived } });
    await server.call('symlinkExperiment', { query: { exerimentKey: elsewhere, projectName: 'tagged' } });
    const reply = await server.call('listExperimentTags', { query: { workspaceName: 'admin', projectName: 'tagged' } });
    expect(reply.status).toBe(200);
    expect(reply.body.tags).toEqual({ [home]: ['b', 'a'], [archived]: ['x'], [elsewhere]: ['linked'] });
    expect(reply.body.tags).not.toHaveProperty(untagged);
    const unknown = await server.call('listExperimentTags', { query: { workspaceName: 'admin', projectName: 'no-such-project' } });
    expect(unknown.status).toBe(404);
  });
});
