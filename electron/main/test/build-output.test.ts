import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/src/backend.ts';
import { detachedSpawner } from '../../backend/src/embedded/node-spawner.ts';
import { SERVICE_NODE_FLAGS } from '../../backend/src/embedded/protocol.ts';
import { dispatch } from '../../backend/src/ipc/dispatch.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

beforeAll(() => {
  const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

describe('the electron-vite build (no Electron binary needed)', () => {
  it('emits a sandbox-compatible preload: CommonJS that requires nothing but electron', async () => {
    const preload = await readFile(join(root, 'out/preload/index.cjs'), 'utf8');
    const required = [...preload.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(preload).not.toMatch(/^\s*import\s/m);
    expect(preload).toContain('exposeInMainWorld("trackdesk"');
  });

  it('emits an embedded service entry that starts the service (run here by Node, in the app by its binary in service mode)', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'trackdesk-built-entry-'));
    const backend = createBackend({ userDataDir, spawnService: detachedSpawner(process.execPath, [...SERVICE_NODE_FLAGS, join(root, 'out/main/embedded.js')]) });
    try {
      const ready = await backend.embedded!.whenReady();
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await dispatch(backend.handlers, 'profiles.test', { id: 'local' })).toMatchObject({ ok: true, data: { ok: true } });
    } finally {
      await backend.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  });
});
