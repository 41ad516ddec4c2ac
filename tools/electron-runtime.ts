import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

/** How long an answer that the runtime is missing is trusted before the next start looks again (a found one is checked on disk). */
export const MISSING_RUNTIME_TTL_MS = 24 * 60 * 60 * 1000;

/** What the probe's answer depends on: the `electron` package (version, downloaded binary), the platform, and ELECTRON_* settings. */
export function runtimeProbeKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const electronDir = join(root, 'node_modules', 'electron');
  const read = (file: string) => (existsSync(join(electronDir, file)) ? readFileSync(join(electronDir, file), 'utf8') : '');
  const version = (JSON.parse(read('package.json') || '{}') as { version?: string }).version ?? 'not installed';
  const settings = Object.keys(env).filter((name) => name.startsWith('ELECTRON_')).sort().map((name) => `${name}=${env[name]}`);
  return JSON.stringify({ version, binary: read('path.txt'), dist: existsSync(join(electronDir, 'dist')), platform: process.platform, arch: process.arch, settings });
}

/** The probe's answer, and when it was found when it comes from an earlier start. */
export type RememberedRuntime = ({ path: string } | { reason: string }) & { since?: Date };

/**
 * The Electron runtime as an earlier start found it, when nothing it depends on changed (`key`), the binary it found is
 * still there and a missing one was looked for less than MISSING_RUNTIME_TTL_MS ago; otherwise `probe` looks again and
 * the answer is remembered in `cacheFile`.
 */
export function rememberedElectronRuntime(cacheFile: string, key: string, probe = electronRuntime, now = Date.now()): RememberedRuntime {
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; at: number; runtime: { path?: string; reason?: string } };
    const { path, reason } = cached.runtime;
    const fresh = cached.key === key && now - cached.at >= 0;
    if (fresh && typeof path === 'string' && existsSync(path)) return { path, since: new Date(cached.at) };
    if (fresh && typeof reason === 'string' && now - cached.at < MISSING_RUNTIME_TTL_MS) return { reason, since: new Date(cached.at) };
  } catch {
    // No answer remembered yet (or an unreadable one): look.
  }
  const runtime = probe();
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(`${cacheFile}.${process.pid}`, JSON.stringify({ key, at: now, runtime }));
  renameSync(`${cacheFile}.${process.pid}`, cacheFile);
  return runtime;
}
