import { setFlagsFromString } from 'node:v8';

/**
 * The young generation's cap, a V8 flag that only works when the process starts. Left alone, V8 doubles the
 * young generation (two semi-spaces) whenever enough survives its collections, which any sustained load with
 * requests in flight does: from 16 MiB to 128 MiB within seconds (`npm run bench -- service`, mixed load), and it is
 * given back only some 15 s after the load. Two 8 MiB semi-spaces keep it at 16 MiB with no loss of throughput.
 */
const YOUNG_GENERATION_FLAG = '--max-semi-space-size=8';

/**
 * How far the old generation may grow past what survived its last collection before V8 collects it again: 50%
 * instead of V8's up-to-300%, so short-lived request objects promoted under load are freed at tens of MiB, not
 * at a hundred. V8 reads it at every collection, so it is set once the service listens: from the start it made
 * loading the modules collect the growing heap over and over (some 150 ms more CPU before the first answer).
 */
const OLD_GENERATION_FLAG = '--heap-growing-percent=50';

/** The V8 flags a process running the service should start with (the embedded service's spawner passes them). */
export const SERVICE_NODE_FLAGS: readonly string[] = [YOUNG_GENERATION_FLAG];

/** Whether the user set a V8 flag themselves (on the command line or in NODE_OPTIONS). */
const givenByUser = (flag: string): boolean => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').includes(flag.split('=')[0] ?? flag);

/** Applies the heap settings that only matter once the service runs (call it after listening); a setting the user gave is kept. */
export function applyRunningServiceHeapSettings(): void {
  if (!givenByUser(OLD_GENERATION_FLAG)) setFlagsFromString(OLD_GENERATION_FLAG);
}

/**
 * Restarts this process in place (same pid, stdio and environment: `process.execve`) with the SERVICE_NODE_FLAGS it
 * was started without, so `node server/src/process/cli.ts` runs with the service's heap settings however it was launched.
 * A setting the user gave (flag or NODE_OPTIONS) is kept; where execve is missing (Windows) V8's defaults stay.
 */
export function restartWithServiceNodeFlags(): void {
  const missing = SERVICE_NODE_FLAGS.filter((flag) => !givenByUser(flag));
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
