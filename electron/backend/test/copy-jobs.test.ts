import { beforeAll, describe, expect, it } from 'vitest';
import type { CopyJobView } from '../../../shared/ipc/index.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../../../server/test/support/harness.ts';
import { unlimitedThrottleLimits } from '../../../server/src/throttle/rate-limits.ts';
import { issueApiKey } from '../../../server/src/accounts/keys.ts';
import type { Backend } from '../src/backend.ts';
import { startOlderService } from '../../../server/test/support/older-service.ts';
import { readEverything } from './copy-reads.ts';
import { seedExperiment } from './copy-seed.ts';
import { call, startBackend, tempDir } from './helpers.ts';

let team: TestServer;
let files: string;

beforeAll(async () => {
  // Without the hosted service's per-minute limits, which a copy waits out (it would take minutes here).
  team = await startTestServer({ throttle: unlimitedThrottleLimits });
  files = await tempDir('trackdesk-copy-files-');
  return () => team.close();
});

/** A backend whose embedded service is the source, with a connection to the team's service. */
async function laptop(userDataDir?: string): Promise<{ backend: Backend; teamId: string }> {
  const backend = await startBackend({ ...(userDataDir ? { userDataDir } : {}), copyJobs: { reconnectDelayMs: 200 } });
  await backend.embedded!.whenReady();
  const existing = (await call(backend, 'profiles.list', {})).profiles.find((p) => p.name === 'Team');
  const teamId = existing?.id ?? (await call(backend, 'profiles.create', { name: 'Team', baseUrl: team.url, apiKey: TEST_ADMIN_KEY })).profile.id;
  return { backend, teamId };
}

