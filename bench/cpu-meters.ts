import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Named readers of CPU time used so far (ms), read before and after a measured run. */
export type CpuMeters = Record<string, () => number>;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state. */
function statFields(pid: number | 'self'): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

const ticksToMs = (...ticks: (string | undefined)[]) => (ticks.reduce((sum, tick) => sum + Number(tick ?? 0), 0) * 1000) / TICKS_PER_SECOND;

/** CPU time (user + system) a process has used so far, in ms. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return ticksToMs(fields[11], fields[12]);
}

/** CPU time of this process and of its children that ended (autocannon runs), in ms: the load generator's. */
export function loadGeneratorCpuMs(): number {
  const fields = statFields('self');
  return ticksToMs(fields[11], fields[12], fields[13], fields[14]);
}

/**
 * CPU time of a PostgreSQL cluster so far, in ms: the postmaster with its ended children (backends that closed)
 * and every live child (backends, checkpointer, WAL writer…). Readable for a cluster run by another user.
 */
export function postgresCpuMs(postmasterPid: number): number {
  const own = statFields(postmasterPid);
  let total = ticksToMs(own[11], own[12], own[13], own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      if (Number(fields[1]) === postmasterPid) total += ticksToMs(fields[11], fields[12]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/** Reads every meter once. */
export const readMeters = (meters: CpuMeters): Record<string, number> => Object.fromEntries(Object.entries(meters).map(([name, read]) => [name, read()]));

/** Cores each meter kept busy between two readings `elapsedMs` apart (CPU time / wall time). */
export function coresBusy(before: Record<string, number>, after: Record<string, number>, elapsedMs: number): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([name, value]) => [name, (value - (before[name] ?? value)) / Math.max(1, elapsedMs)]));
}
