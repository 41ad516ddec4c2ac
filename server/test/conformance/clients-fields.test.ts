import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { newExperiment, WORKSPACE } from '../registry/registry-fixtures.ts';
import { cometrHeaders, rest, sdkSend } from '../support/sdk-requests.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SYSTEM_KEYS = [
  'experimentKey', 'user', 'pythonVersion', 'pythonVersionVerbose', 'pid', 'osType', 'os', 'osRelease', 'machine', 'processor', 'ip', 'hostname',
  'executable', 'command', 'env', 'gpuStaticInfoList', 'logAdditionalSystemInfoList', 'systemMetricNames', 'maxTotalMemory', 'totalRam',
  'networkInterfaceIps', 'osPackages', 'installedPackages',
];
const systemDetails = async (experimentKey: string) => (await sdkSend(server, 'GET', rest(`experiment/system-details?experimentKey=${experimentKey}`))).json;
const CLIENTLIB_SYSTEM_DETAILS = '/clientlib/rest/v2/write/experiment/system-details';

describe('A.6 system details', () => {
  it('the read always has every key the SDK reads with [] (null or [] when unknown)', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    const details = await systemDetails(experimentKey);
    expect(SYSTEM_KEYS.filter((key) => !(key in details))).toEqual([]);
    expect(details).toMatchObject({ osRelease: null, machine: null, processor: null, env: null, gpuStaticInfoList: [], installedPackages: [] });
  });

  it('takes the live SDK\'s separate partial bodies (gzip-free, clientlib base): absent fields stay, info items merge by key, snake_case GPUs', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    const post = (body: Record<string, unknown>) => sdkSend(server, 'POST', CLIENTLIB_SYSTEM_DETAILS, { experimentKey, ...body });
    expect((await post({ installedPackages: ['numpy==1.26.4'] })).status).toBe(200);
    expect((await post({ osPackages: ['libc6=2.36'] })).status).toBe(200);
    const host = {
      command: ['train.py', '--lr', '0.1'], env: null, executable: '/usr/bin/python3', hostname: 'gpu-box', ip: '10.0.0.5', machine: 'x86_64',
      os: 'Linux-6.1.0-x86_64', osRelease: '6.1.0-18-amd64', osType: 'Linux', pid: 4242, processor: 'x86_64', pythonVersion: '3.11.9',
      pythonVersionVerbose: '3.11.9 (main)', user: 'ada',
    };
    expect((await post(host)).status).toBe(200);
    const gpus = { gpuStaticInfoList: [{ gpu_index: 0, name: 'A100', uuid: 'GPU-1', power_limit: 400000, total_memory: 85899345920 }, { gpu_index: 1, name: 'A100', uuid: 'GPU-2', power_limit: 400000 }] };
    expect((await post(gpus)).status).toBe(200);
    expect((await post({ logAdditionalSystemInfoList: [{ key: 'cluster', value: 'north' }] })).status).toBe(200);
    expect((await post({ logAdditionalSystemInfoList: [{ key: 'rack', value: 7 }] })).status).toBe(200);
    expect((await post({ logAdditionalSystemInfoList: [{ key: 'cluster', value: 'south' }] })).status).toBe(200);

    const details = await systemDetails(experimentKey);
    expect(details).toMatchObject({ ...host, installedPackages: ['numpy==1.26.4'], osPackages: ['libc6=2.36'], maxTotalMemory: 85899345920 });
    expect(details.gpuStaticInfoList).toEqual([
      { gpuIndex: 0, name: 'A100', uuid: 'GPU-1', powerLimit: 400000, totalMemory: 85899345920 },
      { gpuIndex: 1, name: 'A100', uuid: 'GPU-2', powerLimit: 400000, totalMemory: null },
    ]);
    expect(details.logAdditionalSystemInfoList).toEqual([{ key: 'cluster', value: 'south' }, { key: 'rack', value: 7 }]);
    expect(details.systemMetricNames).toEqual([]);
    for (const metricName of ['sys.cpu.percent.avg', 'loss', 'sys.gpu.0.gpu_utilization']) {
      await server.call('logMetric', { body: { experimentKey, metricName, metricValue: 1 } });
    }
    expect((await systemDetails(experimentKey)).systemMetricNames).toEqual(['sys.cpu.percent.avg', 'sys.gpu.0.gpu_utilization']);
    expect(SYSTEM_KEYS.filter((key) => !(key in details))).toEqual([]);
  });

  it("takes cometr's single REST body (packages as name@version) and camelCase GPUs, and stores env objects", async () => {
    const experimentKey = await newExperiment(server, 'fields');
    const reply = await server.fetch(rest('write/experiment/system-details'), {
      method: 'POST',
      headers: { ...cometrHeaders(server.adminKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        experimentKey, user: 'r-user', pythonVersion: null, installedPackages: ['cometr@0.4.0'], env: { LANG: 'C' },
        gpuStaticInfoList: [{ gpuIndex: 0, name: 'T4', uuid: 'GPU-9', totalMemory: 16, powerLimit: null }],
      }),
    });
    expect(reply.status).toBe(200);
    expect(await systemDetails(experimentKey)).toMatchObject({ user: 'r-user', installedPackages: ['cometr@0.4.0'], env: { LANG: 'C' }, gpuStaticInfoList: [{ gpuIndex: 0, totalMemory: 16 }] });
  });
});

