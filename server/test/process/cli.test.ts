import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startChildServer } from '../support/child-server.ts';
import { freshPostgresDatabase, testBackends } from '../support/test-database.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trackdesk-cli-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const workspacesWith = async (url: string, key: string) =>
  fetch(`${url}/api/rest/v2/workspaces`, { headers: { authorization: key } });

describe('npm run server', () => {
  it('--help documents every flag and subcommand', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--host', '--port', '--data-dir', '--body-limit', '--upload-limit', '--webhooks-allow-private', '--log', '--help']) {
      expect(stdout).toContain(flag);
    }
    for (const command of ['keys create --user', 'keys list', 'keys revoke', 'migrate --from <data dir> --to postgres://', 'TRACKDESK_BOOTSTRAP_API_KEY', 'admin-api-key']) {
      expect(stdout).toContain(command);
    }
  });

  it('refuses single sign-on flags that cannot work, each naming what to fix, with status 2', async () => {
    const roleMap = join(tempDir(), 'roles.json');
    writeFileSync(roleMap, JSON.stringify([{ value: 'ml-leads', workspace: 'ml-team', role: 'owner' }]));
    const cases: Array<[string[], string]> = [
      [['--no-password-sign-in'], '--no-password-sign-in needs single sign-on (--oidc-issuer)'],
      [['--oidc-issuer', 'http://id.example.com'], '--oidc-issuer must be an https:// URL (http only on this host)'],
      [['--oidc-issuer', 'https://id.example.com'], '--oidc-issuer needs --oidc-client-id'],
      [['--oidc-issuer', 'https://id.example.com', '--oidc-client-id', 'td', '--oidc-role-map', roleMap], `--oidc-role-map ${roleMap}: entry 0.role`],
      [['--oidc-issuer', 'https://id.example.com', '--oidc-client-id', 'td', '--oidc-recheck-minutes', 'soon'], '--oidc-recheck-minutes must be a whole number'],
    ];
    for (const [flags, message] of cases) {
      const { code, stderr } = await runCli([...flags, '--data-dir', tempDir()]);
      expect(code, stderr).toBe(2);
      expect(stderr).toContain(message);
    }
    expect((await runCli(['--help'])).stdout).toContain('--oidc-role-map <file>');
  });

  it('refuses reverse-proxy settings that cannot work, each naming the option, with status 2', async () => {
    const cases: Array<[string[], string]> = [
      [['--trusted-proxy', '10.0.0.10,nginx.internal'], '--trusted-proxy: A trusted proxy must be an IP address or a CIDR range (e.g. 10.0.0.10 or 10.0.0.0/24), got "nginx.internal".'],
      [['--public-url', 'trackdesk.example.com'], '--public-url: The public URL must be an absolute http(s) URL'],
      [['--public-url', 'https://trackdesk.example.com/?next=1'], '--public-url: The public URL must be http(s)://host[:port][/prefix] without user, query or fragment'],
    ];
    for (const [flags, message] of cases) {
      const { code, stderr } = await runCli([...flags, '--data-dir', tempDir()]);
      expect(code, stderr).toBe(2);
      expect(stderr).toContain(message);
    }
    const { stdout } = await runCli(['--help']);
    for (const flag of ['--trusted-proxy <list>', 'TRACKDESK_TRUSTED_PROXIES', '--public-url <url>', 'TRACKDESK_PUBLIC_URL']) expect(stdout).toContain(flag);
  }, 60_000);

  it('rejects a bad port with a hint and status 2', async () => {
    const { code, stderr } = await runCli(['--port', 'abc', '--data-dir', tempDir()]);
    expect(code).toBe(2);
    expect(stderr).toContain('--port');
  });

  it('prints one listening line with the real port, and a generated admin key once, in a 0600 file', async () => {
    const dataDir = tempDir();
    const service = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: '' });
    try {
      expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(service.url).not.toMatch(/:0$/);
      expect(service.stdout).toEqual([`Trackdesk service listening on ${service.url}`]);
      const keyFile = join(dataDir, 'admin-api-key');
      const key = readFileSync(keyFile, 'utf8').trim();
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(service.stderr()).toContain(key);
      expect((await workspacesWith(service.url, key)).status).toBe(200);
    } finally {
      service.child.kill('SIGINT');
      expect(await service.exited).toBe(0);
    }
    const again = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: '' });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.stderr()).toBe('');
  });

  it.each(testBackends())('creates, lists and revokes keys on %s, also while the service runs', async (backend) => {
    const dataDir = tempDir();
    const database = backend === 'postgres' ? ['--database', await freshPostgresDatabase()] : [];
    const service = await startChildServer(dataDir, { TRACKDESK_BOOTSTRAP_API_KEY: 'bootstrap-key-for-cli-test-0123456789' }, database);
    try {
      const created = await runCli(['keys', 'create', '--user', 'carol', '--data-dir', dataDir, ...database]);
      expect(created.code).toBe(0);
      const key = created.stdout.trim();
      expect(key).toMatch(/^[A-Za-z0-9]{40}$/);
      const listed = await runCli(['keys', 'list', '--data-dir', dataDir, ...database]);
      expect(listed.stdout).toContain(key.slice(0, 8));
      expect(listed.stdout).toContain('carol');
      expect(listed.stdout).not.toContain(key);
      const account = await fetch(`${service.url}/api/rest/v2/account-details`, { headers: { authorization: key } });
      expect(await account.json()).toEqual({ userName: 'carol', defaultWorkspaceName: 'carol' });

      const revoked = await runCli(['keys', 'revoke', key.slice(0, 8), '--data-dir', dataDir, ...database]);
      expect(revoked).toMatchObject({ code: 0, stdout: 'Revoked 1 key.\n' });
      expect((await workspacesWith(service.url, key)).status).toBe(401);
      expect((await workspacesWith(service.url, 'bootstrap-key-for-cli-test-0123456789')).status).toBe(200);
      const again = await runCli(['keys', 'revoke', key.slice(0, 8), '--data-dir', dataDir, ...database]);
      expect(again.code).toBe(1);
      expect((await runCli(['keys', 'create', '--data-dir', dataDir, ...database])).stderr).toContain('--user');
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });
});
