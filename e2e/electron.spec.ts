import { _electron as electron, type ElectronApplication } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronRuntime } from '../tools/electron-runtime.ts';
import { expect, test } from './fixtures.ts';

const runtime = electronRuntime(60_000);

test.describe('desktop window (Electron)', () => {
  test.skip(!('path' in runtime), `The Electron runtime is absent here (${'reason' in runtime ? runtime.reason : ''}); these specs need it.`);

  let app: ElectronApplication | undefined;
  let userDataDir = '';

  test.beforeAll(() => {
    if (!existsSync('out/main/index.js') || !existsSync('out/preload/index.cjs')) {
      expect(spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' }).status).toBe(0);
    }
  });

  test.beforeEach(async () => {
    userDataDir = await mkdtemp(join(tmpdir(), 'trackdesk-electron-e2e-'));
    app = await electron.launch({
      executablePath: (runtime as { path: string }).path,
      args: ['.'],
      env: { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir },
    });
  });

  test.afterEach(async () => {
    await app?.close();
    await rm(userDataDir, { recursive: true, force: true });
  });

  test('opens one window on app://trackdesk with the app ready and only the contract on window.trackdesk', async () => {
    const window = await app!.firstWindow();
    await expect(window.locator('[data-app-state="ready"]')).toBeVisible();
    expect(window.url()).toBe('app://trackdesk/index.html');
    expect(app!.windows()).toHaveLength(1);
    const exposed = await window.evaluate(() => ({
      bridge: Object.keys((window as unknown as { trackdesk: object }).trackdesk).sort(),
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
    }));
    expect(exposed).toEqual({ bridge: ['acceptDroppedFiles', 'invoke', 'on'], require: 'undefined', process: 'undefined' });
    const refused = await window.evaluate(() =>
      (window as unknown as { trackdesk: { invoke(c: string, i: unknown): Promise<unknown> } }).trackdesk.invoke('fs.readFile', {}),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const test = await window.evaluate(() =>
      (window as unknown as { trackdesk: { invoke(c: string, i: unknown): Promise<unknown> } }).trackdesk.invoke('profiles.test', { id: 'local' }),
    );
    expect(test).toMatchObject({ ok: true, data: { ok: true, userName: 'admin' } });
  });
});
