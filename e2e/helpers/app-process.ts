import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShellUnderTest } from '../fixtures.ts';
import { printedAddress } from './printed-address.ts';

/** An app (browser shell) started by a test that controls its local service's lifetime itself. */
export interface AppUnderTest extends ShellUnderTest {
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts `node electron/web/cli.ts --port 0 --save-dir <userDataDir>` on `userDataDir` with the local service on `servicePort`, leaving the service
 * running when the app stops (as a user's app does): the test stops it with `stopLocalService`.
 */
export async function startApp(userDataDir: string, servicePort: number): Promise<AppUnderTest> {
  const env: NodeJS.ProcessEnv = { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir, TRACKDESK_LOCAL_PORT: String(servicePort) };
  delete env.TRACKDESK_STOP_SERVICE_ON_EXIT;
  // Config files may be saved in the test's own folder, as in every test shell (e2e/fixtures.ts).
  const child = spawn(process.execPath, ['electron/web/cli.ts', '--port', '0', '--save-dir', userDataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const { url, output } = await printedAddress(child, 'The app');
  return { child, url, origin: new URL(url).origin, userDataDir, output };
}

/** Stops the app as closing its window does (SIGTERM); answers its exit code. */
export async function stopApp(app: AppUnderTest): Promise<number | null> {
  if (app.child.exitCode !== null) return app.child.exitCode;
  const exited = new Promise<number | null>((resolve) => app.child.once('exit', (code) => resolve(code)));
  app.child.kill('SIGTERM');
  return exited;
}

/** What the running local service of a data folder wrote about itself, if one runs. */
export async function localServiceInfo(userDataDir: string): Promise<{ pid: number; url: string; controlSecret: string; startedAt: string } | undefined> {
  try {
    return JSON.parse(await readFile(join(userDataDir, 'service', 'service.json'), 'utf8')) as { pid: number; url: string; controlSecret: string; startedAt: string };
  } catch {
    return undefined;
  }
}

/** Stops the local service of a data folder, as the app's Stop does, and waits until its process is gone. */
export async function stopLocalService(userDataDir: string): Promise<void> {
  const info = await localServiceInfo(userDataDir);
  if (!info) return;
  await fetch(`${info.url}/trackdesk/local-service/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trackdesk-control': info.controlSecret },
    body: '{"type":"stop"}',
  }).catch(() => undefined);
  for (let waited = 0; waited < 10_000; waited += 50) {
    try {
      process.kill(info.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(info.pid, 'SIGKILL');
}
