import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fullPath, api } from '../../shared/api/index.ts';
import { startChildServer } from './child-server.ts';
import { startTestServer, TEST_ADMIN_KEY } from './harness.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-durability-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const ENV = { TRACKDESK_BOOTSTRAP_API_KEY: TEST_ADMIN_KEY };

describe('durability', () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL under load', async () => {
    const dataDir = tempDir();
    const service = await startChildServer(dataDir, ENV);
    const acknowledged = new Map<string, string>();
    const killAfter = 300;
    let killed = false;
    const worker = async (id: number) => {
      for (let n = 0; !killed; n += 1) {
        const name = `w${id}-${n}`;
        try {
          const response = await fetch(service.url + fullPath(api.createExperiment), {
            method: 'POST',
            headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({ workspaceName: 'admin', projectName: 'load', experimentName: name }),
          });
          if (response.status !== 200) continue;
          const { experimentKey } = (await response.json()) as { experimentKey: string };
          acknowledged.set(experimentKey, name);
          if (acknowledged.size >= killAfter && !killed) {
            killed = true;
            service.child.kill('SIGKILL');
          }
        } catch {
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, id) => worker(id)));
    expect(await service.exited).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);

    const restarted = await startTestServer({ dataDir });
    try {
      const listed = await restarted.call('listExperiments', { query: { workspaceName: 'admin', projectName: 'load' } });
      const stored = new Map(listed.body.experiments.map((e) => [e.experimentKey, e.experimentName]));
      const lost = [...acknowledged].filter(([key, name]) => stored.get(key) !== name);
      expect(lost).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const dataDir = tempDir();
    const service = await startChildServer(dataDir, ENV);
    const body = JSON.stringify({ workspaceName: 'admin', projectName: 'graceful', projectDescription: 'survives', isPublic: false });
    const url = new URL(service.url + fullPath(api.createProject));
    const pending = request(url, {
      method: 'POST',
      headers: { authorization: TEST_ADMIN_KEY, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      pending.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      pending.on('error', reject);
    });
    pending.flushHeaders();
    await new Promise<void>((resolve) => pending.once('continue', () => resolve()));
    service.child.kill('SIGTERM');
    pending.end(body);
    const answered = await reply;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toHaveProperty('projectId');
    expect(await service.exited).toBe(0);

    const restarted = await startTestServer({ dataDir });
    try {
      const project = await restarted.call('getProject', { query: { workspaceName: 'admin', projectName: 'graceful' } });
      expect(project.body.projectDescription).toBe('survives');
    } finally {
      await restarted.close();
    }
  });
});
