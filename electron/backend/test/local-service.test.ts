import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_PORT, LOCAL_PORT_VARIABLE, localServicePort } from '../src/embedded/local-port.ts';
import type { ServiceInfo } from '../src/embedded/service-files.ts';
import { call, callError, startBackend, tempDir } from './helpers.ts';

const testPort = process.env[LOCAL_PORT_VARIABLE];
afterEach(() => {
  process.env[LOCAL_PORT_VARIABLE] = testPort;
});

async function serviceInfo(userDataDir: string): Promise<ServiceInfo> {
  return JSON.parse(await readFile(join(userDataDir, 'service', 'service.json'), 'utf8')) as ServiceInfo;
}

/** A port free right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Another program holding a port on 127.0.0.1, answering everything with its own page. */
async function otherProgram(): Promise<Server & { port: number }> {
  const server = createServer((_request, response) => response.end('not trackdesk'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}

/** The processes running a local service on `userDataDir`. */
function servicesOn(userDataDir: string): number {
  const list = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return list.split('\n').filter((line) => line.includes('--trackdesk-local-service') && line.includes(join(userDataDir, 'service'))).length;
}

/** A script's call with a key for scripts, as the SDK makes it (REST, its own key). */
async function scriptCreatesExperiment(baseUrl: string, apiKey: string, projectName: string): Promise<Response> {
  return fetch(`${baseUrl}/api/rest/v2/write/experiment/create`, {
    method: 'POST',
    headers: { authorization: apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceName: 'admin', projectName }),
  });
}

describe('local service address', () => {
  it('is 127.0.0.1:7717 unless TRACKDESK_LOCAL_PORT or the setting says otherwise', () => {
    expect(DEFAULT_LOCAL_PORT).toBe(7717);
    expect(localServicePort({}, undefined)).toBe(7717);
    expect(localServicePort({}, 8123)).toBe(8123);
    expect(localServicePort({ TRACKDESK_LOCAL_PORT: '9001' }, 8123)).toBe(9001);
    expect(() => localServicePort({ TRACKDESK_LOCAL_PORT: 'high' }, undefined)).toThrow(/TRACKDESK_LOCAL_PORT must be a port number/);
  });

  it('listens at the port it is given, and the Local connection and the scripts settings name that address', async () => {
    const port = await freePort();
    process.env[LOCAL_PORT_VARIABLE] = String(port);
    const backend = await startBackend();
    expect((await backend.embedded!.whenReady()).baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect((await call(backend, 'profiles.list', {})).profiles[0]).toMatchObject({ id: 'local', baseUrl: `http://127.0.0.1:${port}` });
    expect(await call(backend, 'scripts.settings', { profileId: 'local' })).toMatchObject({ url: `http://127.0.0.1:${port}/clientlib/` });
  });

  it('says so when another program holds the port, names what to do, and never falls back to another port', async () => {
    const other = await otherProgram();
    try {
      process.env[LOCAL_PORT_VARIABLE] = String(other.port);
      const backend = await startBackend({ embeddedLimits: { restartDelayMs: 10 } });
      const status = await backend.embedded!.start();
      expect(status).toMatchObject({ state: 'failed', problem: 'port-taken', port: other.port });
      expect(status.message).toContain(`Port ${other.port} on 127.0.0.1 is used by another program`);
      expect(status.message).toMatch(/choose another port .* TRACKDESK_LOCAL_PORT/);
      expect(status.message).toContain(`update what names http://127.0.0.1:${other.port}: `);
      expect(status.baseUrl).toBeUndefined();
      expect(servicesOn(backend.userDataDir)).toBe(0);
      expect((await callError(backend, 'api.call', { endpoint: 'listWorkspaces' })).message).toContain('is used by another program');
      // The port comes from the environment here: the setting cannot override it.
      expect((await callError(backend, 'service.setPort', { port: 7718 })).message).toContain('TRACKDESK_LOCAL_PORT=');
    } finally {
      other.close();
    }
  });

  it('moves to the port chosen in the settings, and keeps it at the next start', async () => {
    const userDataDir = await tempDir();
    const backend = await startBackend({ userDataDir });
    await backend.embedded!.whenReady();
    const port = await freePort();
    delete process.env[LOCAL_PORT_VARIABLE];
    expect(await call(backend, 'service.setPort', { port })).toMatchObject({ state: 'ready', baseUrl: `http://127.0.0.1:${port}` });
    expect(JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8'))).toMatchObject({ localServicePort: port });
    await backend.close();
    const again = await startBackend({ userDataDir });
    expect((await again.embedded!.whenReady()).baseUrl).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('local service lifetime', () => {
  it('keeps serving scripts after the app lets go of it, and the next start finds the same service with the run', async () => {
    const userDataDir = await tempDir();
    const first = await startBackend({ userDataDir });
    const { baseUrl, apiKey } = await first.embedded!.whenReady();
    const before = await serviceInfo(userDataDir);
    await first.release();
    // The app is closed: a script logs.
    expect((await scriptCreatesExperiment(baseUrl, apiKey, 'while-closed')).status).toBe(200);

    const second = await startBackend({ userDataDir });
    expect(await second.embedded!.start()).toMatchObject({ state: 'ready', baseUrl, since: before.startedAt });
    expect((await serviceInfo(userDataDir)).pid).toBe(before.pid);
    const projects = (await call(second, 'api.call', { endpoint: 'listProjects', query: { workspaceName: 'admin' } })) as { projects: { projectName: string }[] };
    expect(projects.projects.map((project) => project.projectName)).toContain('while-closed');
    expect(servicesOn(userDataDir)).toBe(1);
  });

  it('runs one service for two app instances on one data folder, and stops only when asked', async () => {
    const userDataDir = await tempDir();
    const [one, two] = await Promise.all([startBackend({ userDataDir }), startBackend({ userDataDir })]);
    const [a, b] = await Promise.all([one.embedded!.whenReady(), two.embedded!.whenReady()]);
    expect(a.baseUrl).toBe(b.baseUrl);
    expect(servicesOn(userDataDir)).toBe(1);
    await one.release();
    expect(await call(two, 'profiles.test', { id: 'local' })).toMatchObject({ ok: true });
    expect(await call(two, 'service.stop', {})).toMatchObject({ state: 'stopped' });
    expect(servicesOn(userDataDir)).toBe(0);
    await expect(fetch(`${a.baseUrl}/clientlib/isAlive/ver`)).rejects.toThrow();
  });

  it('restarts an older running service with the newer app, keeping its data, and says so', async () => {
    const userDataDir = await tempDir();
    const old = await startBackend({ userDataDir, embeddedLimits: { version: '0.0.1' } });
    await old.embedded!.whenReady();
    await call(old, 'api.call', { endpoint: 'createWorkspace', body: { name: 'before-update' } });
    const oldInfo = await serviceInfo(userDataDir);
    await old.release();

    const updated = await startBackend({ userDataDir, embeddedLimits: { version: '0.0.2' } });
    const status = await updated.embedded!.start();
    expect(status).toMatchObject({ state: 'ready', version: '0.0.2', message: 'The local service was updated from 0.0.1 to 0.0.2.' });
    const info = await serviceInfo(userDataDir);
    expect(info.pid).not.toBe(oldInfo.pid);
    expect(info.url).toBe(oldInfo.url);
    expect(info.version).toBe('0.0.2');
    const { workspaceNames } = (await call(updated, 'api.call', { endpoint: 'listWorkspaces' })) as { workspaceNames: string[] };
    expect(workspaceNames).toContain('before-update');

    // An older app leaves the newer service running.
    await updated.release();
    const older = await startBackend({ userDataDir, embeddedLimits: { version: '0.0.1' } });
    expect(await older.embedded!.start()).toMatchObject({ state: 'ready', version: '0.0.2' });
    expect((await serviceInfo(userDataDir)).pid).toBe(info.pid);
  });

  it('answers who it is only to its own address, and refuses control without the secret of its data folder', async () => {
    const backend = await startBackend();
    const { baseUrl } = await backend.embedded!.whenReady();
    const info = await serviceInfo(backend.userDataDir);
    expect(await (await fetch(`${baseUrl}/trackdesk/local-service/identity`)).json()).toMatchObject({ service: 'trackdesk-local-service', instanceId: info.instanceId, pid: info.pid });
    const refused = await fetch(`${baseUrl}/trackdesk/local-service/control`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-trackdesk-control': 'guess' }, body: '{"type":"stop"}' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ msg: expect.stringContaining('Only the Trackdesk app'), code: 403 });
    expect(servicesOn(backend.userDataDir)).toBe(1);
  });
});

