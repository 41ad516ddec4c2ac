import { userInfo } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { localWorkspaceName } from '../../../server/src/accounts/local-workspace.ts';
import { ServiceClient } from '../src/client/service-client.ts';
import type { ServiceTarget } from '../src/client/target.ts';
import { AppError } from '../src/ipc/app-error.ts';
import { call, callError, fakeServer, startBackend } from './helpers.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
let target: ServiceTarget;
const quick = { retryDelayMs: 1 };

beforeAll(async () => {
  backend = await startBackend();
  target = await backend.embedded!.whenReady();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('service client', () => {
  it('calls typed endpoints of the contract with the key and answers the checked reply', async () => {
    const client = new ServiceClient(target);
    expect(await client.call('accountDetails', {})).toEqual({ userName: 'admin', defaultWorkspaceName: localWorkspaceName(userInfo().username) });
    const created = await client.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'client-test' } });
    expect(created.experimentKey).toMatch(/\S+/);
    expect(await client.call('archiveExperiment', { query: { experimentKey: created.experimentKey } })).toMatchObject({ msg: 'Archived' });
  });

  it("carries the server's msg, status and sdk_error_code in its errors", async () => {
    const error = await failure(new ServiceClient(target).call('getExperimentMetadata', { query: { experimentKey: 'no-such-experiment' } }));
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.sdkErrorCode).toBeTypeOf('number');
    expect(error.message).not.toMatch(/^The server/);
  });

  it('checks the request against the contract before sending anything', async () => {
    const site = await fakeServer((_request, response) => response.end());
    const error = await failure(new ServiceClient({ ...target, baseUrl: site.url }).callByName('createWorkspace', { body: { name: '' } }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('name');
    expect(site.requests).toEqual([]);
    expect((await failure(new ServiceClient(target).callByName('downloadAsset', {}))).message).toContain('is a download');
  });

  it('retries reads on 5xx with backoff, but never a GET mutation', async () => {
    let calls = 0;
    const flaky = await fakeServer((request, response) => {
      calls += 1;
      if (calls < 3) return void response.writeHead(503, { 'content-type': 'application/json' }).end('{"msg":"busy","code":503,"sdk_error_code":0}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ workspaceNames: ['w'], added: request.url }));
    });
    const client = new ServiceClient({ baseUrl: flaky.url, apiKey: 'k' }, quick);
    expect(await client.call('listWorkspaces', {})).toEqual({ workspaceNames: ['w'] });
    expect(flaky.requests).toEqual(Array(3).fill('GET /api/rest/v2/workspaces'));

    const busy = await fakeServer((_request, response) =>
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"msg":"Service busy","code":503,"sdk_error_code":0}'),
    );
    const archive = new ServiceClient({ baseUrl: busy.url, apiKey: 'k' }, quick).call('archiveExperiment', { query: { experimentKey: 'e' } });
    expect(await failure(archive)).toMatchObject({ code: 'server_error', status: 503, message: 'Service busy' });
    expect(busy.requests).toEqual(['GET /api/rest/v2/write/experiment/archive?experimentKey=e']);
  });

  it('gives up on reads after the retries and reports the last failure', async () => {
    const down = await fakeServer((_request, response) => response.writeHead(502).end('Bad gateway'));
    const error = await failure(new ServiceClient({ baseUrl: down.url, apiKey: 'k' }, { ...quick, retries: 2 }).call('listWorkspaces', {}));
    expect(error).toMatchObject({ code: 'server_error', status: 502 });
    expect(down.requests).toHaveLength(3);
  });

  it('times out a call whose answer never comes', async () => {
    const silent = await fakeServer(() => undefined);
    const error = await failure(new ServiceClient({ baseUrl: silent.url, apiKey: 'k' }, { timeoutMs: 300, retries: 1, ...quick }).call('listWorkspaces', {}));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/^127\.0\.0\.1:\d+ did not answer within 300 ms\.$/);
    expect(silent.requests).toHaveLength(2);
  });

  it('accepts replies with fields the contract does not know (the hosted service adds some)', async () => {
    const richer = await fakeServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"userName":"u","defaultWorkspaceName":"w","plan":"team"}'),
    );
    expect(await new ServiceClient({ baseUrl: richer.url, apiKey: 'k' }).call('accountDetails', {})).toEqual({ userName: 'u', defaultWorkspaceName: 'w' });
  });

  it('acts on the active profile through api.call, and runs bulk actions with one outcome per item', async () => {
    const { experimentKey } = (await call(backend, 'api.call', {
      endpoint: 'createExperiment',
      body: { workspaceName: 'admin', projectName: 'bulk' },
    })) as { experimentKey: string };
    const { results } = await call(backend, 'api.bulk', {
      endpoint: 'archiveExperiment',
      items: [{ query: { experimentKey } }, { query: { experimentKey: 'missing-experiment' } }, { query: {} }],
    });
    expect(results[0]).toMatchObject({ ok: true, data: { msg: 'Archived' } });
    expect(results[1]).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(results[2]).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await callError(backend, 'api.call', { endpoint: 'noSuchEndpoint' })).code).toBe('invalid_input');
    expect((await callError(backend, 'api.call', { endpoint: 'uploadAsset' })).message).toContain('is an upload');
  });

  it('fills path parameters into the path (percent-encoded) and refuses a call without them before sending', async () => {
    const server = await fakeServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"metadata":[{"key":"lr","value":0.1}]}'),
    );
    const client = new ServiceClient({ baseUrl: server.url, apiKey: 'k' });
    expect(await client.call('registryModelItemMetadata', { params: { registryModelItemId: 'a/b c' } })).toEqual({ metadata: [{ key: 'lr', value: 0.1 }] });
    expect(server.requests).toEqual(['GET /api/rest/v2/registry-model/item/a%2Fb%20c/metadata']);
    const missing = await failure(client.callByName('registryModelItemMetadata', {}));
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toContain('registryModelItemId');
    expect(server.requests).toHaveLength(1);
  });

  it('reports a path the service does not have (404 without an error body) as incompatible, with the status', async () => {
    const older = await fakeServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
    const error = await failure(new ServiceClient({ baseUrl: older.url, apiKey: 'k' }).call('registryModelItemHistory', { body: { registryModelItemId: 'v1' } }));
    expect(error).toMatchObject({ code: 'incompatible', status: 404 });
    expect(error.message).toContain('it has no /api/rest/v2/registry-model/history/item (404)');
  });
});
