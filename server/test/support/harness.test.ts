import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { freePort } from './postgres-cluster.ts';
import { WORKSPACE } from '../registry/registry-fixtures.ts';

/** The origins (scheme, host and port) `work` sent its requests to, in order. */
async function originsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent = vi.spyOn(globalThis, 'fetch');
  try {
    await work();
    return sent.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).origin);
  } finally {
    sent.mockRestore();
  }
}

const servers: TestServer[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) await server.close();
});

describe('test services with TRACKDESK_TEST_INSTANCES=2', () => {
  it('run two instances on PostgreSQL, and calls and fetches take them in turn', async () => {
    vi.stubEnv('TRACKDESK_TEST_INSTANCES', '2');
    const server = await startTestServer({ backend: 'postgres' });
    servers.push(server);
    const origins = await originsOf(async () => {
      await server.call('createProject', { body: { workspaceName: WORKSPACE, projectName: 'turns', projectDescription: 'written on one', isPublic: false } });
      const read = await server.call('getProject', { query: { workspaceName: WORKSPACE, projectName: 'turns' } });
      expect(read.body.projectDescription).toBe('written on one');
      await server.fetch('/api/rest/v2/workspaces', { headers: { authorization: server.adminKey } });
    });
    expect(new Set(origins).size).toBe(2);
    expect(origins[0]).toBe(new URL(server.url).origin);
    expect(origins[2]).toBe(origins[0]);
    expect(origins[1]).not.toBe(origins[0]);
  });

  it('run one instance on SQLite, and one for a test of throttling limits (they count per instance)', async () => {
    vi.stubEnv('TRACKDESK_TEST_INSTANCES', '2');
    const onSqlite = await startTestServer({ backend: 'sqlite' });
    const throttled = await startTestServer({ backend: 'postgres', throttle: { metricsPerMinute: 5 } });
    servers.push(onSqlite, throttled);
    for (const server of [onSqlite, throttled]) {
      const origins = await originsOf(async () => {
        for (let call = 0; call < 3; call += 1) await server.fetch('/api/rest/v2/workspaces', { headers: { authorization: server.adminKey } });
      });
      expect(new Set(origins)).toEqual(new Set([new URL(server.url).origin]));
    }
  });

  it('refuses a bad TRACKDESK_TEST_INSTANCES, and closes the instances started when a later one fails to start', async () => {
    vi.stubEnv('TRACKDESK_TEST_INSTANCES', 'two');
    await expect(startTestServer({ backend: 'postgres' })).rejects.toThrow('TRACKDESK_TEST_INSTANCES must be a whole number');
    vi.stubEnv('TRACKDESK_TEST_INSTANCES', '2');
    // Both instances asked for one port: the first takes it, the second cannot.
    const port = await freePort();
    await expect(startTestServer({ backend: 'postgres', port })).rejects.toThrow(/EADDRINUSE/);
    await expect(freePort(port)).resolves.toBe(port);
  });
});
