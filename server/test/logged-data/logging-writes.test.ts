import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A new experiment in the admin's workspace. */
async function newExperiment(): Promise<string> {
  const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'logging' } });
  expect(created.status).toBe(200);
  return created.body.experimentKey;
}

const saved = { msg: 'Saved', code: 200, sdk_error_code: 0 };

describe('logging values (E27–E29)', () => {
  it('E27 keeps others as summaries, and key `name` renames the experiment', async () => {
    const experimentKey = await newExperiment();
    const logged = await server.call('logOther', { body: { experimentKey, key: 'dataset', value: 'mnist', timestamp: 1000 } });
    expect(logged.status).toBe(200);
    expect(logged.headers.get('content-type')).toBe('application/json');
    expect(logged.body).toMatchObject(saved);
    await server.call('logOther', { body: { experimentKey, key: 'dataset', value: 'cifar', timestamp: 2000 } });
    await server.call('logOther', { body: { experimentKey, key: 'name', value: 'run 7' } });
    const others = await server.call('getOthers', { query: { experimentKey } });
    expect(others.body.values.map((item) => item.name)).toEqual(['dataset', 'name']);
    expect(others.body.values[0]).toMatchObject({ valueCurrent: 'cifar', timestampCurrent: 2000, runContextCurrent: null, editable: false });
    expect(others.body.values[0]).not.toHaveProperty('stepCurrent');
    const metadata = await server.call('getExperimentMetadata', { query: { experimentKey } });
    expect(metadata.body.experimentName).toBe('run 7');
  });

  it('E28 keeps parameters as summaries with their steps', async () => {
    const experimentKey = await newExperiment();
    await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 0.1, step: 0, timestamp: 10 } });
    const second = await server.call('logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: 0.01, step: 5, timestamp: 20 } });
    expect(second.body).toMatchObject(saved);
    await server.call('logParameter', { body: { experimentKey, parameterName: 'optimizer', parameterValue: 'adam' } });
    const parameters = await server.call('getParameters', { query: { experimentKey } });
    expect(parameters.body.values).toHaveLength(2);
    expect(parameters.body.values[0]).toMatchObject({
      name: 'lr',
      valueCurrent: '0.01',
      valueMax: '0.1',
      valueMin: '0.01',
      stepCurrent: 5,
      stepMax: 0,
      timestampMax: 10,
    });
    expect(parameters.body.values[1]).toMatchObject({ name: 'optimizer', valueCurrent: 'adam', stepCurrent: null });
    expect((await server.call('getMetricSummaries', { query: { experimentKey } })).body.values).toEqual([]);
  });

  it('E29 keeps the full series and min/max/current with steps, timestamps and contexts', async () => {
    const experimentKey = await newExperiment();
    const points = [
      { metricValue: 0.9, step: 0, epoch: 0, timestamp: 100, context: 'train' },
      { metricValue: 0.4, step: 1, epoch: 0, timestamp: 200, context: 'train' },
      { metricValue: '0.6', step: 2, epoch: 1, timestamp: 300, context: 'validate' },
    ];
    for (const point of points) {
      const reply = await server.call('logMetric', { body: { experimentKey, metricName: 'loss', ...point } });
      expect(reply.body).toMatchObject(saved);
    }
    await server.call('logMetric', { body: { experimentKey, metricName: 'flag', metricValue: true, step: null, epoch: null, timestamp: null, context: null } });
    const summaries = await server.call('getMetricSummaries', { query: { experimentKey } });
    expect(summaries.body.values.map((item) => item.name)).toEqual(['flag', 'loss']);
    expect(summaries.body.values[1]).toEqual({
      name: 'loss',
      valueMax: '0.9',
      valueMin: '0.4',
      valueCurrent: '0.6',
      timestampMax: 100,
      timestampMin: 200,
      timestampCurrent: 300,
      stepMax: 0,
      stepMin: 1,
      stepCurrent: 2,
      runContextMax: 'train',
      runContextMin: 'train',
      runContextCurrent: 'validate',
      editable: false,
    });
    expect(summaries.body.values[0]).toMatchObject({ valueCurrent: 'true', stepCurrent: null });
    const series = await server.call('getMetric', { query: { experimentKey, metricName: 'loss' } });
    expect(series.body.metrics).toEqual([
      { metricName: 'loss', metricValue: '0.9', timestamp: 100, step: 0, epoch: 0, runContext: 'train' },
      { metricName: 'loss', metricValue: '0.4', timestamp: 200, step: 1, epoch: 0, runContext: 'train' },
      { metricName: 'loss', metricValue: '0.6', timestamp: 300, step: 2, epoch: 1, runContext: 'validate' },
    ]);
    expect((await server.call('getMetric', { query: { experimentKey, metricName: 'unknown' } })).body.metrics).toEqual([]);
  });

  it('E29 stamps values without a timestamp with the time they arrived', async () => {
    const experimentKey = await newExperiment();
    const before = Date.now();
    await server.call('logMetric', { body: { experimentKey, metricName: 'acc', metricValue: 1 } });
    const [point] = (await server.call('getMetric', { query: { experimentKey, metricName: 'acc' } })).body.metrics;
    expect(point?.timestamp).toBeGreaterThanOrEqual(before);
    expect(point?.timestamp).toBeLessThanOrEqual(Date.now());
  });
});

