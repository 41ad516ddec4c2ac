import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { fileForm, newExperiment } from '../registry/registry-fixtures.ts';
import { pythonHeaders, rest } from '../support/sdk-requests.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A multipart POST as the Python SDK sends it. */
const post = (path: string, form: FormData) => server.fetch(path, { method: 'POST', headers: pythonHeaders(server.adminKey), body: form });
/** The experiment's assets as [fileName, the content type its download is sent with, canView]. */
const listed = async (experimentKey: string) => {
  const { assets } = (await server.call('listAssets', { query: { experimentKey } })).body;
  return Promise.all(
    assets.map(async (asset) => {
      const download = await server.call('downloadAsset', { query: { experimentKey, assetId: asset.assetId } });
      return [asset.fileName, download.headers.get('content-type'), asset.canView];
    }),
  );
};

describe('a name the client gives is kept exactly; only a generated name gets the extension (issue 33)', () => {
  it('REST upload-asset (APIExperiment.log_image, log_asset): fileName and the part name kept, the extension gives the type', async () => {
    const experimentKey = await newExperiment(server, 'names');
    const upload = (query: string, partName: string) => post(rest(`write/experiment/upload-asset?experimentKey=${experimentKey}&${query}`), fileForm('bytes', partName));
    expect((await upload('type=image&extension=.png&fileName=confusion-matrix', '/home/ada/cm.png')).status).toBe(200);
    expect((await upload('type=image&extension=.png', '/home/ada/plots/roc')).status).toBe(200);
    expect((await upload('extension=txt&fileName=notes', 'file')).status).toBe(200);
    expect(await listed(experimentKey)).toEqual([
      ['confusion-matrix', 'image/png', true],
      ['roc', 'image/png', true],
      ['notes', 'text/plain', true],
    ]);
  });

  it('clientlib visualizations/upload (Experiment.log_image): figName kept; an unnamed figure is figure_<counter>.<extension>', async () => {
    const experimentKey = await newExperiment(server, 'names');
    const upload = (query: string) => post(`/clientlib/visualizations/upload?experimentId=${experimentKey}&${query}`, fileForm('PNG', 'file'));
    expect((await upload('figName=confusion-matrix&figCounter=1&extension=png')).status).toBe(200);
    expect((await upload('figCounter=2&extension=svg')).status).toBe(200);
    expect(await listed(experimentKey)).toEqual([
      ['confusion-matrix', 'image/png', true],
      ['figure_2.svg', 'image/svg+xml', true],
    ]);
  });

  it('clientlib asset/upload (Experiment.log_asset): fileName kept; an unnamed asset is asset.<extension>', async () => {
    const experimentKey = await newExperiment(server, 'names');
    const upload = (query: string) => post(`/clientlib/asset/upload?experimentId=${experimentKey}&overwrite=False&${query}`, fileForm('a,b', 'file'));
    expect((await upload('fileName=table&extension=csv')).status).toBe(200);
    expect((await upload('extension=csv')).status).toBe(200);
    expect(await listed(experimentKey)).toEqual([
      ['table', 'text/csv', true],
      ['asset.csv', 'text/csv', true],
    ]);
  });
});
