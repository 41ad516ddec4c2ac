import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LockHeld, processStartTime, readServiceInfo, takeServiceLock, writeServiceInfo, type ServiceInfo } from '../src/embedded/service-files.ts';
import { tempDir } from './helpers.ts';

/** A live process that is not the local service: what a reused process id names after the service ended. */
async function otherProcess(): Promise<{ pid: number; end(): void }> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return { pid: child.pid!, end: () => child.kill() };
}

const info = (pid: number, pidStart: string | undefined): ServiceInfo => ({
  pid,
  pidStart,
  port: 7717,
  url: 'http://127.0.0.1:7717',
  version: '1.0.0',
  instanceId: 'a',
  startedAt: new Date().toISOString(),
  controlSecret: 's',
});

describe("the local service's files: a process id that now names another process is not the service (ids are reused)", () => {
  it('knows a process by its id and its start time', async () => {
    const other = await otherProcess();
    try {
      expect(processStartTime(process.pid)).toMatch(/^\d+$/);
      expect(processStartTime(other.pid)).toMatch(/^\d+$/);
      expect(processStartTime(other.pid)).not.toBe(processStartTime(process.pid));
    } finally {
      other.end();
    }
  });

  it('reads the info of a live service, and not one whose id was taken by another process since', async () => {
    const dir = await tempDir();
    await writeServiceInfo(dir, info(process.pid, processStartTime(process.pid)));
    expect((await readServiceInfo(dir))?.pid).toBe(process.pid);
    const other = await otherProcess();
    try {
      await writeServiceInfo(dir, info(other.pid, '1'));
      expect(await readServiceInfo(dir)).toBeUndefined();
    } finally {
      other.end();
    }
  });

  it('takes a lock whose holder id now names another process, and refuses one held by the live holder', async () => {
    const dir = await tempDir();
    const other = await otherProcess();
    try {
      await writeFile(join(dir, 'service.lock'), `${other.pid} 1`);
      const lock = await takeServiceLock(dir);
      expect(await readFile(join(dir, 'service.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
      await lock.release();
      await writeFile(join(dir, 'service.lock'), `${other.pid} ${processStartTime(other.pid)}`);
      await expect(takeServiceLock(dir)).rejects.toBeInstanceOf(LockHeld);
      await writeFile(join(dir, 'service.lock'), String(other.pid));
      await expect(takeServiceLock(dir)).rejects.toBeInstanceOf(LockHeld);
    } finally {
      other.end();
    }
  });
});
