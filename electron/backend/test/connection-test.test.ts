import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWorkspaceName } from '../../../server/src/accounts/local-workspace.ts';
import { call, closedPort, fakeServer, startBackend, tempDir } from './helpers.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
let embeddedUrl = '';

beforeAll(async () => {
  backend = await startBackend();
  embeddedUrl = (await backend.embedded!.whenReady()).baseUrl;
});

/** An https server with a self-signed certificate made for this test. */
async function selfSignedServer(): Promise<{ url: string; close: () => void }> {
  const dir = await tempDir('trackdesk-tls-');
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
    stdio: 'ignore',
  });
  const server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('connection test', () => {
  it('connects to the embedded service with its own key and names the user and workspaces (the workspace named for the person)', async () => {
    const result = await call(backend, 'profiles.test', { id: 'local' });
    expect(result).toMatchObject({ ok: true, userName: 'admin', workspaceNames: [localWorkspaceName(userInfo().username)] });
    expect(result.message).toMatch(/^Connected to 127\.0\.0\.1:\d+ as admin \(1 workspace\)\.$/);
  });

  it('reports a wrong key as a refused key', async () => {
    const result = await call(backend, 'profiles.test', { baseUrl: embeddedUrl, apiKey: 'not-a-key-of-this-server' });
    expect(result).toMatchObject({ ok: false, problem: 'unauthorized' });
    expect(result.message).toMatch(/refused the API key \(401: .+\)\. Check that the key is complete and still valid\./);
  });

  it('reports a host where nothing listens as unreachable', async () => {
    const result = await call(backend, 'profiles.test', { baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'any-key-0123456789' });
    expect(result).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(result.message).toMatch(/Cannot reach 127\.0\.0\.1:\d+: nothing is listening there \(connection refused\)\./);
  });

  it('reports an unknown host name as unreachable', async () => {
    // .invalid never resolves (RFC 6761), so the lookup fails without reaching any network.
    const result = await call(backend, 'profiles.test', { baseUrl: 'https://trackdesk-test.invalid', apiKey: 'any-key-0123456789' });
    expect(result).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(result.message).toMatch(/^Cannot reach trackdesk-test\.invalid: the host name (was not found|could not be looked up right now)\./);
  });

  it('reports a web page as not a compatible service', async () => {
    const site = await fakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>');
    });
    const result = await call(backend, 'profiles.test', { baseUrl: site.url, apiKey: 'any-key-0123456789' });
    expect(result).toMatchObject({ ok: false, problem: 'incompatible' });
    expect(result.message).toContain(`${site.url} is not a compatible tracking service: /api/rest/v2/account-details answered text/html, not JSON.`);
  });

  it('reports a server without the API paths, and one with the wrong shapes, as not compatible', async () => {
    const missing = await fakeServer((_request, response) => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    const result = await call(backend, 'profiles.test', { baseUrl: missing.url, apiKey: 'any-key-0123456789' });
    expect(result).toMatchObject({ ok: false, problem: 'incompatible' });
    expect(result.message).toContain('it has no /api/rest/v2/account-details (404)');

    const odd = await fakeServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"user":"x"}'));
    const shaped = await call(backend, 'profiles.test', { baseUrl: odd.url, apiKey: 'any-key-0123456789' });
    expect(shaped).toMatchObject({ ok: false, problem: 'incompatible' });
    expect(shaped.message).toContain('has an unexpected shape (userName:');
  });

  it('reports an untrusted certificate as a TLS problem', async () => {
    const server = await selfSignedServer();
    try {
      const result = await call(backend, 'profiles.test', { baseUrl: server.url, apiKey: 'any-key-0123456789' });
      expect(result).toMatchObject({ ok: false, problem: 'tls' });
      expect(result.message).toMatch(/The secure connection to 127\.0\.0\.1:\d+ failed: the server's certificate is self-signed and not trusted\./);
    } finally {
      server.close();
    }
  });

  it('reports https to a plain http port as a TLS problem too', async () => {
    const result = await call(backend, 'profiles.test', { baseUrl: embeddedUrl.replace('http:', 'https:'), apiKey: 'any-key-0123456789' });
    expect(result).toMatchObject({ ok: false, problem: 'tls' });
  });

  it('tells a saved remote profile without a key to enter it again', async () => {
    const { profile } = await call(backend, 'profiles.create', { name: 'Gone', baseUrl: embeddedUrl, apiKey: 'k-0123456789abc', keyStorage: 'session' });
    const fresh = await startBackend({ userDataDir: backend.userDataDir, spawnService: undefined });
    expect(await call(fresh, 'profiles.test', { id: profile.id })).toMatchObject({ ok: false, problem: 'missing_key' });
  });
});

afterAll(async () => {
  await backend.close();
});
