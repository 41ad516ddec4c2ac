import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A browser shell started for one test, with its own empty user data directory. */
export interface ShellUnderTest {
  /** The address to open, token included. */
  url: string;
  /** The shell's origin, without the token. */
  origin: string;
  userDataDir: string;
}

/** Starts `node electron/web/cli.ts --port 0 [args]` and resolves with the address it prints. */
async function startShell(userDataDir: string, args: readonly string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['electron/web/cli.ts', '--port', '0', ...args], {
    env: { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Browser shell did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Browser shell exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** Sends SIGTERM and waits for the exit (the shell bounds its own shutdown); SIGKILL after 30 s. Answers the exit code. */
async function stopShell(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(killer);
  return code;
}

/** Playwright test with a fresh browser shell per test; `test.use({ shellArgs: [...] })` passes it options (e.g. shorter timings). */
export const test = base.extend<{ shell: ShellUnderTest; shellArgs: string[] }>({
  shellArgs: [[], { option: true }],
  shell: async ({ shellArgs }, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'trackdesk-e2e-'));
    const { child, url, output } = await startShell(userDataDir, shellArgs);
    await use({ url, origin: new URL(url).origin, userDataDir });
    const exitCode = await stopShell(child);
    await rm(userDataDir, { recursive: true, force: true });
    if (exitCode !== 0) throw new Error(`The browser shell did not stop cleanly (exit code ${exitCode}):\n${output()}`);
  },
});

/** Calls an ipc channel from inside the page, as the renderer's bridge does (same origin, token cookie). */
export async function invokeInPage(page: Page, channel: string, input: unknown = {}): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  return page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/ipc/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
    },
    [channel, input] as const,
  );
}

/**
 * Opens the page's event stream, calls `trigger` once it is open, and resolves with the event `name`
 * matching the last of `matches` after events matching the ones before it arrived in that order (the
 * stream first sends the current state, so a sequence tells a new state from the one before).
 */
export async function eventsInOrder(page: Page, name: string, trigger: { channel: string; input?: unknown }, matches: Record<string, unknown>[]): Promise<unknown> {
  return page.evaluate(
    async ([eventName, channel, input, wanted]) =>
      new Promise((resolve) => {
        const source = new EventSource('/events');
        let next = 0;
        source.addEventListener(eventName, (message) => {
          const payload = JSON.parse((message as MessageEvent<string>).data) as Record<string, unknown>;
          if (!Object.entries(wanted[next] ?? {}).every(([key, value]) => payload[key] === value)) return;
          next += 1;
          if (next < wanted.length) return;
          source.close();
          resolve(payload);
        });
        source.addEventListener('open', () => {
          void fetch(`/ipc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) });
        });
      }),
    [name, trigger.channel, trigger.input, matches] as const,
  );
}

export { expect };