describe('A.6 bodies as the clients send them', () => {
  it('E33 git metadata with origin null (Python) or keys left out (cometr)', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    const python = { experimentKey, user: 'ada', root: '/src', branch: 'main', parent: 'abc123', origin: null };
    expect((await sdkSend(server, 'POST', rest('write/experiment/git/metadata'), python)).status).toBe(200);
    expect((await server.call('getGitMetadata', { query: { experimentKey } })).body).toEqual({ user: 'ada', root: '/src', branch: 'main', parent: 'abc123', origin: null });
    const cometr = await server.fetch(rest('write/experiment/git/metadata'), {
      method: 'POST',
      headers: { ...cometrHeaders(server.adminKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ experimentKey, branch: 'dev' }),
    });
    expect(cometr.status).toBe(200);
    expect((await server.call('getGitMetadata', { query: { experimentKey } })).body).toEqual({ user: null, root: null, branch: 'dev', parent: null, origin: null });
  });

  it('E34 output: cometr lines {offset, output} with key context; the Python SDK\'s gzip body with runContext on the clientlib base', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    const cometr = await server.fetch(rest('write/experiment/output'), {
      method: 'POST',
      headers: { ...cometrHeaders(server.adminKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ experimentKey, context: 'r', outputLines: [{ offset: 2, output: 'second\n' }, { offset: 1, output: 'first\n' }] }),
    });
    expect(cometr.status).toBe(200);
    const lines = [{ stderr: true, output: 'warning\n', localTimestamp: 123456, offset: 3 }];
    const python = await sdkSend(server, 'POST', '/clientlib/rest/v2/write/experiment/output', { experimentKey, runContext: null, outputLines: lines }, { gzip: true });
    expect(python.status).toBe(200);
    expect((await server.call('getOutput', { query: { experimentKey } })).body.output).toBe('first\nsecond\nwarning\n');
    expect((await server.call('getOutput', { query: { experimentKey, stderr: false } })).body.output).toBe('first\nsecond\n');
    const pythonStderr = await sdkSend(server, 'GET', rest(`experiment/output?experimentKey=${experimentKey}&stderr=True`));
    expect(pythonStderr.json.output).toBe('warning\n');
  });

  it('E27 key Name (set_name) renames the experiment', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    expect((await sdkSend(server, 'POST', rest('write/experiment/log-other'), { experimentKey, key: 'Name', value: 'baseline' })).status).toBe(200);
    expect((await server.call('getExperimentMetadata', { query: { experimentKey } })).body.experimentName).toBe('baseline');
  });

  it('E6 with experimentKey, E12 with {projectId, deleteAllExperiments}', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'linked', projectDescription: '', isPublic: false } });
    const symlink = await sdkSend(server, 'GET', rest(`write/project/symlink?experimentKey=${experimentKey}&projectName=linked`));
    expect(symlink.status).toBe(200);
    const listed = await server.call('listExperiments', { query: { workspaceName: WORKSPACE, projectName: 'linked' } });
    expect(listed.body.experiments.map((experiment) => experiment.experimentKey)).toEqual([experimentKey]);

    await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'doomed', projectDescription: '', isPublic: false } });
    const doomed = await server.call('getProject', { query: { workspaceName: WORKSPACE, projectName: 'doomed' } });
    const deleted = await sdkSend(server, 'POST', rest('write/project/delete'), { projectId: doomed.body.projectId, deleteAllExperiments: true });
    expect(deleted).toMatchObject({ status: 200, json: { msg: 'Deleted' } });
    expect((await server.call('getProject', { query: { workspaceName: WORKSPACE, projectName: 'doomed' } })).status).toBe(404);
    expect((await sdkSend(server, 'POST', rest('write/project/delete'), { deleteAllExperiments: true })).status).toBe(400);
  });

  it('experiments/multi-metric-chart answers {experiments: {<key>: {experiment_key, steps, epochs, metrics, params}}, empty}', async () => {
    const experimentKey = await newExperiment(server, 'fields');
    for (const [step, epoch] of [[1, 0], [2, 0], [3, 1]] as const) await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: step, step, epoch } });
    await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 0.1 } });
    const reply = await sdkSend(server, 'POST', rest('experiments/multi-metric-chart'), { targetedExperiments: [experimentKey], metrics: ['loss'], params: ['lr'], fetchFull: true });
    expect(reply.status).toBe(200);
    const experiments = reply.json.experiments as Record<string, Record<string, unknown>>;
    expect(experiments[experimentKey]).toMatchObject({ experiment_key: experimentKey, steps: [1, 2, 3], epochs: [0, 1], params: { lr: '0.1' } });
    expect((experiments[experimentKey]?.metrics as { metricName: string; steps: number[] }[])[0]).toMatchObject({ metricName: 'loss', steps: [1, 2, 3] });
    expect(reply.json.empty).toBe(false);
  });
});
