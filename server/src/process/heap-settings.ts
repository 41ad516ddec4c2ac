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
 * at a hundred. Set from the start: set only once the service listened (to spare module loading some 150 ms of
 * collections) it let the mixed load's RSS grow 29–48 MiB against 19–26 MiB (2026-11-27, memory-mixed-load).
 */
const OLD_GENERATION_FLAG = '--heap-growing-percent=50';

/** The V8 flags a process running the service should start with (the embedded service's spawner passes them). */
export const SERVICE_NODE_FLAGS: readonly string[] = [YOUNG_GENERATION_FLAG, OLD_GENERATION_FLAG];

/**
 * Restarts this process in place (same pid, stdio and environment: `process.execve`) with the SERVICE_NODE_FLAGS it
 * was started without, so `node server/src/process/cli.ts` runs with the service's heap settings however it was launched.
 * A setting the user gave (flag or NODE_OPTIONS) is kept; where execve is missing (Windows) V8's defaults stay.
 */
export function restartWithServiceNodeFlags(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  const missing = SERVICE_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0] ?? flag));
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
