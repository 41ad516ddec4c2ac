import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/child-server.ts';
import { startTestServer } from '../support/harness.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-key-length-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the length of a custom API key', () => {
  it('refuses a bootstrap key of fewer than 32 characters at the command line, with status 2 and what to do', async () => {
    const { code, stderr } = await runCli(['--port', '0', '--data-dir', tempDir()], { TRACKDESK_BOOTSTRAP_API_KEY: 'k'.repeat(31) });
    expect(code).toBe(2);
    expect(stderr).toContain('TRACKDESK_BOOTSTRAP_API_KEY: An API key needs at least 32 characters (this one has 31)');
    expect(stderr).toContain('openssl rand');
    expect(stderr).not.toContain('k'.repeat(31));
  });

  it('refuses a short bootstrap key in-process too, and takes one of 32 characters', async () => {
    await expect(startTestServer({ backend: 'sqlite', dataDir: tempDir(), bootstrapApiKey: 'short-key-0123456789' })).rejects.toThrow('An API key needs at least 32 characters (this one has 20)');
    const key = 'x'.repeat(32);
    const server = await startTestServer({ backend: 'sqlite', dataDir: tempDir(), bootstrapApiKey: key });
    try {
      expect((await server.call('listWorkspaces', { key })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