/** The job once it is no longer running. */
async function settled(backend: Backend, jobId: string): Promise<CopyJobView> {
  for (;;) {
    const job = (await call(backend, 'copies.list', {})).jobs.find((j) => j.jobId === jobId);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const request = (teamId: string, experimentKeys: string[], projectName: string) => ({ sourceProfileId: 'local', targetProfileId: teamId, workspaceName: 'admin', projectName, experimentKeys });

/** Experiments of a target project whose tags name `sourceKey` as their source. */
async function copiesOf(backend: Backend, teamId: string, projectName: string, sourceKey: string): Promise<string[]> {
  const { tags } = (await call(backend, 'api.call', { endpoint: 'listExperimentTags', profileId: teamId, query: { workspaceName: 'admin', projectName } })) as { tags: Record<string, string[]> };
  return Object.entries(tags).filter(([, list]) => list.some((tag) => tag.startsWith('copied-from:') && tag.endsWith(`/${sourceKey}`))).map(([key]) => key);
}

// Real services and whole experiments on 2 shared cores: each case gets two minutes.
describe('copying experiments to another connection', { timeout: 120_000 }, () => {
  it('copies every kind of item, links both sides, verifies, and a second copy finds the first instead of duplicating', async () => {
    const { backend, teamId } = await laptop();
    const progress: CopyJobView[] = [];
    backend.events.subscribe((name, payload) => name === 'copies.progress' && progress.push(payload as CopyJobView));
    const seeded = await seedExperiment(backend, files, { projectName: 'laptop', name: 'run-1' });
    expect(await call(backend, 'copies.plan', request(teamId, [seeded.experimentKey], 'shared'))).toMatchObject({ targetIsOurs: true });

    const started = await call(backend, 'copies.start', { ...request(teamId, [seeded.experimentKey], 'shared'), mode: 'copy' });
    const job = await settled(backend, started.jobId);
    expect(job).toMatchObject({ state: 'done', experiments: [{ state: 'done', problems: [], trashed: false }] });
    const copy = job.experiments[0]!;
    expect(copy.itemsDone).toBe(copy.itemsTotal);
    expect(progress.some((p) => p.experiments[0]!.itemsDone > 0 && p.experiments[0]!.itemsDone < p.experiments[0]!.itemsTotal)).toBe(true);

    const source = await readEverything(backend, 'local', seeded.experimentKey, files);
    const target = await readEverything(backend, teamId, copy.targetKey!, files);
    expect(target).toEqual(source);
    expect((source.assets as Record<string, { sha: string }>)['weights.bin']!.sha).toBe(seeded.assetSha['weights.bin']);
    const sourceTags = (await call(backend, 'api.call', { endpoint: 'getTags', profileId: 'local', query: { experimentKey: seeded.experimentKey } })) as { tags: string[] };
    expect(sourceTags.tags).toContain(`copied-to:${copy.targetLink}`);
    expect(copy.targetLink).toBe(`${team.url}/admin/shared/${copy.targetKey}`);

    const again = await settled(backend, (await call(backend, 'copies.start', { ...request(teamId, [seeded.experimentKey], 'shared'), mode: 'copy' })).jobId);
    expect(again.experiments[0]).toMatchObject({ state: 'done', targetKey: copy.targetKey });
    expect(await readEverything(backend, teamId, copy.targetKey!, files)).toEqual(source);
    expect(await copiesOf(backend, teamId, 'shared', seeded.experimentKey)).toEqual([copy.targetKey]);
  });

  it('resumes after the app restarts mid-copy, without duplicating anything', async () => {
    const first = await laptop();
    const seeded = await seedExperiment(first.backend, files, { projectName: 'laptop', name: 'long', metrics: 30, points: 3000 });
    const started = await call(first.backend, 'copies.start', { ...request(first.teamId, [seeded.experimentKey], 'resumed'), mode: 'copy' });
    await new Promise<void>((resolve) => {
      const stop = first.backend.events.subscribe((name, payload) => {
        const job = payload as CopyJobView;
        if (name !== 'copies.progress' || job.jobId !== started.jobId || job.experiments[0]!.itemsDone < 12) return;
        stop();
        resolve();
      });
    });
    await first.backend.close();
    const interrupted = (await call(first.backend, 'copies.list', {})).jobs[0]!;
    expect(interrupted).toMatchObject({ state: 'running' });
    expect(interrupted.experiments[0]!.itemsDone).toBeLessThan(interrupted.experiments[0]!.itemsTotal);

    const second = await laptop((first.backend as Backend & { userDataDir: string }).userDataDir);
    const job = await settled(second.backend, started.jobId);
    expect(job).toMatchObject({ state: 'done', experiments: [{ state: 'done', problems: [] }] });
    const targetKey = job.experiments[0]!.targetKey!;
    expect(await copiesOf(second.backend, second.teamId, 'resumed', seeded.experimentKey)).toEqual([targetKey]);
    expect(await readEverything(second.backend, second.teamId, targetKey, files)).toEqual(await readEverything(second.backend, 'local', seeded.experimentKey, files));
  });

  it('cancels a running copy, then resumes it to the same result', async () => {
    const { backend, teamId } = await laptop();
    const seeded = await seedExperiment(backend, files, { projectName: 'laptop', name: 'cancelled', metrics: 20, points: 2000 });
    const started = await call(backend, 'copies.start', { ...request(teamId, [seeded.experimentKey], 'cancelled'), mode: 'copy' });
    await call(backend, 'copies.cancel', { jobId: started.jobId });
    const stopped = await settled(backend, started.jobId);
    expect(stopped.state).toBe('cancelled');
    expect(stopped.message).toMatch(/resume/);
    expect(stopped.experiments[0]!.itemsDone).toBeLessThan(stopped.experiments[0]!.itemsTotal);

    await call(backend, 'copies.resume', { jobId: started.jobId });
    const job = await settled(backend, started.jobId);
    expect(job).toMatchObject({ state: 'done', experiments: [{ state: 'done', problems: [] }] });
    const targetKey = job.experiments[0]!.targetKey!;
    expect(await copiesOf(backend, teamId, 'cancelled', seeded.experimentKey)).toEqual([targetKey]);
    expect(await readEverything(backend, teamId, targetKey, files)).toEqual(await readEverything(backend, 'local', seeded.experimentKey, files));
  });

  it('moves: copies, verifies, then sends the sources to the trash', async () => {
    const { backend, teamId } = await laptop();
    const a = await seedExperiment(backend, files, { projectName: 'to-move', name: 'a' });
    const b = await seedExperiment(backend, files, { projectName: 'to-move', name: 'b' });
    const before = await readEverything(backend, 'local', a.experimentKey, files);
    const started = await call(backend, 'copies.start', { ...request(teamId, [a.experimentKey, b.experimentKey], 'moved'), mode: 'move' });
    const job = await settled(backend, started.jobId);
    expect(job).toMatchObject({ state: 'done', mode: 'move' });
    expect(job.experiments.map((e) => [e.state, e.trashed, e.problems])).toEqual([['done', true, []], ['done', true, []]]);
    const trash = (await call(backend, 'api.call', { endpoint: 'listTrashedExperiments', profileId: 'local', query: { workspaceName: 'admin' } })) as { experiments: { experimentKey: string }[] };
    expect(trash.experiments.map((e) => e.experimentKey)).toEqual(expect.arrayContaining([a.experimentKey, b.experimentKey]));
    expect(await readEverything(backend, teamId, job.experiments[0]!.targetKey!, files)).toEqual(before);
  });

  it("against a service without Trackdesk's extensions: says what is lost first, then copies through the v2 write API alone", async () => {
    const { backend, teamId } = await laptop();
    // The team's service as another vendor's would answer: none of the extension reads, none of the batch paths.
    const foreign = await startOlderService(team.url, ['/api/rest/v2/ext/account/me', '/api/rest/v2/ext/experiments/tags', '/clientlib/batch/logger/experiment/metric', '/clientlib/batch/logger/experiment/parameter']);
    try {
      const { profile } = await call(backend, 'profiles.create', { name: 'Vendor', baseUrl: foreign.url, apiKey: TEST_ADMIN_KEY });
      const seeded = await seedExperiment(backend, files, { projectName: 'laptop', name: 'to-vendor', metrics: 2, points: 150 });
      const plan = await call(backend, 'copies.plan', request(profile.id, [seeded.experimentKey], 'vendor'));
      expect(plan).toMatchObject({ targetIsOurs: false, losses: expect.arrayContaining([expect.stringMatching(/^Parameter contexts/)]) });
      const job = await settled(backend, (await call(backend, 'copies.start', { ...request(profile.id, [seeded.experimentKey], 'vendor'), mode: 'copy' })).jobId);
      expect(job).toMatchObject({ state: 'done', targetIsOurs: false, experiments: [{ state: 'done', problems: [] }] });
      expect(await readEverything(backend, teamId, job.experiments[0]!.targetKey!, files)).toEqual(await readEverything(backend, 'local', seeded.experimentKey, files));
    } finally {
      await foreign.close();
    }
  });

  it('refuses before copying anything where the key may not write: a viewer of the workspace, a read-only key', async () => {
    const { backend } = await laptop();
    const vic = (await issueApiKey({ ...team.storage, userName: 'vic' })).apiKey;
    expect((await team.call('addWorkspaceMember', { body: { workspaceName: 'admin', userName: 'vic', role: 'viewer' } })).status).toBe(200);
    const readOnly = (await team.call('createMyKey', { key: vic, body: { name: 'look only', readOnly: true } })).body.apiKey;
    const connection = async (name: string, apiKey: string) => (await call(backend, 'profiles.create', { name, baseUrl: team.url, apiKey })).profile.id;
    const seeded = await seedExperiment(backend, files, { projectName: 'laptop', name: 'not-copied', metrics: 1, points: 10 });
    const asViewer = { ...request(await connection('Team as viewer', vic), [seeded.experimentKey], 'viewed'), mode: 'copy' as const };
    for (const channel of ['copies.plan', 'copies.start'] as const) {
      await expect(call(backend, channel, asViewer)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/^You \(vic\) are a viewer of workspace "admin" on this connection.*ask one of its admins to make you a member/) });
    }
    // vic's own workspace takes the copy's plan.
    expect(await call(backend, 'copies.plan', { ...asViewer, workspaceName: 'vic' })).toMatchObject({ targetIsOurs: true });
    const lookOnly = { ...asViewer, targetProfileId: await connection('Team, read-only', readOnly), workspaceName: 'vic' };
    await expect(call(backend, 'copies.plan', lookOnly)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/read-only.*give it a key that may write/) });
    expect((await call(backend, 'copies.list', {})).jobs.filter((job) => job.experiments.some((e) => e.sourceKey === seeded.experimentKey))).toEqual([]);
    expect((await team.call('getProject', { query: { workspaceName: 'admin', projectName: 'viewed' } })).status).toBe(404);
  });

  it('refuses to copy onto the same connection, saying what to do', async () => {
    const { backend } = await laptop();
    await expect(call(backend, 'copies.plan', { sourceProfileId: 'local', targetProfileId: 'local', workspaceName: 'admin', projectName: 'x', experimentKeys: ['k'] })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/pick another one/),
    });
  });
});
