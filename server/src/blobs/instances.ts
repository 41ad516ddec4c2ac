import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Sql } from '../database/sql.ts';

/** The instances started in this process (tests start several on one database): alive whatever their rows say. */
const inThisProcess = new Set<string>();

/**
 * This machine and process namespace: the host name, and on Linux the boot and the pid namespace, so that a pid read
 * from another instance's row names the same process only where all of them match (not in another container, not
 * after a reboot, not on another machine that happens to share the name).
 */
function thisHost(): string {
  const parts = [hostname()];
  try {
    parts.push(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), readlinkSync('/proc/self/ns/pid'));
  } catch {
    // not Linux: the host name alone
  }
  return parts.join(' ');
}

/** The host of this process, as instances record it. */
const THIS_HOST = thisHost();

/** Whether process `pid` of this machine runs (a process of another user counts: EPERM). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One instance's row: where it runs and when it last said it was alive. */
interface InstanceRow {
  id: string;
  host: string;
  pid: number;
  lastSeen: number;
  /** How long it may stay silent (its own setting: instances need not agree). */
  timeoutMs: number;
}

/** The other instances sharing the database, as one look at the rows found them. */
export interface PeerCensus {
  /** Every instance with a row. */
  known: Set<string>;
  /** The instances found dead: silent for longer than their timeout, or a process of this machine that is gone. */
  dead: InstanceRow[];
}

/** This instance's heartbeat row among the instances sharing the database (table `instances`, migration 036). */
export interface Instances {
  readonly id: string;
  /** Records this instance alive now; re-creates its row when a peer took it for dead meanwhile. */
  beat(): Promise<void>;
  /** Looks at every row: which instances exist and which are dead. */
  census(): Promise<PeerCensus>;
  /** Removes a dead instance's row, unless it beat again since the census found it. */
  forget(row: InstanceRow): Promise<void>;
  /** Removes this instance's row (a graceful stop). */
  leave(): Promise<void>;
}

/** Creates the heartbeat of instance `id`, which the others take for dead once it is silent for `timeoutMs`. */
export function createInstances(sql: Sql, id: string, timeoutMs: number): Instances {
  const upsert = sql.prepare<[string, string, number, number, number]>(
    'INSERT INTO instances (id, host, pid, last_seen, timeout_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen',
  );
  const rows = sql.prepare<[], InstanceRow>('SELECT id, host, pid, last_seen AS lastSeen, timeout_ms AS timeoutMs FROM instances');
  const remove = sql.prepare<[string, number]>('DELETE FROM instances WHERE id = ? AND last_seen = ?');
  const removeOwn = sql.prepare<[string]>('DELETE FROM instances WHERE id = ?');
  const isDead = (row: InstanceRow, now: number) => {
    if (row.id === id || inThisProcess.has(row.id)) return false;
    if (now - row.lastSeen > row.timeoutMs) return true;
    // A row of this machine names a process that is gone: a crash, or an earlier start of this very pid (a container's 1).
    return row.host === THIS_HOST && (row.pid === process.pid || !running(row.pid));
  };
  return {
    id,
    async beat() {
      inThisProcess.add(id);
      await upsert.run(id, THIS_HOST, process.pid, Date.now(), timeoutMs);
    },
    async census() {
      const all = await rows.all();
      const now = Date.now();
      return { known: new Set(all.map((row) => row.id)), dead: all.filter((row) => isDead(row, now)) };
    },
    forget: async (row) => void (await remove.run(row.id, row.lastSeen)),
    async leave() {
      inThisProcess.delete(id);
      await removeOwn.run(id);
    },
  };
}
