import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection, type RawReply, type RawRequest } from './bad-input/raw-http.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  port = server.server.port;
});
afterAll(() => server.close());

const METRIC = '/api/rest/v2/write/experiment/metric';

/** Sends one request on a new connection, writing the whole body before reading (as Python's http.client does). */
async function send(request: Partial<RawRequest> & { target: string }): Promise<RawReply> {
  const connection = new RawConnection(port);
  try {
    return await connection.send({ method: 'GET', headers: [['Host', 'localhost'], ['Authorization', server.adminKey]], ...request }, 10_000);
  } finally {
    connection.close();
  }
}

const json = (reply: RawReply) => JSON.parse(reply.body.toString('utf8')) as { msg: string; code: number; sdk_error_code: number };
const postJson = (body: Buffer | string): Partial<RawRequest> & { target: string } => ({
  method: 'POST',
  target: METRIC,
  headers: [['Host', 'localhost'], ['Authorization', server.adminKey], ['Content-Type', 'application/json']],
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
});

describe('protocol-level refusals answer in the service shape', () => {
  it('refuses JSON nested more than 1000 levels with 400 (stored, it overflowed the stack of JSON.stringify: 500)', async () => {
    const { experimentKey } = (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'deep' } })).body;
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const tooDeep = await send({ ...postJson(`{"experimentKey":"${experimentKey}","functionName":"f","arguments":${deep(5000)}}`), target: '/api/rest/v2/write/experiment/rpc/send' });
    expect(tooDeep.status).toBe(400);
    expect(json(tooDeep)).toEqual({ msg: 'The JSON body nests arrays and objects more than 1000 levels deep.', code: 400, sdk_error_code: 40000 });
    const fine = await send({ ...postJson(`{"experimentKey":"${experimentKey}","functionName":"f","arguments":${deep(990)}}`), target: '/api/rest/v2/write/experiment/rpc/send' });
    expect(fine.status).toBe(200);
    expect((await send(postJson(`[${'"[{"'.repeat(50_000)}]`))).status).toBe(400);
  });

  it('says why a JSON body was refused: the syntax error, or a prototype-poisoning key', async () => {
    expect(json(await send(postJson('{"a":')))).toMatchObject({ code: 400, msg: 'The body is not valid JSON: Unexpected end of JSON input' });
    expect(json(await send(postJson('{"__proto__":{"x":1}}'))).msg).toContain('"__proto__"');
  });

  it('answers Expect other than 100-continue with 417, CONNECT with 405 and a request without Host with 400', async () => {
    const expectation = await send({ target: '/api/rest/v2/workspaces', headers: [['Host', 'localhost'], ['Authorization', server.adminKey], ['Expect', 'teapot']] });
    expect(expectation).toMatchObject({ status: 417, headers: { 'content-type': 'application/json' } });
    expect(json(expectation)).toMatchObject({ code: 417, sdk_error_code: 40000 });
    const connect = await send({ method: 'CONNECT', target: 'example.com:443' });
    expect(connect).toMatchObject({ status: 405, headers: { 'content-type': 'application/json', connection: 'close' } });
    expect(json(connect).code).toBe(405);
    const noHost = await send({ target: '/api/rest/v2/workspaces', headers: [['Authorization', server.adminKey]] });
    expect(noHost.status).toBe(400);
    expect(json(noHost)).toEqual({ msg: 'An HTTP/1.1 request needs a Host header.', code: 400, sdk_error_code: 40000 });
  });

  it('answers a path that is not valid percent-encoding with 400 in the service shape', async () => {
    const reply = await send({ target: '/api/rest/v2/write/experiment/metric/%ff%fe' });
    expect(reply).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' } });
    expect(json(reply)).toMatchObject({ code: 400, sdk_error_code: 40000, msg: expect.stringContaining('percent-encoded') });
  });

  it('lets a client that writes a 4 MB request line before reading get the 431, not a reset', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await send({ target: `/api/rest/v2/workspaces?pad=${'q'.repeat(4_000_000)}` });
      expect(reply).toMatchObject({ status: 431, headers: { connection: 'close' } });
      expect(json(reply)).toMatchObject({ code: 431, sdk_error_code: 41300 });
    }
  });

  it('lets a client that writes a body over the limit before reading get the 413, not a broken pipe', async () => {
    const body = Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(20 * 1024 * 1024, 'x'), Buffer.from('"}')]);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await send(postJson(body));
      expect(reply.status).toBe(413);
      expect(json(reply)).toMatchObject({ code: 413, sdk_error_code: 41300 });
    }
  });
});
