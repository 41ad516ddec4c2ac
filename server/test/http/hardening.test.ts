import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBackendFlags, TEST_ADMIN_KEY } from '../support/harness.ts';
import { NODE, REPO_ROOT, startChildServer, type ChildServer } from '../support/child-server.ts';

// The service runs as a child process: a crash must show as the process ending, not take the test runner down.
let service: ChildServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-hardening-'));
  service = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, await defaultBackendFlags());
});
afterAll(async () => {
  service.child.kill();
  await service.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const v2 = (path: string) => `${service.url}/api/rest/v2/${path}`;
type ErrorBody = { msg: string; code: number; sdk_error_code: number };

/** The service still answers (its public version check). */
async function expectAlive(): Promise<void> {
  const response = await fetch(`${service.url}/clientlib/isAlive/ver`);
  expect(response.status).toBe(200);
  expect(service.child.exitCode).toBeNull();
}

function expectErrorShape(status: number, body: ErrorBody, expected: number): void {
  expect(status).toBe(expected);
  expect(body).toEqual({ msg: expect.any(String), code: expected, sdk_error_code: expect.any(Number) });
}

describe('a body that is not what its Content-Encoding says never ends the process', () => {
  const garbage = Buffer.from('garbage, not gzip');
  for (const [method, path] of [
    ['GET', '/nothing'],
    ['GET', '/clientlib/isAlive/ver'],
    ['GET', '/api/rest/v2/workspaces'],
    ['DELETE', '/nothing'],
    ['POST', '/nothing'],
  ] as const) {
    it(`${method} ${path} with a gzip header and a non-gzip body`, async () => {
      for (const encoding of ['gzip', 'deflate']) {
        const response = await send({ method, path, headers: { 'content-encoding': encoding }, body: garbage });
        expect(response.status).toBeLessThan(500);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expectAlive();
    });
  }

  it('a POST with such a body still gets 400 naming the decoding', async () => {
    const response = await fetch(v2('write/project/create'), {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: garbage,
    });
    const body = (await response.json()) as ErrorBody;
    expectErrorShape(response.status, body, 400);
    expect(body.msg).toMatch(/decompress/);
  });
});

describe('malformed multipart on every upload endpoint is the client’s 400', () => {
  let experimentKey: string;
  beforeAll(async () => {
    const created = await fetch(v2('write/experiment/create'), {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceName: 'admin', projectName: 'multipart' }),
    });
    ({ experimentKey } = (await created.json()) as { experimentKey: string });
  });

  const truncated = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello';
  const cases = [
    { name: 'no boundary', type: 'multipart/form-data', body: 'hello', problem: /Boundary not found/ },
    { name: 'a boundary the body does not use', type: 'multipart/form-data; boundary=XYZ', body: 'no parts here', problem: /end of multipart/ },
    { name: 'a body cut off before the closing boundary', type: 'multipart/form-data; boundary=XYZ', body: truncated, problem: /end of multipart/ },
  ];
  const uploads = [
    ['E44', () => v2(`write/experiment/upload-asset?experimentKey=${experimentKey}`)],
    ['E45', () => v2(`write/experiment/git/patch?experimentKey=${experimentKey}`)],
    ['E53', () => v2('write/template/upload?teamName=admin')],
  ] as const;
  for (const [id, url] of uploads) {
    for (const { name, type, body, problem } of cases) {
      it(`${id}: ${name}`, async () => {
        const response = await fetch(url(), { method: 'POST', headers: { authorization: TEST_ADMIN_KEY, 'content-type': type }, body });
        const reply = (await response.json()) as ErrorBody;
        expectErrorShape(response.status, reply, 400);
        expect(reply.msg).toMatch(/multipart\/form-data body is malformed/);
        expect(reply.msg).toMatch(problem);
      });
    }
  }
});

/**
 * One request through `node:http` (which, unlike fetch, sends bodies on GET; it frames them only when told the length);
 * resolves status, headers and body text.
 */
function send(options: { method?: string; path: string; agent?: Agent; headers?: Record<string, string>; body?: Buffer }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const { method = 'GET', path, agent, headers = {}, body } = options;
    const framing = body ? { 'content-length': String(body.length) } : {};
    const req = request(service.url + path, { method, agent, headers: { authorization: TEST_ADMIN_KEY, ...framing, ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('an over-long request line or header block', () => {
  it('gets 431 in the service’s shape with Connection: close, and a keep-alive client’s next request works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send({ agent, path: '/api/rest/v2/workspaces' });
    expect(first.status).toBe(200);
    const tooLong = await send({ agent, path: `/api/rest/v2/experiments?projectId=${'x'.repeat(20_000)}` });
    expect(tooLong.headers.connection).toBe('close');
    expectErrorShape(tooLong.status, JSON.parse(tooLong.text) as ErrorBody, 431);
    const next = await send({ agent, path: '/api/rest/v2/workspaces' });
    expect(next.status).toBe(200);
    agent.destroy();
  });

  it('malformed HTTP gets 400 in the service’s shape', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(service.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expectErrorShape(400, JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as ErrorBody, 400);
    await expectAlive();
  });
});

describe('the last-resort guard', () => {
  it('fails only the request an error escaped from, and the process keeps serving', async () => {
    const child = spawn(NODE, [join(REPO_ROOT, 'server', 'test', 'support', 'fixtures', 'escaping-error-server.ts')], { cwd: REPO_ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).on('line', (line) => line.startsWith('listening on ') && resolve(line.slice(13)));
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const escaped = await fetch(`${url}/escape`);
      expectErrorShape(escaped.status, (await escaped.json()) as ErrorBody, 500);
      expect(escaped.headers.get('connection')).toBe('close');
      const ok = await fetch(`${url}/ok`);
      expect(await ok.json()).toEqual({ ok: true });
      expect(child.exitCode).toBeNull();
      expect(stderr).toContain('an error escaped while serving GET /escape');
    } finally {
      child.kill();
    }
  });
});
