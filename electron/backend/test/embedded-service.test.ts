import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../../shared/ipc/index.ts';
import type { Backend } from '../src/backend.ts';
import { appInfo } from '../src/app-info.ts';
import type { ServiceInfo } from '../src/embedded/service-files.ts';
import { KEYCHAIN_SERVICE } from '../src/keys/keychain.ts';
import { call, callError, filesContaining, startBackend, tempDir } from './helpers.ts';

/** The keychain entry of the embedded profile of a user data dir. */
async function embeddedEntry(userDataDir: string): Promise<AsyncEntry> {
  const { installationId } = JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')) as { installationId: string };
  return new AsyncEntry(KEYCHAIN_SERVICE, `${installationId}/local`);
}

/** What the running local service of a user data dir wrote about itself. */
async function serviceInfo(userDataDir: string): Promise<ServiceInfo> {
  return JSON.parse(await readFile(join(userDataDir, 'service', 'service.json'), 'utf8')) as ServiceInfo;
}

/** Resolves with the first status the backend pushes that satisfies `match`. */
function nextStatus(backend: Backend, match: (status: ServiceStatus) => boolean): Promise<ServiceStatus> {
  return new Promise((resolve) => {
    const stop = backend.events.subscribe((name, payload) => {
      if (name === 'service.status' && match(payload as ServiceStatus)) {
        stop();
        resolve(payload as ServiceStatus);
      }
    });
  });
}

