import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CLUSTER_USER, postgresBinDir, startPostgresCluster } from './postgres-cluster.ts';

/** Whether a process runs (a zombie left unreaped by a container's init does not count). */
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

describe('throw-away PostgreSQL clusters for tests', () => {
  it('starts a cluster on 127.0.0.1 with fsync on, never as root, serves a new database, and leaves nothing behind when stopped', async () => {
    const cluster = await startPostgresCluster();
    try {
      expect(alive(cluster.pid)).toBe(true);
      const owner = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${cluster.pid}/status`, 'utf8'))?.[1]);
      const expectedOwner = userInfo().uid === 0 ? Number(execFileSync('id', ['-u', CLUSTER_USER], { encoding: 'utf8' })) : userInfo().uid;
      expect(owner).toBe(expectedOwner);
      expect(owner).not.toBe(0);
      const client = new pg.Client(await cluster.createDatabase('probe'));
      await client.connect();
      try {
        const { rows } = await client.query<{ fsync: string; listen: string; db: string }>(
          "SELECT current_setting('fsync') AS fsync, current_setting('listen_addresses') AS listen, current_database() AS db",
        );
        expect(rows[0]).toEqual({ fsync: 'on', listen: '127.0.0.1', db: 'probe' });
      } finally {
        await client.end();
      }
    } finally {
      await cluster.stop();
    }
    expect(existsSync(cluster.dir)).toBe(false);
    expect(alive(cluster.pid)).toBe(false);
  });

  it('names the install script when the PostgreSQL binaries are missing', async () => {
    const missing = join(import.meta.dirname, 'no-postgresql-here');
    expect(() => postgresBinDir(missing)).toThrow(/tools\/install-system-packages\.sh/);
    await expect(startPostgresCluster({ binRoot: missing })).rejects.toThrow(/install-system-packages/);
  });
});
