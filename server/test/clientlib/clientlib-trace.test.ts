import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRunBody, metricItem, sdkCall, sdkExperimentKey, sdkUpload, statusBody, uploadQuery } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SYS_METRICS = ['sys.cpu.percent.avg', 'sys.ram.total', 'sys.ram.used', 'sys.load.avg', 'sys.compute.overall'];

describe('the minimal trace of clients.md B.1, replayed as the Python SDK sends it', () => {
  it('starts the run, logs through batches and REST writes, and ends it; the v2 reads show all of it', async () => {
    const key = sdkExperimentKey();
    const call = (path: string, body?: unknown, gzip = false) => sdkCall(server.url, { path, body, gzip, experimentKey: key });
    const step = async (path: string, body?: unknown, gzip = false) => {
      const reply = await call(path, body, gzip);
      expect(reply.status, `${path}: ${JSON.stringify(reply.json)}`).toBe(200);
      return reply.json;
    };
    const param = (parameterName: string, parameterValue: unknown, source: string) => ({
      parameterName,
      parameterValue,
      step: null,
      source,
      context: null,
      timestamp: Date.now(),
    });

    expect((await step('/clientlib/isAlive/ver')).version).toMatch(/^\d+\.\d+\.\d+$/); // 1
    const run = await step('logger/add/run', addRunBody(key, 'proj', 'admin')); // 2
    const runId = String(run.runId);
    const projectId = String(run.project_id);
    await step('asset/3d-limits', { apiKey: TEST_ADMIN_KEY, experimentKey: key }); // 3
    await step('health/ping'); // 4
    await step('status-report/update', statusBody(key, runId, true, projectId)); // 5
    await step('/api/rest/v2/write/experiment/file-path', { experimentKey: key, filePath: '/home/u/train.py' }); // 6
    await step('/clientlib/rest/v2/write/experiment/system-details', { experimentKey: key, installedPackages: ['numpy==2.1.0'] }); // 7
    const upload = async (query: Record<string, unknown>, content: string, metadata?: string) => {
      const parts = [{ name: 'file', value: content, filename: 'file' }, ...(metadata ? [{ name: 'metadata', value: metadata, filename: 'metadata' }] : [])];
      const reply = await sdkUpload(server.url, { path: 'asset/upload', query: uploadQuery(key, { ...query, projectId, runId }), parts, experimentKey: key });
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    };
    const scriptId = sdkExperimentKey();
    await upload({ assetId: scriptId, fileName: '/home/u/train.py', extension: 'py', type: 'source_code', overwrite: 'False' }, 'print(1)\n', '{"source_code_type":"experiment_creation"}'); // 8
    await step('/clientlib/rest/v2/write/experiment/system-details', { experimentKey: key, osPackages: ['libc6=2.36'] }); // 9
    await step('notification/experiment', {
      api_key: TEST_ADMIN_KEY,
      title: 'admin Experiment summary',
      status: 'finished',
      experiment_key: key,
      experiment_name: null,
      experiment_link: `${run.focusUrl}${key}`,
      additional_data: {},
    }); // 10
    expect((await step(`/api/rest/v2/experiment/metadata?experimentKey=${key}`)).running).toBe(true); // 11
    const host = { command: ['train.py'], env: null, executable: '/usr/bin/python3', hostname: 'box', ip: '10.0.0.2', machine: 'x86_64' };
    const os = { os: 'Linux-6.1', osRelease: '6.1.0', osType: 'Linux', pid: 4242, processor: '', pythonVersion: '3.11.9' };
    await step('/clientlib/rest/v2/write/experiment/system-details', { experimentKey: key, ...host, ...os, pythonVersionVerbose: '3.11.9 (main)', user: 'u' }); // 12
    const line = (output: string, offset: number, stderr: boolean) => ({ stderr, output, localTimestamp: 123_456, offset });
    const output = (lines: unknown[]) => ({ experimentKey: key, runContext: null, outputLines: lines });
    await step('/clientlib/rest/v2/write/experiment/output', output([line('warning: slow\n', 2, true)]), true); // 13
    await step('batch/logger/experiment/parameter', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: [param('curr_step', 1, 'auto-logged')] }, true); // 14
    await step('batch/logger/experiment/metric', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: [metricItem('loss', 0.5, 1)] }, true); // 15
    const fileId = sdkExperimentKey();
    await upload({ assetId: fileId, fileName: 'file.txt', extension: 'txt', step: 1, overwrite: 'False' }, 'some text'); // 16
    await step('batch/logger/experiment/parameter', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: [param('lr', 0.01, 'manual')] }, true); // 17
    const usage = [metricItem('process duration', 1.7, null), ...SYS_METRICS.map((name, index) => metricItem(name, index * 10.5, null))];
    await step('batch/logger/experiment/metric', { apiKey: TEST_ADMIN_KEY, experimentKey: key, values: usage }, true); // 18
    await step('/clientlib/rest/v2/write/experiment/output', output([line('COMET INFO: summary\n', 3, false)]), true); // 19
    await step('status-report/update', statusBody(key, runId, false, projectId)); // 20

    const metadata = (await server.call('getExperimentMetadata', { query: { experimentKey: key } })).body;
    expect(metadata).toMatchObject({ running: false, projectName: 'proj', projectId, filePath: '/home/u/train.py', fileName: 'train.py' });
    const metrics = (await server.call('getMetricSummaries', { query: { experimentKey: key } })).body.values;
    expect(metrics.map((metric) => metric.name).sort()).toEqual(['loss', 'process duration', ...SYS_METRICS].sort());
    expect(metrics.find((metric) => metric.name === 'loss')).toMatchObject({ valueCurrent: '0.5', stepCurrent: 1 });
    const params = (await server.call('getParameters', { query: { experimentKey: key } })).body.values;
    expect(Object.fromEntries(params.map((item) => [item.name, item.valueCurrent]))).toEqual({ curr_step: '1', lr: '0.01' });
    const text = (await server.call('getOutput', { query: { experimentKey: key } })).body;
    expect(text).toMatchObject({ output: 'warning: slow\nCOMET INFO: summary\n' });
    const assets = (await server.call('listAssets', { query: { experimentKey: key } })).body.assets;
    expect(assets.map((asset) => [asset.assetId, asset.fileName, asset.type, asset.step])).toEqual([
      [scriptId, '/home/u/train.py', 'source_code', null],
      [fileId, 'file.txt', 'asset', 1],
    ]);
    const system = (await server.call('getSystemDetails', { query: { experimentKey: key } })).body;
    expect(system).toMatchObject({ hostname: 'box', pid: 4242, installedPackages: ['numpy==2.1.0'], osPackages: ['libc6=2.36'] });
  });
});
