import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../backend/src/backend.ts';
import { startWebShell, type WebShell } from '../web-shell.ts';

const token = 'test-token-0123456789abcdefghijklmnopqrstuv';
let dir: string;
let backend: Backend;
let shell: WebShell;
/** Every Set-Cookie header any answer of these tests carried (there must be none). */
const cookiesSet: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trackdesk-web-shell-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Trackdesk</title>');
  await writeFile(join(dir, 'app.js'), 'console.log("app")');
  backend = createBackend({ userDataDir: dir });
  shell = await startWebShell({ backend, rendererDir: dir, port: 0, token });
});

afterAll(async () => {
  await shell.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request (node:http lets the test forge Host, Origin and Sec-Fetch-Site like an attacker's page or DNS rebinding would). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: shell.port, method, path, headers: { host: `127.0.0.1:${shell.port}`, ...headers } }, (res) => {
      cookiesSet.push(...(res.headers['set-cookie'] ?? []));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const ipc = (headers: Record<string, string>) => send('POST', '/ipc/app.info', { 'content-type': 'application/json', ...headers }, '{}');
const withToken = { 'x-trackdesk-token': token };
const ownOrigin = () => ({ origin: `http://127.0.0.1:${shell.port}` });

describe('browser shell security', () => {
  it('prints an address on 127.0.0.1 that carries the token', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/?token=${token}`);
  });

  it('answers ipc to the page that sends the token in its header', async () => {
    const answer = await ipc({ ...withToken, ...ownOrigin(), 'sec-fetch-site': 'same-origin' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, data: { name: 'Trackdesk' } });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the page and its assets without the token (they are not secret), and never trades the token for a cookie', async () => {
    const page = await send('GET', `/?token=${token}`, { 'sec-fetch-site': 'none' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Trackdesk</title>');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await send('GET', '/app.js', { 'sec-fetch-site': 'same-origin' })).body).toContain('console.log');
    expect((await send('GET', '/#/projects')).status).toBe(200);
  });

  it('refuses calls without the token', async () => {
    expect((await ipc({})).status).toBe(401);
    expect((await send('GET', '/events')).status).toBe(401);
    expect((await send('POST', '/transfers/download', { 'content-type': 'application/json' }, '{}')).status).toBe(401);
  });

  it('refuses a call that carries the token only in a cookie (cookies reach every port of 127.0.0.1) or in its URL', async () => {
    expect((await ipc({ cookie: `trackdesk_token=${token}`, ...ownOrigin() })).status).toBe(401);
    expect((await send('GET', '/events', { cookie: `trackdesk_token=${token}` })).status).toBe(401);
    expect((await send('POST', `/ipc/app.info?token=${token}`, { 'content-type': 'application/json' }, '{}')).status).toBe(401);
  });

  it('refuses a wrong token in the header', async () => {
    expect((await ipc({ 'x-trackdesk-token': `${token.slice(0, -1)}x` })).status).toBe(401);
  });

  it('refuses a call another site started (Sec-Fetch-Site), even with the token', async () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      const answer = await ipc({ ...withToken, 'sec-fetch-site': site });
      expect(answer.status, site).toBe(403);
      expect(answer.body).not.toContain('Trackdesk"');
    }
    expect((await send('GET', '/events', { ...withToken, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('refuses the page itself to another site (a frame, a script), and opens it from the address bar', async () => {
    expect((await send('GET', '/', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await send('GET', '/app.js', { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await send('GET', '/', { 'sec-fetch-site': 'none' })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const answer = await ipc({ host: `attacker.example:${shell.port}`, ...withToken });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('Trackdesk"');
  });

  it('refuses a foreign Origin (another site posting to the shell) even with the token', async () => {
    expect((await ipc({ origin: 'https://attacker.example', ...withToken })).status).toBe(403);
    expect((await ipc({ origin: `http://localhost:${shell.port + 1}`, ...withToken })).status).toBe(403);
  });

  it('streams backend events to a page holding the token', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: shell.port, path: '/events', headers: { host: `127.0.0.1:${shell.port}`, ...withToken, 'sec-fetch-site': 'same-origin' } },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          cookiesSet.push(...(res.headers['set-cookie'] ?? []));
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes(': connected')) {
              backend.events.emit('service.status', { profileId: 'local', state: 'failed', message: 'It stopped.' });
            }
            if (text.includes('event: service.status')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(await received).toContain('event: service.status\ndata: {"profileId":"local","state":"failed","message":"It stopped."}\n\n');
  });

  it('never set a cookie in any answer above', () => {
    expect(cookiesSet).toEqual([]);
  });
});
