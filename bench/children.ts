import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Starts a Node script (path relative to bench/) as a child process and resolves with it and the URL it prints. */
export async function startChild(script: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as Readable });
  for await (const line of lines) {
    const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) return { child, url };
  }
  throw new Error(`${script} exited before listening`);
}

/** Ends a child process with SIGTERM and resolves once it exited. */
export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Resident memory of a process in bytes: now, and the peak since the last reset. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Resets the peak-RSS counter of a process (Linux: write 5 to clear_refs). */
export const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
