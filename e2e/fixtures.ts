import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOKEN_HEADER, TOKEN_STORAGE_KEY } from '../shared/security/shell-token.ts';
import { printedAddress } from './helpers/printed-address.ts';

/** A browser shell started for one test, with its own empty user data directory. */
export interface ShellUnderTest {
  /** The address to open, token included. */
  url: string;
  /** The shell's origin, without the token. */
  origin: string;
  userDataDir: string;
}

/**
 * Starts `node electron/web/cli.ts --port 0 --save-dir <userDataDir> [args]` (config files may be saved in the test's own
 * folder) and resolves with the address it prints.
 */
async function startShell(userDataDir: string, args: readonly string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['electron/web/cli.ts', '--port', '0', '--save-dir', userDataDir, ...args], {
    env: { ...process.env, TRACKDESK_USER_DATA_DIR: userDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { url, output } = await printedAddress(child, 'Browser shell');
  return { child, url, output };
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

/** The headers the page's calls carry: the token the app keeps for its tab, under the shell's header (never a cookie). */
export async function pageCallHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', TOKEN_STORAGE_KEY);
  return { 'content-type': 'application/json', [TOKEN_HEADER]: token };
}

/** Calls an ipc channel from inside the page, as the renderer's bridge does (same origin, the token in its header). */
export async function invokeInPage(page: Page, channel: string, input: unknown = {}): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  const headers = await pageCallHeaders(page);
  return page.evaluate(
    async ([name, body, sent]) => {
      const response = await fetch(`/ipc/${name}`, { method: 'POST', headers: sent, body: JSON.stringify(body) });
      return (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
    },
    [channel, input, headers] as const,
  );
}

/**
 * Opens the page's event stream, calls `trigger` once it is open, and resolves with the event `name`
 * matching the last of `matches` after events matching the ones before it arrived in that order (the
 * stream first sends the current state, so a sequence tells a new state from the one before).
 */
export async function eventsInOrder(page: Page, name: string, trigger: { channel: string; input?: unknown }, matches: Record<string, unknown>[]): Promise<unknown> {
  const headers = await pageCallHeaders(page);
  return page.evaluate(
    async ([eventName, channel, input, wanted, sent]) => {
      // Read as the app reads it: fetch with the token header (EventSource cannot send one), Server-Sent Events by hand.
      const stream = new AbortController();
      const response = await fetch('/events', { headers: sent, signal: stream.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      void fetch(`/ipc/${channel}`, { method: 'POST', headers: sent, body: JSON.stringify(input ?? {}) });
      let buffer = '';
      let next = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('The event stream ended before the events arrived.');
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = lines.find((line) => line.startsWith('data: '));
          if (!lines.includes(`event: ${eventName}`) || !data) continue;
          const payload = JSON.parse(data.slice(6)) as Record<string, unknown>;
          if (!Object.entries(wanted[next] ?? {}).every(([key, value]) => payload[key] === value)) continue;
          next += 1;
          if (next < wanted.length) continue;
          stream.abort();
          return payload;
        }
      }
    },
    [name, trigger.channel, trigger.input, matches, headers] as const,
  );
}

export { expect };
