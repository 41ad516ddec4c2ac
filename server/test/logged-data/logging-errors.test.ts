import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, SdkError, type EndpointName } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let experimentKey: string;
beforeAll(async () => {
  server = await startTestServer();
  experimentKey = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'errors' } })).body.experimentKey;
});
afterAll(() => server.close());

const gpu = { gpuId: 0, freeMemory: 1, usedMemory: 1, gpuUtilization: 1, totalMemory: 2 };

/** A valid input of every logging operation (experimentKey added per call) and its required fields. */
const operations: Record<string, { input: Record<string, unknown>; required: string[] }> = {
  logOther: { input: { key: 'k', value: 1 }, required: ['key', 'value'] },
  logParameter: { input: { parameterName: 'p', parameterValue: 'v' }, required: ['parameterName', 'parameterValue'] },
  logMetric: { input: { metricName: 'm', metricValue: 1 }, required: ['metricName', 'metricValue'] },
  logHtml: { input: { html: '<p/>' }, required: ['html'] },
  setSystemDetails: { input: {}, required: [] },
  setGitMetadata: { input: { user: 'u', root: 'r', branch: 'b', parent: 'p', origin: 'o' }, required: [] },
  logOutput: { input: { outputLines: [{ output: 'x' }] }, required: ['outputLines'] },
  setGraph: { input: { graph: 'g' }, required: ['graph'] },
  setCode: { input: { code: 'c' }, required: ['code'] },
  addTags: { input: { addedTags: ['t'] }, required: [] },
  setCloudDetails: { input: { provider: 'aws' }, required: ['provider'] },
  setCloudDetail: { input: { provider: 'aws' }, required: ['provider'] },
  setFilePath: { input: { filePath: '/a.py' }, required: ['filePath'] },
  logGpuUsage: { input: { gpus: [gpu] }, required: ['gpus'] },
  logRamUsage: { input: { totalRam: 2, usedRam: 1 }, required: ['totalRam', 'usedRam'] },
  logCpuUsage: { input: { cpuPercentUtilization: [1] }, required: ['cpuPercentUtilization'] },
  logLoadAverage: { input: { loadAverage: 1 }, required: ['loadAverage'] },
  getTags: { input: {}, required: [] },
  getParameters: { input: {}, required: [] },
  getMetricSummaries: { input: {}, required: [] },
  getOthers: { input: {}, required: [] },
  getMetric: { input: { metricName: 'm' }, required: ['metricName'] },
  getSystemDetails: { input: {}, required: [] },
  getGitMetadata: { input: {}, required: [] },
  getOutput: { input: {}, required: [] },
  getHtml: { input: {}, required: [] },
  getCode: { input: {}, required: [] },
  getGraph: { input: {}, required: [] },
  getCloudDetails: { input: {}, required: [] },
};

/** Calls an operation with its input placed where the contract says (query or JSON body). */
const send = (name: string, input: Record<string, unknown>, key?: string | null) => {
  const endpoint = api[name as EndpointName];
  return endpoint.bodyKind === 'json'
    ? server.call(name as EndpointName, { body: input as never, key })
    : server.call(name as EndpointName, { query: input as never, key });
};

describe('logging operations reject bad calls', () => {
  it('covers every logging endpoint of the contract but the chart read', async () => {
    const { loggingEndpoints } = await import('../../../shared/api/logging.ts');
    expect(Object.keys(operations).sort()).toEqual(Object.keys(loggingEndpoints).filter((name) => name !== 'getMultiMetricChart').sort());
  });

  it.each(Object.entries(operations))('%s: 200 when valid, 401 without a key, 404 for an unknown experiment', async (name, { input }) => {
    expect((await send(name, { experimentKey, ...input })).status).toBe(200);
    const anonymous = await send(name, { experimentKey, ...input }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, sdk_error_code: SdkError.keyNotRegistered });
    const unknown = await send(name, { experimentKey: 'no-such-experiment', ...input });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, sdk_error_code: SdkError.noSuchExperiment });
    expect(unknown.body.msg).toContain('no-such-experiment');
  });

  it.each(Object.entries(operations))('%s: 400 naming each missing required field', async (name, { input, required }) => {
    for (const field of ['experimentKey', ...required]) {
      const partial: Record<string, unknown> = { experimentKey, ...input };
      delete partial[field];
      const reply = await send(name, partial);
      expect(reply.status, field).toBe(400);
      expect(reply.body.msg).toContain(`"${field}"`);
    }
  });

  it.each([
    ['logMetric', { metricName: 'm', metricValue: 1, step: -1 }, 'step'],
    ['logMetric', { metricName: 'm', metricValue: 1, step: 1.5 }, 'step'],
    ['logMetric', { metricName: 'm', metricValue: 1, step: '3' }, 'step'],
    ['logMetric', { metricName: 'm', metricValue: 1, epoch: -2 }, 'epoch'],
    ['logMetric', { metricName: 'm', metricValue: 1, timestamp: 1.5 }, 'timestamp'],
    ['logMetric', { metricName: 'm', metricValue: { nested: 1 } }, 'metricValue'],
    ['logMetric', { metricName: 'm', metricValue: 'x'.repeat(100_001) }, 'metricValue'],
    ['logMetric', { metricName: 'm'.repeat(1001), metricValue: 1 }, 'metricName'],
    ['logMetric', { metricName: '  ', metricValue: 1 }, 'metricName'],
    ['logParameter', { parameterName: 'p', parameterValue: 1, step: -5 }, 'step'],
    ['logOther', { key: 'k', value: 'v'.repeat(100_001) }, 'value'],
    ['logOutput', { outputLines: [{ output: 'x', offset: -1 }] }, 'outputLines.0.offset'],
    ['logOutput', { outputLines: [{ output: 'x', stderr: 'yes' }] }, 'outputLines.0.stderr'],
    ['logGpuUsage', { gpus: [{ ...gpu, usedMemory: undefined }] }, 'gpus.0.usedMemory'],
    ['logCpuUsage', { cpuPercentUtilization: [] }, 'cpuPercentUtilization'],
    ['logRamUsage', { totalRam: 2, usedRam: 1, step: 0.5 }, 'step'],
    ['addTags', { addedTags: ['ok', ''] }, 'addedTags.1'],
    ['setSystemDetails', { pid: 'one' }, 'pid'],
    ['setSystemDetails', { logAdditionalSystemInfoList: [{ key: 'k' }] }, 'logAdditionalSystemInfoList.0.value'],
  ])('%s: 400 for %j naming %s', async (name, input, field) => {
    const reply = await send(name, { experimentKey, ...input });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400 });
    expect(reply.body.msg).toContain(`"${field}"`);
  });

  it('multi-metric chart: 400 without targets or metrics, 404 for an unknown experiment, 401 without a key', async () => {
    expect((await server.call('getMultiMetricChart', { body: { metrics: ['m'] } as never })).status).toBe(400);
    expect((await server.call('getMultiMetricChart', { body: { targetedExperiments: [experimentKey] } as never })).status).toBe(400);
    const unknown = await server.call('getMultiMetricChart', { body: { targetedExperiments: [experimentKey, 'nope'], metrics: ['m'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toContain('nope');
    expect((await server.call('getMultiMetricChart', { body: { targetedExperiments: [experimentKey], metrics: [] }, key: null })).status).toBe(401);
  });

  it('answers malformed JSON with 400, not a 5xx', async () => {
    const reply = await server.fetch('/api/rest/v2/write/experiment/metric', {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: '{"experimentKey": ',
    });
    expect(reply.status).toBe(400);
  });
});
