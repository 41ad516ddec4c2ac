import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkError } from '../../../shared/api/index.ts';
import { sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { buildOfflineArchive, replayOfflineArchive, ReplayFailed, type OfflineArchive, type OfflineMessage } from './offline-archive.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const START = 1_700_000_000_000;
const STOP = START + 3_600_000;
const LOSS_POINTS = 2500;

/** An archive of a run logged offline an hour long: metrics, parameters, others, output, system and git details, uploads, a registered model. */
function archiveOf(key: string, resume: OfflineArchive['experiment']['resume_strategy'] = 'create'): OfflineArchive {
  const metric = (metricName: string, step: number, metricValue: number): OfflineMessage => ({
    type: 'metric_msg',
    payload: { metricName, metricValue, step, epoch: null, context: null, timestamp: START + step * 1000 },
  });
  const upload = (file_path: string, upload_type: string, query: Record<string, unknown>, metadata: Record<string, unknown> | null = null): OfflineMessage => ({
    type: 'upload_file_msg',
    payload: { file_path, upload_type, query, metadata },
  });
  return {
    experiment: {
      offline_id: key,
      project_name: 'offline',
      workspace: 'admin',
      start_time: START,
      stop_time: STOP,
      tags: ['offline', 'cpu'],
      resume_strategy: resume,
      comet_start_sourced: false,
      user_provided_experiment_key: false,
      customer_error_reported: false,
      customer_error_message: null,
    },
    messages: [
      { type: 'log_other_msg', payload: { key: 'Name', value: 'offline-run' } },
      { type: 'log_other_msg', payload: { key: 'dataset', value: 'mnist' } },
      { type: 'parameter_msg', payload: { parameterName: 'lr', parameterValue: 0.01, step: null, source: 'manual', context: null, timestamp: START + 5 } },
      { type: 'parameter_msg', payload: { parameterName: 'curr_step', parameterValue: 2499, step: null, source: 'auto-logged', context: null, timestamp: STOP - 5 } },
      ...Array.from({ length: LOSS_POINTS }, (_, step) => metric('loss', step, 1 / (step + 1))),
      ...Array.from({ length: 20 }, (_, step) => metric('acc', step * 100, step / 20)),
      { type: 'html_msg', payload: { html: '<b>report</b>', override: false, timestamp: START + 10 } },
      { type: 'standard_output_msg', payload: { output: 'epoch 1\n', stderr: false, offset: 2 } },
      { type: 'standard_output_msg', payload: { output: 'warning\n', stderr: true, offset: 3 } },
      { type: 'standard_output_msg', payload: { output: 'done\n', stderr: false, offset: 5 } },
      { type: 'system_details_msg', payload: { hostname: 'offline-box', pid: 77, installedPackages: ['torch==2.5.0'] } },
      { type: 'git_metadata_msg', payload: { user: 'u', root: '/src', branch: 'main', parent: 'abc123', origin: null } },
      upload('f0', 'asset', { assetId: 'a0'.repeat(16), fileName: 'data.txt', extension: 'txt', overwrite: 'False', step: 3 }),
      upload('f1', 'visualization', { imageId: 'a1'.repeat(16), figName: 'plot', figCounter: 1, extension: 'png', overwrite: 'False' }),
      upload('f2', 'asset', { assetId: 'a2'.repeat(16), fileName: 'model.pkl', extension: 'pkl', type: 'model-element', groupingName: 'net', overwrite: 'False' }),
      upload('f3', 'asset', { assetId: 'a3'.repeat(16), fileName: 'auto-generated-in-the-backend', type: 'text-sample', overwrite: 'False' }, { lang: 'en' }),
      { type: 'register_model_msg', payload: { experimentModelName: 'net', registryModelName: `offline-net-${key.slice(0, 6)}`, version: '1.0.0', tags: ['fresh'] } },
    ],
    files: { f0: Buffer.from('raw data'), f1: Buffer.from('PNG bytes'), f2: Buffer.from('pickled'), f3: Buffer.from('a text sample') },
  };
}

describe('offline archive replay (comet upload, clients.md B.10)', () => {
  it('replays the recorded sequence and every item is readable, with the archive start and stop times', async () => {
    const key = sdkExperimentKey();
    const calls = await replayOfflineArchive(server.url, await buildOfflineArchive(archiveOf(key)), TEST_ADMIN_KEY);
    expect(calls.filter((call) => call.status !== 200), JSON.stringify(calls.filter((call) => call.status !== 200))).toEqual([]);
    expect(calls.slice(0, 4).map((call) => call.step)).toEqual(['logger/add/run', 'tags', 'isAlive/ver', 'status-report/update']);
    expect(calls.slice(-3).map((call) => call.step)).toEqual(['status-report/update', 'offline-metadata', 'registry create']);
    expect(calls.filter((call) => call.step === 'metric batch')).toHaveLength(3);

    const query = { query: { experimentKey: key } };
    const metadata = (await server.call('getExperimentMetadata', query)).body;
    expect(metadata).toMatchObject({ startTimeMillis: START, endTimeMillis: STOP, running: false, projectName: 'offline', experimentName: 'offline-run' });
    const loss = (await server.call('getMetric', { query: { experimentKey: key, metricName: 'loss' } })).body.metrics;
    expect(loss).toHaveLength(LOSS_POINTS);
    expect(loss[0]).toMatchObject({ metricValue: '1', step: 0, timestamp: START });
    expect(loss.at(-1)).toMatchObject({ step: LOSS_POINTS - 1, timestamp: START + (LOSS_POINTS - 1) * 1000 });
    expect((await server.call('getMetric', { query: { experimentKey: key, metricName: 'acc' } })).body.metrics).toHaveLength(20);
    const params = (await server.call('getParameters', query)).body.values;
    expect(Object.fromEntries(params.map((item) => [item.name, item.valueCurrent]))).toEqual({ lr: '0.01', curr_step: '2499' });
    expect((await server.call('getTags', query)).body.tags).toEqual(['offline', 'cpu']);
    const others = (await server.call('getOthers', query)).body.values;
    expect(Object.fromEntries(others.map((item) => [item.name, item.valueCurrent]))).toMatchObject({ dataset: 'mnist', offline_experiment: 'true' });
    expect((await server.call('getHtml', query)).body.html).toBe('<b>report</b>');
    expect((await server.call('getOutput', query)).body.output).toBe('epoch 1\nwarning\ndone\n');
    expect((await server.call('getSystemDetails', query)).body).toMatchObject({ hostname: 'offline-box', pid: 77, installedPackages: ['torch==2.5.0'] });
    expect((await server.call('getGitMetadata', query)).body).toMatchObject({ branch: 'main', parent: 'abc123' });

    const assets = (await server.call('listAssets', query)).body.assets;
    expect(assets.map((asset) => [asset.assetId, asset.fileName, asset.type]).sort()).toEqual([
      ['a0'.repeat(16), 'data.txt', 'asset'],
      ['a1'.repeat(16), 'plot', 'image'],
      ['a2'.repeat(16), 'model.pkl', 'model-element'],
      ['a3'.repeat(16), 'text-sample.txt', 'text-sample'],
    ]);
    const file = await server.call('downloadAsset', { query: { experimentKey: key, assetId: 'a0'.repeat(16) } });
    expect(file.bytes.toString()).toBe('raw data');
    const items = (await server.call('listRegistryModelItems', { query: { workspaceName: 'admin', modelName: `offline-net-${key.slice(0, 6)}` } })).body.items;
    expect(items).toMatchObject([{ version: '1.0.0' }]);
  });

  it('refuses to upload the same archive twice with create (90999, "already uploaded"), and resumes it with get', async () => {
    const key = sdkExperimentKey();
    const zip = await buildOfflineArchive(archiveOf(key));
    await replayOfflineArchive(server.url, zip, TEST_ADMIN_KEY);
    const again = await replayOfflineArchive(server.url, zip, TEST_ADMIN_KEY).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ReplayFailed);
    expect((again as ReplayFailed).call).toMatchObject({ step: 'logger/add/run', status: 400, json: { sdk_error_code: SdkError.experimentExists } });

    const resumed = archiveOf(key, 'get');
    resumed.messages = [{ type: 'log_other_msg', payload: { key: 'resumed', value: 'yes' } }];
    const calls = await replayOfflineArchive(server.url, await buildOfflineArchive(resumed), TEST_ADMIN_KEY);
    expect(calls[0]).toMatchObject({ step: 'logger/get/run', status: 200 });
    const metadata = (await server.call('getExperimentMetadata', { query: { experimentKey: key } })).body;
    expect(metadata).toMatchObject({ startTimeMillis: START, endTimeMillis: STOP, running: false });
  });
});
