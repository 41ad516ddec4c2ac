import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a running local service writes about itself into its data dir (mode 0600): how to find, check and control it. */
export interface ServiceInfo {
  pid: number;
  /** When that process started (`processStartTime`), so that a later process given the same id is not taken for it. */
  pidStart?: string;
  port: number;
  url: string;
  /** The app version that started it. */
  version: string;
  /** Random per start; the identity route answers it, so an address is known to be this service. */
  instanceId: string;
  /** ISO time of the start. */
  startedAt: string;
  /** Sent with control requests (keys, stop); only the user who can read this file has it. */
  controlSecret: string;
}

/** Why a service process did not start, written for the app that started it. */
export interface StartFailure {
  instanceId: string;
  code: 'port-taken' | 'already-running' | 'failed';
  message: string;
}

const INFO_FILE = 'service.json';
const LOCK_FILE = 'service.lock';
const FAILURE_FILE = 'start-failure.json';
const WAITING_FILE = 'waiting.json';
/** The service's own output (it has no terminal): beside its database. */
export const LOG_FILE = 'service.log';

/** True while a process with this id exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, in clock ticks since boot (Linux's /proc/<pid>/stat); undefined where that cannot be
 * read (another OS, or no such process). Process ids are reused (every 32,768 starts on many Linux machines).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is the 3rd field, starttime the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** True while the process that had id `pid` and started at `started` (when known) still exists. */
export function isSameProcess(pid: number, started: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  if (started === undefined) return true;
  const now = processStartTime(pid);
  return now === undefined || now === started;
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, path);
}

/** The info of the service of `dataDir`, when one wrote it and its process still exists. */
export async function readServiceInfo(dataDir: string): Promise<ServiceInfo | undefined> {
  const info = await readJson<ServiceInfo>(join(dataDir, INFO_FILE));
  return info && Number.isInteger(info.pid) && isSameProcess(info.pid, info.pidStart) ? info : undefined;
}

/** Writes the running service's info (atomically, readable by its user only). */
export function writeServiceInfo(dataDir: string, info: ServiceInfo): Promise<void> {
  return writeJson(join(dataDir, INFO_FILE), info);
}

/** Removes the info file if it still describes `instanceId`. */
export async function removeServiceInfo(dataDir: string, instanceId: string): Promise<void> {
  const info = await readJson<ServiceInfo>(join(dataDir, INFO_FILE));
  if (info?.instanceId === instanceId) await rm(join(dataDir, INFO_FILE), { force: true });
}

/** Records why the start `failure.instanceId` failed. */
export function writeStartFailure(dataDir: string, failure: StartFailure): Promise<void> {
  return writeJson(join(dataDir, FAILURE_FILE), failure);
}

/** Why the start `instanceId` failed, once its process wrote it. */
export async function readStartFailure(dataDir: string, instanceId: string): Promise<StartFailure | undefined> {
  const failure = await readJson<StartFailure>(join(dataDir, FAILURE_FILE));
  return failure?.instanceId === instanceId ? failure : undefined;
}

/** Says that the start `instanceId` has loaded its code and waits for the lock (to take over from a running service). */
export function writeWaiting(dataDir: string, instanceId: string): Promise<void> {
  return writeJson(join(dataDir, WAITING_FILE), { instanceId });
}

/** True once the start `instanceId` waits for the lock. */
export async function isWaiting(dataDir: string, instanceId: string): Promise<boolean> {
  return (await readJson<{ instanceId: string }>(join(dataDir, WAITING_FILE)))?.instanceId === instanceId;
}

/** Another live process holds the data dir's lock. */
export class LockHeld extends Error {
  readonly pid: number;
  constructor(pid: number) {
    super(`Another local service (process ${pid}) already uses this data folder.`);
    this.pid = pid;
  }
}

/**
 * Takes the data dir's lock: an exclusive create of `service.lock` holding this process's id and start time. A lock
 * left by a process that no longer exists (its id gone, or now another process's) is removed and taken; one held by a
 * live process throws `LockHeld`.
 */
export async function takeServiceLock(dataDir: string): Promise<{ release(): Promise<void> }> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid} ${processStartTime(process.pid) ?? ''}`.trim());
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidText = '', started] = (await readFile(path, 'utf8').catch(() => '')).trim().split(' ');
    const holder = Number(pidText);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isSameProcess(holder, started)) throw new LockHeld(holder);
    // A dead holder's lock (or one half-written by a process that died creating it): take its place.
    await rm(path, { force: true });
  }
  throw new Error(`The lock ${path} could not be taken.`);
}
