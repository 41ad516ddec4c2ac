import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../support/child-server.ts';
import { callEndpoint, startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
const PASSWORD = 'nina-correct-horse';

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('createUser', { body: { userName: 'nina', password: PASSWORD } })).status).toBe(200);
});
afterAll(() => server.close());

const signIn = (userName: string, password: string, keyName = 'laptop') => server.call('signIn', { key: null, body: { userName, password, keyName } });

describe('sign-in and personal keys', () => {
  it('exchanges a user name and password for a named key of that user', async () => {
    const signedIn = await signIn('nina', PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ userName: 'nina', name: 'laptop', readOnly: false, prefix: signedIn.body.apiKey.slice(0, 8) });
    expect((await server.call('accountDetails', { key: signedIn.body.apiKey })).body.userName).toBe('nina');
    const { keys } = (await server.call('listMyKeys', { key: signedIn.body.apiKey })).body;
    expect(keys).toEqual([expect.objectContaining({ prefix: signedIn.body.prefix, name: 'laptop', current: true, revokedAt: null, lastUsedAt: expect.any(Number) })]);
  });

  it('answers an unknown user and a wrong password the same way, and a user without a password too', async () => {
    const wrong = await signIn('nina', 'not-her-password');
    const unknown = await signIn('nobody-at-all', 'whatever-password');
    const passwordless = await signIn('admin', 'whatever-password');
    for (const reply of [wrong, unknown, passwordless]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ msg: 'Wrong user name or password.', code: 401, sdk_error_code: 40100 });
    }
  });

  it('throttles failed sign-ins per client and user, even for the right password, with Retry-After-Custom', async () => {
    await server.call('createUser', { body: { userName: 'otto', password: PASSWORD } });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn('otto', `wrong-password-${attempt}`)).status).toBe(401);
    const throttled = await signIn('otto', PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toMatch(/^Too many failed sign-ins: try again in \d+ s\.$/);
    expect(Number(throttled.headers.get('retry-after-custom'))).toBeGreaterThan(50);
  });

  it('makes read-only keys that read and change nothing, and revokes a key at once', async () => {
    const { apiKey } = (await signIn('nina', PASSWORD, 'script host')).body;
    const readOnly = await server.call('createMyKey', { key: apiKey, body: { name: 'dashboard', readOnly: true } });
    expect(readOnly.body).toMatchObject({ name: 'dashboard', readOnly: true });
    const key = readOnly.body.apiKey;
    expect((await server.call('listProjects', { key, query: { workspaceName: 'nina' } })).status).toBe(200);
    const refused = await server.call('createProject', { key, body: { workspaceName: 'nina', projectName: 'p', projectDescription: '', isPublic: false } });
    expect(refused.body).toEqual({ msg: `The key ${readOnly.body.prefix}… of "nina" is read-only: E11 needs a key that may write.`, code: 403, sdk_error_code: 90210 });
    expect((await server.call('revokeMyKey', { key: apiKey, body: { prefix: readOnly.body.prefix } })).status).toBe(200);
    expect((await server.call('listProjects', { key, query: { workspaceName: 'nina' } })).status).toBe(401);
    expect((await server.call('revokeMyKey', { key: apiKey, body: { prefix: server.adminKey.slice(0, 8) } })).status).toBe(404);
  });

  it('tells a key who it acts for: the user, whether a service admin, and whether the key is read-only', async () => {
    const { apiKey, prefix } = (await signIn('nina', PASSWORD, 'desk')).body;
    const readOnly = (await server.call('createMyKey', { key: apiKey, body: { name: 'wall display', readOnly: true } })).body;
    expect((await server.call('whoAmI', { key: readOnly.apiKey })).body).toEqual({
      userName: 'nina',
      isServiceAdmin: false,
      key: { prefix: readOnly.prefix, name: 'wall display', readOnly: true },
    });
    expect((await server.call('whoAmI', { key: apiKey })).body).toEqual({ userName: 'nina', isServiceAdmin: false, key: { prefix, name: 'desk', readOnly: false } });
    expect((await server.call('whoAmI', {})).body).toMatchObject({ userName: 'admin', isServiceAdmin: true, key: { prefix: server.adminKey.slice(0, 8), readOnly: false } });
  });

  it('changes a password only with the current one', async () => {
    const { apiKey } = (await signIn('nina', PASSWORD)).body;
    const refused = await server.call('setMyPassword', { key: apiKey, body: { currentPassword: 'not-the-current', newPassword: 'nina-new-password' } });
    expect(refused.body).toMatchObject({ code: 403, msg: 'The current password is wrong: send it as currentPassword to set a new one.' });
    expect((await server.call('setMyPassword', { key: apiKey, body: { currentPassword: PASSWORD, newPassword: 'nina-new-password' } })).status).toBe(200);
    expect((await signIn('nina', 'nina-new-password')).status).toBe(200);
    expect((await server.call('updateUser', { body: { userName: 'nina', password: PASSWORD } })).body).toMatchObject({ userName: 'nina', hasPassword: true });
    expect((await signIn('nina', PASSWORD)).status).toBe(200);
  });
});

