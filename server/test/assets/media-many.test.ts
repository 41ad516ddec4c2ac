import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { replaySdkMedia } from '../support/sdk-media-replay.ts';
import { testBackends } from '../support/test-database.ts';

describe.each(testBackends())("ext.mediaMany: one kind of media of many runs in one request, on %s", (backend) => {
  let server: TestServer;
  /** Every image step, the first two image steps and a curve, a confusion matrix only. */
  let keys: { all: string; early: string; matrix: string };
  beforeAll(async () => {
    server = await startTestServer({ backend });
    const target = { url: server.url };
    keys = {
      all: await replaySdkMedia(target, 'media-many'),
      early: await replaySdkMedia(target, 'media-many', (asset) => (asset.type === 'image' && (asset.step ?? 0) <= 1) || asset.type === 'curve'),
      matrix: await replaySdkMedia(target, 'media-many', (asset) => asset.type === 'confusion-matrix'),
    };
  }, 60_000);
  afterAll(() => server.close());

  const many = (body: Record<string, unknown>) => server.call('getMediaMany', { body: { experimentKeys: [keys.all, keys.early, keys.matrix], ...body } as never });

  it('names what the runs logged of a kind, with how many runs logged each, and no items without a name', async () => {
    const images = await many({ type: 'image' });
    expect(images.status, images.body.msg).toBe(200);
    expect(images.body).toEqual({ type: 'image', names: [{ name: 'sample', runs: 2 }], runs: [], missing: [], truncated: false });
    const histograms = await many({ type: 'histogram_combined_3d' });
    expect(histograms.body.type).toBe('histogram3d');
    expect(histograms.body.names).toEqual([{ name: 'weights', runs: 1 }]);
    expect((await many({ type: 'video' })).body.names).toEqual([{ name: 'clip.mp4', runs: 1 }]);
    expect((await many({ type: 'no-such-type' })).body).toEqual({ type: 'no-such-type', names: [], runs: [], missing: [], truncated: false });
  });

  it("answers each run's assets of one name by step, as its asset list has them, and lists the runs without it apart", async () => {
    const reply = await many({ type: 'image', name: 'sample', experimentKeys: [keys.early, keys.all, keys.matrix, 'no-such-run-key-000000000000000'] });
    expect(reply.status, reply.body.msg).toBe(200);
    expect(reply.body.runs.map((run) => [run.experimentKey, run.items.map((item) => item.step)])).toEqual([
      [keys.early, [0, 1]],
      [keys.all, [0, 1, 2]],
    ]);
    expect(reply.body.missing).toEqual([keys.matrix, 'no-such-run-key-000000000000000']);
    const listed = (await server.call('listAssets', { query: { experimentKey: keys.all, type: 'image' } })).body.assets;
    const all = reply.body.runs[1]!.items;
    expect(all.map((item) => item.assetId).sort()).toEqual(listed.map((asset) => asset.assetId).sort());
    for (const item of all) expect(listed.find((asset) => asset.assetId === item.assetId)?.step).toBe(item.step);
  });

  it('refuses more runs than its bound, or no run', async () => {
    const tooMany = await many({ type: 'image', experimentKeys: Array.from({ length: 1_001 }, (_, at) => `key-${at}`) });
    expect(tooMany.status).toBe(400);
    expect((await many({ type: 'image', experimentKeys: [] })).status).toBe(400);
  });
});
