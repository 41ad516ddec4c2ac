import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the Electron runtime is, fetching it through the `electron` package if needed; undefined when it cannot be had. */
export function electronRuntime(timeoutMs = 180_000): { path: string } | { reason: string } {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const path = probe.stdout.split('\n').at(-1)?.trim() ?? '';
  if (probe.status === 0 && path && existsSync(path)) return { path };
  const firstError = `${probe.stdout}\n${probe.stderr}`.split('\n').find((line) => /^\w*Error: /.test(line));
  const detail = firstError?.replace(/^\w*Error: /, '') ?? 'the electron package reported no runtime';
  return { reason: probe.error ? `timed out after ${timeoutMs / 1000} s` : `its download failed: ${detail}` };
}
