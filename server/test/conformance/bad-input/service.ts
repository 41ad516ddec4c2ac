import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from '../../support/child-server.ts';
import { defaultBackendFlags, TEST_ADMIN_KEY } from '../../support/harness.ts';

/** The service under test, in its own process so that a crash is seen and its memory can be read. */
export interface ServiceUnderTest {
  url: string;
  port: number;
  key: string;
  child: ChildServer;
  /** Resident memory of the service process, in bytes. */
  rss(): number;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Whether a health read (the public version check) answers 200 within `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<boolean>;
  /** Stops it (SIGTERM) and deletes its data dir. */
  close(): Promise<void>;
}

/** The path of the health read. */
export const HEALTH_PATH = '/clientlib/isAlive/ver';

/** Starts `cli.ts` on a free port with a temporary data dir and the test admin key, on the default test backend. */
export async function startServiceUnderTest(): Promise<ServiceUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bad-input-'));
  const child = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY }, await defaultBackendFlags());
  const url = child.url;
  let exited = false;
  child.exited.then(() => (exited = true)).catch(() => (exited = true));
  return {
    url,
    port: Number(new URL(url).port),
    key: TEST_ADMIN_KEY,
    child,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.child.pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024,
    alive: () => !exited,
    async healthy(timeoutMs = 5000) {
      try {
        const response = await fetch(url + HEALTH_PATH, { signal: AbortSignal.timeout(timeoutMs) });
        await response.arrayBuffer();
        return response.status === 200;
      } catch {
        return false;
      }
    },
    async close() {
      if (!exited) {
        child.child.kill('SIGTERM');
        await child.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
