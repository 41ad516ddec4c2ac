import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Creates a user with a password through the service admin's endpoint and signs them in: their device key. */
async function signedIn(userName: string, extra: { defaultWorkspaceName?: string } = {}): Promise<{ key: string; defaultWorkspaceName: string }> {
  const password = `${userName}-password`;
  const created = await server.call('createUser', { body: { userName, password, ...extra } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const session = await server.call('signIn', { key: null, body: { userName, password, keyName: 'test' } });
  expect(session.status).toBe(200);
  return { key: session.body.apiKey, defaultWorkspaceName: created.body.defaultWorkspaceName };
}

describe("a new user's default workspace (issue 41)", () => {
  it('names the default workspace a new user got in the reply', async () => {
    const carol = await signedIn('carol');
    expect(carol.defaultWorkspaceName).toBe('carol');
    expect((await server.call('accountDetails', { key: carol.key })).body.defaultWorkspaceName).toBe('carol');
  });

  it('refuses to create a user whose name another user already holds as a workspace, unless told which workspace to give them', async () => {
    const mallory = await signedIn('mallory');
    expect((await server.call('createWorkspace', { key: mallory.key, body: { name: 'bob' } })).status).toBe(200);

    const refused = await server.call('createUser', { body: { userName: 'bob', password: 'bob-password' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 409, sdk_error_code: expect.any(Number), msg: expect.stringContaining('A workspace named "bob" already exists and is not this new user\'s: send "defaultWorkspaceName"') });
    expect((await server.call('listUsers', {})).body.users.map((user) => user.userName)).not.toContain('bob');

    const taken = await server.call('createUser', { body: { userName: 'bob', defaultWorkspaceName: 'mallory' } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('A workspace named "mallory" already exists: choose another defaultWorkspaceName.');

    const bob = await signedIn('bob', { defaultWorkspaceName: 'bob-home' });
    expect(bob.defaultWorkspaceName).toBe('bob-home');
    expect((await server.call('accountDetails', { key: bob.key })).body.defaultWorkspaceName).toBe('bob-home');
    const members = await server.call('listWorkspaceMembers', { key: bob.key, query: { workspaceName: 'bob-home' } });
    expect(members.body.members).toEqual([expect.objectContaining({ userName: 'bob', role: 'admin' })]);
    // The workspace named "bob" stays mallory's, and bob is no member of it.
    expect((await server.call('listWorkspaces', { key: bob.key })).body.workspaceNames).toEqual(['bob-home']);
  });
});
