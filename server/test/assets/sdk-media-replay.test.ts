import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { replaySdkMedia, sdkMediaAssets, sdkMediaBytes } from '../support/sdk-media-replay.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("the real SDK's media run, replayed through /clientlib as comet_ml sends it", () => {
  it('is listed as the hosted service listed it: every type, name, step, size and metadata', async () => {
    const experimentKey = await replaySdkMedia({ url: server.url }, 'media-replay');
    const listed = (await server.call('listAssets', { query: { experimentKey } })).body.assets;
    const shape = (asset: { type: string; fileName: string; step?: number | null; fileSize: number; metadata?: string | null; image?: boolean; histogram?: boolean }) =>
      `${asset.type} ${asset.fileName} step=${asset.step ?? null} size=${asset.fileSize} image=${asset.image} histogram=${asset.histogram} metadata=${asset.metadata ?? null}`;
    const expected = (await sdkMediaAssets()).filter((asset) => asset.type !== 'source_code');
    expect(listed.map(shape).sort()).toEqual(expected.map((asset) => shape({ ...asset, image: asset.type === 'image', histogram: asset.type === 'histogram3d' })).sort());
  });

  it('serves back the bytes the SDK sent', async () => {
    const experimentKey = await replaySdkMedia({ url: server.url }, 'media-bytes', (asset) => asset.type === 'confusion-matrix');
    const [matrix] = (await server.call('listAssets', { query: { experimentKey } })).body.assets;
    const reply = await fetch(`${server.url}/api/rest/v2/experiment/asset/get-asset?experimentKey=${experimentKey}&assetId=${matrix!.assetId}`, { headers: { Authorization: server.adminKey } });
    const expected = (await sdkMediaAssets()).find((asset) => asset.type === 'confusion-matrix')!;
    expect(Buffer.from(await reply.arrayBuffer())).toEqual(await sdkMediaBytes(expected));
  });
});
