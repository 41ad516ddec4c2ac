import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey, revokeApiKeys } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

const BODY_LIMIT = 64 * 1024;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: BODY_LIMIT });
});
afterAll(() => server.close());

const CREATE_PROJECT = '/api/rest/v2/write/project/create';

async function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { authorization: server.adminKey, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: JSON.parse(text) as { msg: string; code: number; sdk_error_code: number } };
}

const project = (name: string) => JSON.stringify({ workspaceName: 'admin', projectName: name, projectDescription: '', isPublic: false });

describe('bad input gets a clear 4xx with {msg, code, sdk_error_code}', () => {
  it('malformed JSON → 400', async () => {
    const reply = await post(CREATE_PROJECT, '{"workspaceName": ');
    expect(reply).toMatchObject({ status: 400, type: 'application/json', body: { code: 400 } });
    expect(reply.body.msg).toMatch(/JSON/);
  });

  it('wrong types, arrays and empty bodies → 400 naming the field', async () => {
    const wrong = await post(CREATE_PROJECT, JSON.stringify({ workspaceName: 'admin', projectName: 'p', projectDescription: '', isPublic: 'yes' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('"isPublic"');
    expect((await post(CREATE_PROJECT, '[]')).status).toBe(400);
    expect((await post(CREATE_PROJECT, '')).status).toBe(400);
    expect((await post(CREATE_PROJECT, 'null')).status).toBe(400);
  });

  it('huge strings → 400, oversized bodies → 413', async () => {
    const huge = await post(CREATE_PROJECT, JSON.stringify({ workspaceName: 'admin', projectName: 'n'.repeat(5000), projectDescription: '', isPublic: false }));
    expect(huge.status).toBe(400);
    expect(huge.body.msg).toContain('"projectName"');
    const oversized = await post(CREATE_PROJECT, JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT) }));
    expect(oversized).toMatchObject({ status: 413, type: 'application/json', body: { code: 413 } });
    expect(oversized.body.msg).toContain(String(BODY_LIMIT));
  });

  it('a negative step → 400', async () => {
    const { experimentKey } = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'steps' } })).body;
    const reply = await server.call('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1, step: -1 } });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toContain('"step"');
  });

  it('unsupported content types and encodings → 415; corrupt gzip → 400', async () => {
    expect((await post(CREATE_PROJECT, project('t'), { 'content-type': 'application/xml' })).status).toBe(415);
    const asText = await post(CREATE_PROJECT, project('t'), { 'content-type': 'text/plain' });
    expect(asText.status).toBe(400);
    expect(asText.body.msg).toMatch(/body/);
    expect((await post(CREATE_PROJECT, project('t'), { 'content-encoding': 'br' })).status).toBe(415);
    const corrupt = await post(CREATE_PROJECT, Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    expect(corrupt.status).toBe(400);
  });

  it('a form sent to a JSON endpoint → 400, the body is required as JSON', async () => {
    const form = new FormData();
    form.append('workspaceName', 'admin');
    const response = await server.fetch(CREATE_PROJECT, { method: 'POST', headers: { authorization: server.adminKey }, body: form });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ msg: 'A JSON body is required.', code: 400 });
  });

  it('unknown paths → 404 JSON', async () => {
    const response = await server.fetch('/api/rest/v2/write/nothing', { headers: { authorization: server.adminKey } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ code: 404, sdk_error_code: 40400 });
  });
});

describe('wire conventions', () => {
  it('decodes gzip request bodies (Content-Encoding: gzip) and applies the limit to the decoded size', async () => {
    const reply = await post(CREATE_PROJECT, gzipSync(project('zipped')), { 'content-encoding': 'gzip' });
    expect(reply.status).toBe(200);
    expect((await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'zipped' } })).status).toBe(200);
    const bomb = gzipSync(JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT * 4) }));
    expect(bomb.length).toBeLessThan(BODY_LIMIT);
    expect((await post(CREATE_PROJECT, bomb, { 'content-encoding': 'gzip' })).status).toBe(413);
  });

  it('answers JSON as exactly application/json, on success and on error', async () => {
    const ok = await server.call('listWorkspaces');
    expect(ok.headers.get('content-type')).toBe('application/json');
    const denied = await server.call('listWorkspaces', { key: null });
    expect(denied.headers.get('content-type')).toBe('application/json');
  });

  it('accepts the key in Comet-Sdk-Api, and refuses revoked keys', async () => {
    const viaSdkHeader = await server.call('listWorkspaces', { key: null, headers: { 'Comet-Sdk-Api': server.adminKey } });
    expect(viaSdkHeader.status).toBe(200);
    const temp = await issueApiKey({ ...server.storage, userName: 'temp' });
    expect((await server.call('listWorkspaces', { key: temp.apiKey })).status).toBe(200);
    expect(await revokeApiKeys(server.storage, temp.prefix)).toBe(1);
    const revoked = await server.call('listWorkspaces', { key: temp.apiKey });
    expect(revoked.status).toBe(401);
    expect(revoked.body.sdk_error_code).toBe(90212);
  });

  it('reads query booleans as true/True/TRUE and tolerates a trailing slash', async () => {
    const { experimentKey } = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'bools' } })).body;
    await server.call('archiveExperiment', { query: { experimentKey } });
    for (const archived of ['true', 'True', 'TRUE']) {
      const response = await server.fetch(`/api/rest/v2/experiments/?workspaceName=admin&projectName=bools&archived=${archived}`, {
        headers: { authorization: server.adminKey },
      });
      const body = (await response.json()) as { experiments: { experimentKey: string }[] };
      expect(body.experiments.map((e) => e.experimentKey)).toEqual([experimentKey]);
    }
  });

  it('answers the version check without a key', async () => {
    const reply = await server.call('serverVersion', { key: null });
    expect(reply.status).toBe(200);
    const [major, minor, patch] = reply.body.version.split('.').map(Number);
    expect((major ?? 0) * 1e6 + (minor ?? 0) * 1e3 + (patch ?? 0)).toBeGreaterThanOrEqual(4_003_385);
  });
});