describe('embedded service', () => {
  it('starts on 127.0.0.1 with a generated admin key kept in the keychain and nowhere on disk', async () => {
    const backend = await startBackend();
    const target = await backend.embedded!.whenReady();
    expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await embeddedEntry(backend.userDataDir)).getPassword()).toBe(target.apiKey);
    expect(await call(backend, 'service.status', {})).toEqual({
      profileId: 'local',
      state: 'ready',
      baseUrl: target.baseUrl,
      port: Number(new URL(target.baseUrl).port),
      since: (await serviceInfo(backend.userDataDir)).startedAt,
      version: appInfo.version,
    });
    expect((await call(backend, 'profiles.list', {})).profiles[0]).toMatchObject({ baseUrl: target.baseUrl, keyStorage: 'keychain' });
    expect(await filesContaining(backend.userDataDir, target.apiKey)).toEqual([]);
  });

  it('starts a service again when its process died, telling the renderer why', async () => {
    const backend = await startBackend({ embeddedLimits: { restartDelayMs: 10, healthIntervalMs: 200 } });
    const first = await backend.embedded!.whenReady();
    const { pid } = await serviceInfo(backend.userDataDir);
    const restarting = nextStatus(backend, (s) => s.state === 'starting');
    const ready = nextStatus(backend, (s) => s.state === 'ready');
    process.kill(pid, 'SIGKILL');
    expect((await restarting).message).toMatch(/^The local service stopped unexpectedly\. Restarting \(attempt 1 of 3\)\.$/);
    expect((await ready).baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await serviceInfo(backend.userDataDir)).pid).not.toBe(pid);
    const second = await backend.embedded!.whenReady();
    expect(second.apiKey).toBe(first.apiKey);
    expect(await call(backend, 'profiles.test', { id: 'local' })).toMatchObject({ ok: true });
  });

  it('ends a service that stopped answering and starts a fresh one', async () => {
    const backend = await startBackend({ embeddedLimits: { healthIntervalMs: 300, restartDelayMs: 10, maxRestarts: 10 } });
    await backend.embedded!.whenReady();
    const { pid } = await serviceInfo(backend.userDataDir);
    const restarting = nextStatus(backend, (s) => s.state === 'starting');
    const ready = nextStatus(backend, (s) => s.state === 'ready');
    process.kill(pid, 'SIGSTOP');
    expect((await restarting).message).toMatch(/stopped unexpectedly/);
    await ready;
    expect((await serviceInfo(backend.userDataDir)).pid).not.toBe(pid);
    expect(await call(backend, 'profiles.test', { id: 'local' })).toMatchObject({ ok: true });
  });

  it('issues a new admin key when the keychain lost it, and keeps the data', async () => {
    const userDataDir = await tempDir();
    const before = await startBackend({ userDataDir });
    await before.embedded!.whenReady();
    await call(before, 'api.call', { endpoint: 'createWorkspace', body: { name: 'kept-workspace' } });
    const oldKey = (await before.embedded!.whenReady()).apiKey;
    await before.close();
    await (await embeddedEntry(userDataDir)).deleteCredential();

    const after = await startBackend({ userDataDir });
    const { apiKey } = await after.embedded!.whenReady();
    expect(apiKey).not.toBe(oldKey);
    expect(await (await embeddedEntry(userDataDir)).getPassword()).toBe(apiKey);
    const { workspaceNames } = (await call(after, 'api.call', { endpoint: 'listWorkspaces' })) as { workspaceNames: string[] };
    expect(workspaceNames).toContain('kept-workspace');
    expect(await filesContaining(userDataDir, apiKey)).toEqual([]);
  });

  it('gives up after a bounded number of failed starts, says so, and starts again on request', async () => {
    const userDataDir = await tempDir();
    await writeFile(join(userDataDir, 'service'), 'not a directory');
    const backend = await startBackend({ userDataDir, embeddedLimits: { restartDelayMs: 10 } });
    const failed = await nextStatus(backend, (s) => s.state === 'failed');
    expect(failed.message).toMatch(/^The local service could not start: .+ It kept failing after 3 restarts; restart it to try again\.$/);
    expect((await callError(backend, 'api.call', { endpoint: 'listWorkspaces' })).message).toContain('The local service is not available');

    await rm(join(userDataDir, 'service'));
    await mkdir(join(userDataDir, 'service'));
    expect(await call(backend, 'service.restart', {})).toMatchObject({ state: 'ready' });
    expect(await call(backend, 'profiles.test', { id: 'local' })).toMatchObject({ ok: true });
  });

  it('runs without a keychain, keeping the admin key for the session only (a fresh one each start)', async () => {
    const userDataDir = await tempDir();
    const script = `
      import { createBackend } from ${JSON.stringify(new URL('../src/backend.ts', import.meta.url).pathname)};
      import { detachedSpawner } from ${JSON.stringify(new URL('../src/embedded/node-spawner.ts', import.meta.url).pathname)};
      import { dispatch } from ${JSON.stringify(new URL('../src/ipc/dispatch.ts', import.meta.url).pathname)};
      const backend = createBackend({ userDataDir: process.argv[1], spawnService: detachedSpawner() });
      const { apiKey } = await backend.embedded.whenReady();
      const list = await dispatch(backend.handlers, 'profiles.list', {});
      const test = await dispatch(backend.handlers, 'profiles.test', { id: 'local' });
      await backend.close();
      console.log(JSON.stringify({ apiKey, list, test }));`;
    const run = () =>
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script, userDataDir], {
          encoding: 'utf8',
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/trackdesk-test-bus' },
        }),
      ) as { apiKey: string; list: unknown; test: unknown };
    const first = run();
    expect(first.list).toMatchObject({ ok: true, data: { keychain: { available: false }, profiles: [{ id: 'local', keyStorage: 'session' }] } });
    expect(first.test).toMatchObject({ ok: true, data: { ok: true, userName: 'admin' } });
    const second = run();
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(second.test).toMatchObject({ ok: true, data: { ok: true } });
    expect(await filesContaining(userDataDir, first.apiKey)).toEqual([]);
    expect(await filesContaining(userDataDir, second.apiKey)).toEqual([]);
  });

  it('runs with the liveness timeout it is given (tests shorten it), and tells clients to beat that often', async () => {
    const backend = await startBackend({ embeddedLimits: { aliveBeatMs: 1_234 } });
    await backend.embedded?.whenReady();
    const created = await call(backend, 'api.call', { endpoint: 'createExperiment', body: { workspaceName: 'admin', projectName: 'beat' } });
    const { experimentKey } = created as { experimentKey: string };
    expect(await call(backend, 'api.call', { endpoint: 'keepAlive', query: { experimentKey } })).toMatchObject({ isAliveBeatDurationMillis: 1_234 });
  });

  it('stops the process cleanly on close', async () => {
    const backend = await startBackend();
    const { baseUrl } = await backend.embedded!.whenReady();
    await backend.close();
    expect(await call(backend, 'service.status', {})).toEqual({ profileId: 'local', state: 'stopped' });
    await expect(fetch(`${baseUrl}/clientlib/isAlive/ver`)).rejects.toThrow();
  });
});