describe('logging documents (E30, E32–E39, E55)', () => {
  it('E30 appends HTML by default and replaces it with override=true', async () => {
    const experimentKey = await newExperiment();
    await server.call('logHtml', { body: { experimentKey, html: '<p>a</p>' } });
    await server.call('logHtml', { body: { experimentKey, html: '<p>b</p>', override: false } });
    expect((await server.call('getHtml', { query: { experimentKey } })).body).toEqual({ html: '<p>a</p><p>b</p>' });
    const replaced = await server.call('logHtml', { body: { experimentKey, html: '<h1>new</h1>', override: true } });
    expect(replaced.body).toMatchObject(saved);
    expect((await server.call('getHtml', { query: { experimentKey } })).body).toEqual({ html: '<h1>new</h1>' });
  });

  it('E32 sets some or all system details, at both bases', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('getSystemDetails', { query: { experimentKey } })).body).toMatchObject({ experimentKey, user: null, command: [] });
    const first = await server.call('setSystemDetails', {
      body: {
        experimentKey,
        user: 'ada',
        pid: 4242,
        hostname: 'box',
        command: ['train.py', '--lr', '0.1'],
        gpuStaticInfoList: [{ gpuIndex: 0, name: 'A100', uuid: 'GPU-1', totalMemory: 80, powerLimit: null }],
        logAdditionalSystemInfoList: [{ key: 'cuda', value: '12.4' }],
        installedPackages: ['numpy==2.0'],
      },
    });
    expect(first.body).toMatchObject(saved);
    const alias = await server.fetch('/clientlib/rest/v2/write/experiment/system-details', {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ experimentKey, os: 'Linux', hostname: 'box2', user: null }),
    });
    expect(alias.status).toBe(200);
    const details = (await server.call('getSystemDetails', { query: { experimentKey } })).body;
    expect(details).toMatchObject({
      user: 'ada',
      pid: 4242,
      hostname: 'box2',
      os: 'Linux',
      command: ['train.py', '--lr', '0.1'],
      gpuStaticInfoList: [{ gpuIndex: 0, name: 'A100', uuid: 'GPU-1', totalMemory: 80, powerLimit: null }],
      logAdditionalSystemInfoList: [{ key: 'cuda', value: '12.4' }],
      installedPackages: ['numpy==2.0'],
      maxTotalMemory: 80,
      pythonVersion: null,
    });
  });

  it('E33 sets the git metadata', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('getGitMetadata', { query: { experimentKey } })).body).toEqual({ user: null, root: null, branch: null, parent: null, origin: null });
    const git = { user: 'ada', root: '/src', branch: 'main', parent: 'abc123', origin: null };
    expect((await server.call('setGitMetadata', { body: { experimentKey, ...git } })).body).toMatchObject(saved);
    expect((await server.call('getGitMetadata', { query: { experimentKey } })).body).toEqual(git);
  });

  it('E34 orders output lines by offset and keeps stderr (true: standard error), at both bases', async () => {
    const experimentKey = await newExperiment();
    const line = (output: string, offset: number, stderr = false) => ({ output, offset, stderr, localTimestamp: 1 });
    await server.call('logOutput', { body: { experimentKey, context: 'train', outputLines: [line('c\n', 2), line('warn\n', 3, true)] } });
    const alias = await server.fetch('/clientlib/rest/v2/write/experiment/output', {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ experimentKey, outputLines: [line('a\n', 0), line('b\n', 1)] }),
    });
    expect(alias.status).toBe(200);
    await server.call('logOutput', { body: { experimentKey, outputLines: [{ output: 'last\n' }] } });
    expect((await server.call('getOutput', { query: { experimentKey } })).body).toEqual({ output: 'a\nb\nc\nwarn\nlast\n' });
    expect((await server.call('getOutput', { query: { experimentKey, stderr: true } })).body).toEqual({ output: 'warn\n' });
    expect((await server.call('getOutput', { query: { experimentKey, stderr: false } })).body).toEqual({ output: 'a\nb\nc\nlast\n' });
  });

  it('E35 and E36 set the graph and the code', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('getGraph', { query: { experimentKey } })).body).toEqual({ graph: '' });
    expect((await server.call('setGraph', { body: { experimentKey, graph: '{"layers": 3}' } })).body).toMatchObject(saved);
    expect((await server.call('setCode', { body: { experimentKey, code: 'print(1)' } })).body).toMatchObject(saved);
    await server.call('setCode', { body: { experimentKey, code: 'print(2)' } });
    expect((await server.call('getGraph', { query: { experimentKey } })).body).toEqual({ graph: '{"layers": 3}' });
    expect((await server.call('getCode', { query: { experimentKey } })).body).toEqual({ code: 'print(2)' });
  });

  it('E37 adds tags, deduplicated, in the order first added', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('addTags', { body: { experimentKey, addedTags: ['b', 'a', 'b'] } })).body).toMatchObject(saved);
    await server.call('addTags', { body: { experimentKey, addedTags: ['a', 'c'] } });
    await server.call('addTags', { body: { experimentKey } });
    expect((await server.call('getTags', { query: { experimentKey } })).body).toEqual({ tags: ['b', 'a', 'c'] });
  });

  it('E38 and E55 set the cloud details (the same operation)', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('getCloudDetails', { query: { experimentKey } })).body).toEqual({ provider: null, metadata: {} });
    await server.call('setCloudDetails', { body: { experimentKey, provider: 'aws', metadata: { region: 'eu-west-1', spot: true } } });
    expect((await server.call('getCloudDetails', { query: { experimentKey } })).body).toEqual({ provider: 'aws', metadata: { region: 'eu-west-1', spot: true } });
    expect((await server.call('setCloudDetail', { body: { experimentKey, provider: 'gcp' } })).body).toMatchObject(saved);
    expect((await server.call('getCloudDetails', { query: { experimentKey } })).body).toEqual({ provider: 'gcp', metadata: {} });
  });

  it('E39 sets the file path, shown in the metadata with its file name', async () => {
    const experimentKey = await newExperiment();
    expect((await server.call('setFilePath', { body: { experimentKey, filePath: '/home/ada/src/train.py' } })).body).toMatchObject(saved);
    const metadata = (await server.call('getExperimentMetadata', { query: { experimentKey } })).body;
    expect(metadata).toMatchObject({ filePath: '/home/ada/src/train.py', fileName: 'train.py' });
  });
});
