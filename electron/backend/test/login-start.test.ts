import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { desktopEntry, START_SERVICE_FLAG } from '../src/embedded/login-start.ts';
import { answersAsItself } from '../src/embedded/service-control.ts';
import { readServiceInfo } from '../src/embedded/service-files.ts';
import { stopService } from '../src/embedded/service-control.ts';
import { call, callError, startBackend, tempDir } from './helpers.ts';

/** `npm run serve`'s command line: what the browser shell records for "Start at login". */
const SERVE_COMMAND = [process.execPath, fileURLToPath(new URL('../../web/cli.ts', import.meta.url)), START_SERVICE_FLAG];

/** The arguments of a desktop entry's Exec line, unquoted as the Desktop Entry spec says a launcher does. */
function execArguments(exec: string): string[] {
  const args: string[] = [];
  for (const match of exec.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)) args.push((match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? '').replaceAll('%%', '%'));
  return args;
}

/** Runs a command as a session's autostart does (no terminal, no window) and waits for it to end. */
function runAtLogin(args: string[]): Promise<number | null> {
  const [command = '', ...rest] = args;
  const child = spawn(command, rest, { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } });
  return new Promise((resolve, reject) => child.once('exit', resolve).once('error', reject));
}

describe('start the local service at login', () => {
  it('writes an XDG autostart entry whose Exec line starts only the service, headless, and removes it when turned off', async () => {
    const xdgConfigHome = await tempDir();
    // The app's window is closed at login: this backend runs no service of its own.
    const backend = await startBackend({ spawnService: undefined, loginStart: { command: SERVE_COMMAND, xdgConfigHome } });
    const file = join(xdgConfigHome, 'autostart', 'trackdesk-service.desktop');
    expect(await call(backend, 'service.loginStart', {})).toEqual({ enabled: false, where: file });

    expect(await call(backend, 'service.setLoginStart', { enabled: true })).toEqual({ enabled: true, where: file });
    const entry = await readFile(file, 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
    expect(entry).toContain('\nTerminal=false\n');
    const exec = /^Exec=(.*)$/m.exec(entry)?.[1] ?? '';
    expect(execArguments(exec)).toEqual(['env', `TRACKDESK_USER_DATA_DIR=${backend.userDataDir}`, 'TRACKDESK_LOCAL_PORT=0', ...SERVE_COMMAND]);

    // At login nothing runs yet: the Exec line alone starts the service of the same data folder, and ends.
    expect(await readServiceInfo(join(backend.userDataDir, 'service'))).toBeUndefined();
    expect(await runAtLogin(execArguments(exec))).toBe(0);
    const info = await readServiceInfo(join(backend.userDataDir, 'service'));
    expect(info && (await answersAsItself(info))).toBe(true);
    if (info) await stopService(info);

    expect(await call(backend, 'service.setLoginStart', { enabled: false })).toEqual({ enabled: false, where: file });
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('quotes the Exec line for paths with spaces, quotes and percent signs', () => {
    const command = ['/opt/Track Desk/trackdesk', '--data="x"', '100%', START_SERVICE_FLAG];
    const exec = /^Exec=(.*)$/m.exec(desktopEntry(command))?.[1] ?? '';
    expect(exec).toBe('"/opt/Track Desk/trackdesk" "--data=\\"x\\"" 100%% --start-service');
    expect(execArguments(exec)).toEqual(command);
  });

  it('is refused, saying so, where the shell cannot start the service at login', async () => {
    const backend = await startBackend({ spawnService: undefined });
    expect((await callError(backend, 'service.setLoginStart', { enabled: true })).code).toBe('unsupported');
  });
});