describe('users, for service admins', () => {
  it("disables a user: their keys stop at once and sign-in says so; enabling brings the keys back", async () => {
    const { apiKey } = (await signIn('nina', PASSWORD)).body;
    expect((await server.call('updateUser', { body: { userName: 'nina', disabled: true } })).body).toMatchObject({ disabled: true });
    expect((await server.call('accountDetails', { key: apiKey })).status).toBe(401);
    expect((await signIn('nina', PASSWORD)).body).toMatchObject({ code: 403, msg: 'User "nina" is disabled: ask a service admin.' });
    expect((await server.call('updateUser', { body: { userName: 'nina', disabled: false } })).body).toMatchObject({ disabled: false });
    expect((await server.call('accountDetails', { key: apiKey })).status).toBe(200);
  });

  it('keeps an active service admin, and lets only service admins manage users', async () => {
    expect((await server.call('updateUser', { body: { userName: 'admin', disabled: true } })).body).toMatchObject({
      code: 409,
      msg: '"admin" is the last active service admin: make another user a service admin first.',
    });
    const { apiKey } = (await signIn('nina', PASSWORD)).body;
    expect((await server.call('createUser', { key: apiKey, body: { userName: 'eve' } })).body).toMatchObject({
      code: 403,
      msg: 'User "nina" is not a service admin: ext.userCreate needs a service admin.',
    });
    expect((await server.call('updateUser', { body: { userName: 'nina', isServiceAdmin: true } })).body).toMatchObject({ isServiceAdmin: true });
    expect((await server.call('createUser', { key: apiKey, body: { userName: 'eve' } })).body).toMatchObject({ userName: 'eve', hasPassword: false });
    expect((await server.call('createUser', { key: apiKey, body: { userName: 'eve' } })).status).toBe(409);
    expect((await server.call('listUsers', { key: apiKey })).body.users.map((user) => user.userName)).toEqual(['admin', 'eve', 'nina', 'otto']);
  });

  it('records sign-in failures and user changes in the audit trail', async () => {
    const failed = await server.call('serviceAuditTrail', { query: { action: 'signIn.failed', limit: 1 } });
    expect(failed.body.events[0]).toMatchObject({ actorName: 'anonymous', target: 'otto', after: { address: '127.0.0.1' } });
    const updated = await server.call('serviceAuditTrail', { query: { action: 'user.updated', limit: 1 } });
    expect(updated.body.events[0]).toMatchObject({ actorName: 'admin', target: 'nina', before: { isServiceAdmin: false }, after: { isServiceAdmin: true } });
  });
});

describe('the bootstrap admin password', () => {
  it('is random, shown once and kept in admin-password (0600) unless TRACKDESK_BOOTSTRAP_PASSWORD names one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bootstrap-password-'));
    const child = await startChildServer(dataDir);
    try {
      const password = readFileSync(join(dataDir, 'admin-password'), 'utf8').trim();
      expect(statSync(join(dataDir, 'admin-password')).mode & 0o777).toBe(0o600);
      expect(child.stderr()).toContain(`Admin password (shown once, also in ${join(dataDir, 'admin-password')}): ${password}`);
      const signedIn = await callEndpoint(child.url, 'signIn', { key: null, body: { userName: 'admin', password, keyName: 'test' } });
      expect(signedIn.status).toBe(200);
    } finally {
      child.child.kill('SIGTERM');
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
