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

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trackdesk-web-shell-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Trackdesk</title>');
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

/** A raw HTTP request (node:http lets the test forge Host and Origin like an attacker's page or DNS rebinding would). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: shell.port, method, path, headers: { host: `127.0.0.1:${shell.port}`, ...headers } }, (res) => {
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

describe('browser shell security', () => {
  it('prints an address on 127.0.0.1 that carries the token', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/?token=${token}`);
  });

  it('refuses requests without the token', async () => {
    expect((await ipc({})).status).toBe(401);
    expect((await send('GET', '/')).status).toBe(401);
    expect((await send('GET', '/events')).status).toBe(401);
  });

  it('refuses a wrong token in the header, the cookie or the URL', async () => {
    expect((await ipc({ 'x-trackdesk-token': `${token.slice(0, -1)}x` })).status).toBe(401);
    expect((await ipc({ cookie: 'trackdesk_token=guess' })).status).toBe(401);
    expect((await send('GET', '/?token=guess')).status).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const answer = await ipc({ host: `attacker.example:${shell.port}`, 'x-trackdesk-token': token });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('Trackdesk"');
  });

  it('refuses a foreign Origin (another site posting to the shell) even with the cookie', async () => {
    const answer = await ipc({ origin: 'https://attacker.example', cookie: `trackdesk_token=${token}` });
    expect(answer.status).toBe(403);
    expect((await ipc({ origin: `http://localhost:${shell.port + 1}`, cookie: `trackdesk_token=${token}` })).status).toBe(403);
  });

  it('trades the token in the URL for an HttpOnly, SameSite=Strict cookie and answers ipc with it', async () => {
    const first = await send('GET', `/?token=${token}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/');
    expect(first.headers['set-cookie']?.[0]).toBe(`trackdesk_token=${token}; HttpOnly; SameSite=Strict; Path=/`);
    const answer = await ipc({ cookie: `trackdesk_token=${token}`, origin: `http://127.0.0.1:${shell.port}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, data: { name: 'Trackdesk' } });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('streams backend events to a page holding the token', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: shell.port, path: '/events', headers: { host: `127.0.0.1:${shell.port}`, cookie: `trackdesk_token=${token}` } },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
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
});
